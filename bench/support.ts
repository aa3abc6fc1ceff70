/** What the benchmarks share: percentiles, the millisecond format, and their section of docs/benchmarks.md. */
import fs from "node:fs";
import path from "node:path";

/** The p-th percentile of an ascending list (nearest rank). */
export function pct(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;

/**
 * Writes the benchmark's section of docs/benchmarks.md ("## npm run bench:x", then `intro`, the output block
 * and the notes), replacing the previous one and leaving the other sections as they are.
 */
export function writeBenchSection(heading: string, intro: string, block: string, notes: string): void {
  const file = path.join(process.cwd(), "docs", "benchmarks.md");
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmarks\n";
  const section = `${heading}\n\n${intro}\n\n${block}\n\n${notes}\n`;
  const start = text.indexOf(heading);
  let out: string;
  if (start < 0) out = text.trimEnd() + "\n\n" + section;
  else {
    const next = text.indexOf("\n## ", start + heading.length);
    out = text.slice(0, start) + section + (next < 0 ? "" : "\n" + text.slice(next + 1));
  }
  fs.writeFileSync(file, out);
}
