/**
 * npm run bench:grid — the server-paged grid on 1,000,000 rows (not a timed test).
 *
 * On a dedicated, freshly created PostgreSQL database (dropped at the end) of the server named by
 * DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres, the admin connection):
 *  - seeds 1,000,000 field_values rows for one tenant (one list, "bench") and 200,000 for two
 *    other tenants beside them, with generate_series; creates the search/date indexes; ANALYZE;
 *  - p50/p95 over ≥ 50 runs of listGrid for: the first page; a global text search; a created_at
 *    range plus a sort on the value; the page at startRow 500,000 — each beside the raw SQL time of
 *    the same statements (page + count, concurrently, as listGrid runs them) in the same run;
 *  - time and peak RSS of a 100,000-row export, CSV and XLSX.
 * Prints a Markdown block and writes it into docs/benchmarks.md (section "## npm run bench:grid").
 */
import os from "node:os";
import { createTenantWithAdmin } from "@/db/queries/accounts";
import { fieldValuesGrid } from "@/db/queries/field-values";
import { TenantScope } from "@/db/scope";
import { exportGridResponse } from "@/lib/grid/export";
import { listGrid } from "@/lib/grid/list";
import { cappedCountQuery, countQuery, ESTIMATE_TRUSTED_FROM, estimateQuery, pageQuery } from "@/lib/grid/query";
import { parseGridRequest } from "@/lib/grid/request";
import { createBenchDatabase, ms, pct, writeBenchSection } from "./support";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const OTHER_ROWS = Number(process.env.BENCH_OTHER_ROWS ?? 200_000);
const RUNS = Math.max(50, Number(process.env.BENCH_RUNS ?? 60));
const EXPORT_ROWS = 100_000;


async function main() {
  const started = new Date();
  const { database, raw, drop } = await createBenchDatabase();
  try {
    const db = database.db;
    const tenantIds: number[] = [];
    for (const n of ["Bench", "Altra A", "Altra B"]) {
      const { tenant } = await createTenantWithAdmin(db, { denomination: n, email: `${n.replace(" ", "").toLowerCase()}@bench.it`, firstName: "B", lastName: "B", password: "bench1234" });
      tenantIds.push(tenant.id);
    }
    const [tenantId, otherA, otherB] = tenantIds as [number, number, number];

    let t0 = performance.now();
    // value: "Cliente <n> <word>" with 1,000 pseudo-words (each in 0.1% of the rows); one row a minute back in time
    const seed = (tenant: number, from: number, to: number) =>
      raw.unsafe(
        `insert into field_values (tenant_id, field_name, field_value, created_at)
         select $1, 'bench', 'Cliente ' || g || ' ' || 'w' || substr(md5((g % 1000)::text), 1, 6), now() - g * interval '1 minute'
         from generate_series($2::int, $3::int) g`,
        [tenant, from, to],
      );
    // interleave the tenants' inserts so their rows sit side by side in the heap
    const chunk = 100_000;
    for (let from = 1; from <= ROWS; from += chunk) {
      await seed(tenantId, from, Math.min(ROWS, from + chunk - 1));
      if (from <= OTHER_ROWS / 2) {
        await seed(otherA, from, Math.min(OTHER_ROWS / 2, from + chunk - 1));
        await seed(otherB, from, Math.min(OTHER_ROWS / 2, from + chunk - 1));
      }
    }
    const seedMs = performance.now() - t0;
    t0 = performance.now();
    await raw.unsafe("vacuum analyze field_values");
    const indexMs = performance.now() - t0;
    const searchWord = "w" + (await raw.unsafe(`select substr(md5('421'), 1, 6) as w`))[0]!.w;

    const scope = new TenantScope(db, tenantId);
    const today = new Date();
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    const monthAgo = new Date(today.getTime() - 30 * 86_400_000);
    const firstId = Number((await raw.unsafe(`select min(id) as id from field_values where tenant_id = $1`, [tenantId]))[0]!.id);

    const cases: { label: string; params: Record<string, string> }[] = [
      { label: "first page (50 rows, default sort by value; count: the planner estimate above 50,000 rows, else exact up to 10,000)", params: { fieldName: "bench" } },
      { label: "first page with count=exact (1,000,000 counted)", params: { fieldName: "bench", count: "exact" } },
      { label: `global search "${searchWord}" (0.1% of the rows, count)`, params: { fieldName: "bench", search: searchWord } },
      {
        label: "created_at range of 30 days + sort by value desc (count)",
        params: {
          fieldName: "bench",
          filterModel: JSON.stringify({ createdAt: { filterType: "date", type: "inRange", dateFrom: iso(monthAgo), dateTo: iso(today) } }),
          sortModel: JSON.stringify([{ colId: "fieldValue", sort: "desc" }]),
        },
      },
      { label: "page at startRow 500,000 (count=0, as the client asks later blocks)", params: { fieldName: "bench", startRow: "500000", count: "0" } },
      { label: "page at startRow 500,000 with count", params: { fieldName: "bench", startRow: "500000" } },
    ];

    const results: { label: string; api: [number, number]; raw: [number, number]; rows: number; count: number | null; exact: boolean }[] = [];
    for (const c of cases) {
      const req = parseGridRequest(fieldValuesGrid, c.params, scope);
      const page = pageQuery(scope, fieldValuesGrid, req, req.limit, req.startRow).toSQL();
      const count = (req.countMode === "exact" ? countQuery(scope, fieldValuesGrid, req) : cappedCountQuery(scope, fieldValuesGrid, req)).toSQL();
      const estimate = estimateQuery(scope, fieldValuesGrid, req).toSQL();
      const runCount = async () => {
        if (req.countMode === "none") return;
        if (req.countMode === "exact") return raw.unsafe(count.sql, count.params as never[]);
        // as listGrid: the planner's estimate first, the capped count only when the estimate is not far above the cap
        const [plan] = await raw.unsafe(`explain (format json) ${estimate.sql}`, estimate.params as never[]);
        const json = plan!["QUERY PLAN"];
        const estimated = Number((typeof json === "string" ? JSON.parse(json) : json)[0].Plan["Plan Rows"]);
        if (estimated <= ESTIMATE_TRUSTED_FROM) await raw.unsafe(count.sql, count.params as never[]);
      };
      const runRaw = () => Promise.all([raw.unsafe(page.sql, page.params as never[]), runCount()]);
      // warm-up
      for (let i = 0; i < 3; i++) {
        await listGrid(scope, fieldValuesGrid, c.params);
        await runRaw();
      }
      const apiTimes: number[] = [];
      const rawTimes: number[] = [];
      let last: Awaited<ReturnType<typeof listGrid>> | undefined;
      for (let i = 0; i < RUNS; i++) {
        // alternate the order so neither side always runs on a warmer cache
        const order = i % 2 === 0 ? ["api", "raw"] : ["raw", "api"];
        for (const which of order) {
          const s = performance.now();
          if (which === "api") last = await listGrid(scope, fieldValuesGrid, c.params);
          else await runRaw();
          (which === "api" ? apiTimes : rawTimes).push(performance.now() - s);
        }
      }
      apiTimes.sort((x, y) => x - y);
      rawTimes.sort((x, y) => x - y);
      results.push({
        label: c.label,
        api: [pct(apiTimes, 50), pct(apiTimes, 95)],
        raw: [pct(rawTimes, 50), pct(rawTimes, 95)],
        rows: last!.data.length,
        count: last!.count,
        exact: last!.countExact,
      });
      console.error(`${c.label}: api p50 ${ms(pct(apiTimes, 50))} p95 ${ms(pct(apiTimes, 95))}, raw p50 ${ms(pct(rawTimes, 50))} p95 ${ms(pct(rawTimes, 95))}`);
    }

    // exports of 100,000 rows (ids of the first 100,000 rows of the tenant), all columns, sorted by value
    const exportResults: { format: string; ms: number; bytes: number; rssBase: number; rssPeak: number; heapPeak: number }[] = [];
    for (const format of ["csv", "xlsx"] as const) {
      (globalThis as { gc?: () => void }).gc?.();
      const rssBase = process.memoryUsage().rss;
      let rssPeak = rssBase;
      let heapPeak = process.memoryUsage().heapUsed;
      const sampler = setInterval(() => {
        const m = process.memoryUsage();
        rssPeak = Math.max(rssPeak, m.rss);
        heapPeak = Math.max(heapPeak, m.heapUsed);
      }, 5);
      const s = performance.now();
      const res = await exportGridResponse(scope, fieldValuesGrid, {
        fieldName: "bench",
        format,
        columns: "id,fieldValue,createdAt",
        filterModel: JSON.stringify({ id: { filterType: "number", type: "inRange", filter: String(firstId), filterTo: String(firstId + EXPORT_ROWS - 1) } }),
        sortModel: JSON.stringify([{ colId: "fieldValue", sort: "asc" }]),
      });
      const reader = res.body!.getReader();
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        const m = process.memoryUsage();
        rssPeak = Math.max(rssPeak, m.rss);
      }
      const elapsed = performance.now() - s;
      clearInterval(sampler);
      exportResults.push({ format, ms: elapsed, bytes, rssBase, rssPeak, heapPeak });
      console.error(`export ${format}: ${ms(elapsed)}, ${(bytes / 1e6).toFixed(1)} MB, RSS ${(rssBase / 1e6).toFixed(0)} → ${(rssPeak / 1e6).toFixed(0)} MB`);
    }

    const pgVersion = (await raw.unsafe("show server_version"))[0]!.server_version;
    const load = os.loadavg().map((n) => n.toFixed(1)).join(" / ");
    const mb = (n: number) => `${(n / 1_048_576).toFixed(0)} MB`;
    const lines = [
      `Run ${started.toISOString().replace("T", " ").slice(0, 19)} UTC · Node ${process.version} · PostgreSQL ${pgVersion} (local server) · ${os.cpus().length} cores · ${RUNS} runs per case · load average at the end ${load} (1/5/15 min; other work was running on the machine)`,
      "",
      `Data: ${ROWS.toLocaleString("en")} field_values rows of one tenant in one list, ${OTHER_ROWS.toLocaleString("en")} rows of two other tenants beside them (seeded in ${(seedMs / 1000).toFixed(1)} s, VACUUM ANALYZE ${(indexMs / 1000).toFixed(1)} s). listGrid in-process (request parsing, SQL compile, page + count concurrently on the pool, row mapping); "raw" is the same SQL text sent by postgres-js in the same run.`,
      "",
      "| List call | rows / count | listGrid p50 | listGrid p95 | raw SQL p50 | raw SQL p95 | overhead p50 | target |",
      "|---|---|---|---|---|---|---|---|",
      ...results.map((r, i) => {
        const target = [0, 2, 3].includes(i) ? (r.api[1] < 50 ? "p95 < 50 ms: ok" : "p95 < 50 ms: MISSED") : "—";
        const overhead = r.api[0] - r.raw[0];
        return `| ${r.label} | ${r.rows} / ${r.count === null ? "not asked" : (r.exact ? "" : "~") + r.count.toLocaleString("en")} | ${ms(r.api[0])} | ${ms(r.api[1])} | ${ms(r.raw[0])} | ${ms(r.raw[1])} | ${ms(overhead)} | ${target}; overhead ≤ 5 ms: ${overhead <= 5 ? "ok" : "MISSED"} |`;
      }),
      "",
      "| Export of 100,000 rows (3 columns, sorted by value) | time | size | RSS before → peak | target |",
      "|---|---|---|---|---|",
      ...exportResults.map(
        (e) =>
          `| ${e.format.toUpperCase()} (${e.format === "csv" ? "server cursor, ReadableStream" : "server cursor, exceljs WorkbookWriter"}) | ${(e.ms / 1000).toFixed(2)} s | ${(e.bytes / 1e6).toFixed(1)} MB | ${mb(e.rssBase)} → ${mb(e.rssPeak)} (+${mb(e.rssPeak - e.rssBase)}) | < 5 s: ${e.ms < 5000 ? "ok" : "MISSED"} |`,
      ),
      "",
      "Indexes: those of the migrations (drizzle/0003_pg_trgm.sql, drizzle/0004_field_values_search_indexes.sql): trigram GIN on the value, (tenant_id, field_name, field_value, id), (tenant_id, created_at).",
    ];
    const block = lines.join("\n");
    console.log(block);
    writeSection(block);
  } finally {
    await drop();
  }
}

/** Replaces the "## npm run bench:grid" section of docs/benchmarks.md (other sections untouched). */
function writeSection(block: string) {
  const notes = [
    "Notes: the list returns the planner's estimate when it is above 50,000 rows, otherwise counts exactly up to 10,000 rows (estimate beyond; countExact: false, shown with ~); PostgreSQL connections use no named prepared statements, so each query is planned with its parameters;",
    "the client grid paints the first block at once and asks `count=exact` in the background (the count=exact line shows that cost).",
    "Later blocks are asked with count=0. Deep pages pick their ids from the index first (`id in (select id … limit/offset)`).",
    "Compare each listGrid p95 with the raw SQL p95 of the same run: on a loaded machine the tails are the database's, not the API's.",
  ].join("\n");
  writeBenchSection("## npm run bench:grid", "Server-paged grid (lib/grid) on PostgreSQL. Output of the last run:", block, notes);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
