/** What the benchmarks share: percentiles, the millisecond format, and their section of docs/benchmarks.md. */
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { openDatabase, type Database } from "@/db/client";

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
  // the heading as a whole line: "## npm run bench:documents" is also the start of "## npm run bench:documents-pdf"
  const match = new RegExp(`^${heading.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "m").exec(text);
  const start = match ? match.index : -1;
  let out: string;
  if (start < 0) out = text.trimEnd() + "\n\n" + section;
  else {
    const next = text.indexOf("\n## ", start + heading.length);
    out = text.slice(0, start) + section + (next < 0 ? "" : "\n" + text.slice(next + 1));
  }
  fs.writeFileSync(file, out);
}

/** The admin connection of the benchmarks (DATABASE_URL, default the local server's postgres database). */
export const ADMIN_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * A database of the benchmark's own on the server of ADMIN_URL, created anew and migrated (openDatabase), with
 * `raw`: a postgres-js pool on it with the app's connection settings (no named prepared statements), for the
 * raw-SQL comparisons. `drop()` closes both and drops the database.
 */
export async function createBenchDatabase(label = ""): Promise<{ database: Database; raw: postgres.Sql; url: string; drop: () => Promise<void> }> {
  const name = `gestionale_bench_${label ? `${label}_` : ""}${process.pid}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  // the same connection settings as db/client.ts (no named prepared statements)
  const raw = postgres(url.toString(), { max: 10, prepare: false, onnotice: () => {} });
  return {
    database,
    raw,
    url: url.toString(),
    drop: async () => {
      await raw.end({ timeout: 5 });
      await database.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
