/** What the benchmarks share: percentiles, the millisecond format, a grid list measured, and their section of docs/benchmarks.md. */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { openDatabase, type Database } from "@/db/client";
import type { TenantScope } from "@/db/scope";
import type { Grid } from "@/lib/grid/define";
import { listGrid } from "@/lib/grid/list";
import { from, pageQuery, queryGrid } from "@/lib/grid/query";
import { parseGridRequest } from "@/lib/grid/request";
import { queryTotals } from "@/lib/grid/totals";
import { p50p95 } from "./stats";

export { ms, p50p95, pct } from "./stats";

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

/**
 * A grid's list call as GET {url} runs it (listGrid: page + count and, with totals=1, the footer) beside its two
 * halves alone (the page, the totals), `runs` times after `warmup` rounds, the three rotated so no side always runs on
 * a warmer cache: p50/p95 of each and the last answer. BENCH_EXPLAIN=1 prints EXPLAIN ANALYZE of both halves first.
 */
export async function measureGridList<P extends Record<string, unknown>>(
  scope: TenantScope,
  grid: Grid<P>,
  params: Record<string, string>,
  { runs, warmup = 10, raw, label }: { runs: number; warmup?: number; raw: postgres.Sql; label: string },
) {
  const req = parseGridRequest(grid, params, scope);
  if (process.env.BENCH_EXPLAIN) {
    const fields = Object.fromEntries(grid.totals.map((t, i) => [`t${i}`, sql`${t.sql}`.as(`t${i}`)]));
    for (const [what, q] of [
      ["page", pageQuery(scope, grid, req, req.limit, req.startRow).toSQL()],
      ["totals", from(scope, grid, fields).where(...req.where).toSQL()],
    ] as const) {
      const plan = await raw.unsafe(`explain (analyze, buffers) ${q.sql}`, q.params as never[]);
      console.error(`\n--- ${label}: ${what}\n${plan.map((r) => r["QUERY PLAN"]).join("\n")}`);
    }
  }
  const runApi = () => listGrid(scope, grid, params);
  const runPage = () => queryGrid(scope, grid, req);
  const runTotals = () => queryTotals(scope, grid, req);
  for (let i = 0; i < warmup; i++) await Promise.all([runApi(), runPage(), runTotals()]);
  const times: Record<"api" | "page" | "totals", number[]> = { api: [], page: [], totals: [] };
  let last = await runApi();
  for (let i = 0; i < runs; i++) {
    const order = (["api", "page", "totals"] as const).map((_, k, all) => all[(k + i) % 3]!);
    for (const which of order) {
      const t = performance.now();
      if (which === "api") last = await runApi();
      else if (which === "page") await runPage();
      else await runTotals();
      times[which].push(performance.now() - t);
    }
  }
  return { last, api: p50p95(times.api), page: p50p95(times.page), totals: p50p95(times.totals) };
}
