/**
 * npm run bench:contacts — the Anagrafica on 100,000 contacts of one tenant (not a timed test).
 *
 * On a dedicated, freshly created PostgreSQL database (dropped at the end) of the server named by
 * DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres, the admin connection):
 *  - seeds 100,000 contacts for one tenant (three companies in four, the rest persons) and 50,000 for two
 *    other tenants beside them, with generate_series; VACUUM ANALYZE;
 *  - p50/p95 over ≥ 50 runs of listGrid (GET /api/contacts) for: the first page; the search by name (a word
 *    in 0.1% of the names), by a whole VAT number, by the start of one, by a word in 75% of the names;
 *    'Persone fisiche' + Clienti; and of the picker's get-filtered-list by name — each beside the raw SQL
 *    time of the same statements in the same run;
 *  - the import of a 10,000-row CSV and of a 10,000-row XLSX into that tenant (read + validate + one
 *    transaction), and the same CSV again with "update".
 * Prints a Markdown block and writes it into docs/benchmarks.md (section "## npm run bench:contacts").
 */
import os from "node:os";
import ExcelJS from "exceljs";
import { createTenantWithAdmin } from "@/db/queries/accounts";
import { commitContactImport } from "@/db/queries/contact-import";
import { contactEntity, contactsGrid } from "@/db/queries/contacts";
import { TenantScope } from "@/db/scope";
import { partitaIvaCheckDigit } from "@/lib/fiscal/identifiers";
import { readSpreadsheet } from "@/lib/import/read-spreadsheet";
import { listGrid } from "@/lib/grid/list";
import { cappedCountQuery, ESTIMATE_TRUSTED_FROM, estimateQuery, pageQuery } from "@/lib/grid/query";
import { parseGridRequest } from "@/lib/grid/request";
import { contactImportOptionsSchema } from "@/lib/schemas/contact-import";
import { createBenchDatabase, ms, pct, writeBenchSection } from "./support";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const OTHER_ROWS = Number(process.env.BENCH_OTHER_ROWS ?? 50_000);
const RUNS = Math.max(50, Number(process.env.BENCH_RUNS ?? 60));
const IMPORT_ROWS = 10_000;
const SEARCH_TARGET_MS = 20;
const IMPORT_TARGET_MS = 5000;

const CITIES = ["Bologna", "Milano", "Roma", "Torino", "Napoli", "Firenze", "Modena", "Parma", "Verona", "Bari"];

/** The rows of the import files: valid companies whose VAT numbers the seeded tenant does not have. */
function importRows(): string[][] {
  const rows: string[][] = [];
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const first10 = `${String(2_000_000 + i)}015`;
    rows.push([`Importata ${i} S.r.l.`, first10 + partitaIvaCheckDigit(first10), `Via Roma ${i}`, "20121", "Milano", "MI", `ordini${i}@importata.example.it`, `02 ${i}`, "Cliente"]);
  }
  return rows;
}
const IMPORT_HEADER = ["Ragione sociale", "Partita IVA", "Indirizzo", "CAP", "Città", "Provincia", "Email", "Telefono", "Cliente/Fornitore"];

async function main() {
  const started = new Date();
  const { database, raw, drop } = await createBenchDatabase("contacts");
  try {
    const db = database.db;
    const tenantIds: number[] = [];
    for (const n of ["Bench", "Altra A", "Altra B"]) {
      const { tenant } = await createTenantWithAdmin(db, { denomination: n, email: `${n.replace(" ", "").toLowerCase()}@bench-contacts.it`, firstName: "B", lastName: "B", password: "bench1234" });
      tenantIds.push(tenant.id);
    }
    const [tenantId, otherA, otherB] = tenantIds as [number, number, number];

    let t0 = performance.now();
    // one in four a person; names carry one of 1,000 pseudo-words (each in 0.1% of the rows); distinct VAT numbers with
    // scattered digits (consecutive ones would share most trigrams, which real VAT numbers do not)
    const seed = (tenant: number, from: number, to: number) =>
      raw.unsafe(
        `insert into contacts (tenant_id, kind, company_name, first_name, last_name, code, is_customer, is_supplier, vat_number, fiscal_code, address, postal_code, city, province, email, phone)
         select $1,
           case when g % 4 = 0 then 'PERSON' else 'COMPANY' end,
           case when g % 4 = 0 then '' else 'Ditta w' || substr(md5((g % 1000)::text), 1, 6) || ' ' || g || ' S.r.l.' end,
           case when g % 4 = 0 then 'Nome' || (g % 97) else '' end,
           case when g % 4 = 0 then 'Cognome w' || substr(md5((g % 1000)::text), 1, 6) || ' ' || g else '' end,
           'C' || lpad(g::text, 6, '0'),
           g % 5 <> 0,
           g % 5 = 0 or g % 7 = 0,
           case when g % 4 = 0 then '' else lpad(((g::bigint * 7919 + 1234567) % 10000000)::text, 7, '0') || lpad((1 + g % 100)::text, 3, '0') || (g % 10)::text end,
           case when g % 4 = 0 then 'CGNNMO80A01A944' || chr(65 + g % 26) else '' end,
           'Via Roma ' || (g % 300),
           '40121',
           (array[${CITIES.map((c) => `'${c}'`).join(",")}])[1 + g % ${CITIES.length}],
           'BO',
           'info' || g || '@ditta' || (g % 1000) || '.example.it',
           '051 ' || g
         from generate_series($2::int, $3::int) g`,
        [tenant, from, to],
      );
    const chunk = 25_000;
    for (let from = 1; from <= ROWS; from += chunk) {
      await seed(tenantId, from, Math.min(ROWS, from + chunk - 1));
      if (from <= OTHER_ROWS / 2) {
        await seed(otherA, from, Math.min(OTHER_ROWS / 2, from + chunk - 1));
        await seed(otherB, from, Math.min(OTHER_ROWS / 2, from + chunk - 1));
      }
    }
    const seedMs = performance.now() - t0;
    t0 = performance.now();
    await raw.unsafe("vacuum analyze contacts");
    const analyzeMs = performance.now() - t0;
    const word = "w" + (await raw.unsafe(`select substr(md5('421'), 1, 6) as w`))[0]!.w;
    // the VAT number the seed gave row 50,001 (seven scattered digits, an office code, a last digit)
    const g = 50_001;
    const vat = `${String((g * 7919 + 1234567) % 10_000_000).padStart(7, "0")}${String(1 + (g % 100)).padStart(3, "0")}${g % 10}`;

    const scope = new TenantScope(db, tenantId);
    const added = (p: Record<string, string>) => ({ addedParams: JSON.stringify(p) });
    const cases: { label: string; params: Record<string, string>; target: boolean }[] = [
      { label: "first page (50 rows, sorted by Denominazione; count: the planner estimate above 50,000 rows)", params: {}, target: false },
      { label: `search by name "${word}" (a word in 0.1% of the names, count)`, params: { search: word }, target: true },
      { label: `search by VAT number "${vat}" (one row, count)`, params: { search: vat }, target: true },
      { label: `search by the first 6 digits of a VAT number "${vat.slice(0, 6)}" (count)`, params: { search: vat.slice(0, 6) }, target: true },
      { label: 'search "ditta" (a word in 75% of the names, count)', params: { search: "ditta" }, target: false },
      { label: "'Persone fisiche' + Clienti, first page (count)", params: added({ typology: "PERSON", role: "CUSTOMER" }), target: false },
    ];

    const results: { label: string; api: [number, number]; raw: [number, number]; rows: number; count: number | null; exact: boolean; target: boolean }[] = [];
    const measure = async (label: string, target: boolean, runApi: () => Promise<{ rows: number; count: number | null; exact: boolean }>, runRaw: () => Promise<unknown>) => {
      for (let i = 0; i < 3; i++) {
        await runApi();
        await runRaw();
      }
      const apiTimes: number[] = [];
      const rawTimes: number[] = [];
      let last = { rows: 0, count: null as number | null, exact: true };
      for (let i = 0; i < RUNS; i++) {
        // alternate the order so neither side always runs on a warmer cache
        for (const which of i % 2 === 0 ? ["api", "raw"] : ["raw", "api"]) {
          const s = performance.now();
          if (which === "api") last = await runApi();
          else await runRaw();
          (which === "api" ? apiTimes : rawTimes).push(performance.now() - s);
        }
      }
      apiTimes.sort((x, y) => x - y);
      rawTimes.sort((x, y) => x - y);
      results.push({ label, api: [pct(apiTimes, 50), pct(apiTimes, 95)], raw: [pct(rawTimes, 50), pct(rawTimes, 95)], ...last, target });
      console.error(`${label}: api p50 ${ms(pct(apiTimes, 50))} p95 ${ms(pct(apiTimes, 95))}, raw p50 ${ms(pct(rawTimes, 50))} p95 ${ms(pct(rawTimes, 95))}`);
    };

    for (const c of cases) {
      const req = parseGridRequest(contactsGrid, c.params, scope);
      const page = pageQuery(scope, contactsGrid, req, req.limit, req.startRow).toSQL();
      const count = cappedCountQuery(scope, contactsGrid, req).toSQL();
      const estimate = estimateQuery(scope, contactsGrid, req).toSQL();
      const runCount = async () => {
        // as listGrid: the planner's estimate first, the capped count only when the estimate is not far above the cap
        const [plan] = await raw.unsafe(`explain (format json) ${estimate.sql}`, estimate.params as never[]);
        const json = plan!["QUERY PLAN"];
        const estimated = Number((typeof json === "string" ? JSON.parse(json) : json)[0].Plan["Plan Rows"]);
        if (estimated <= ESTIMATE_TRUSTED_FROM) await raw.unsafe(count.sql, count.params as never[]);
      };
      await measure(
        c.label,
        c.target,
        async () => {
          const r = await listGrid(scope, contactsGrid, c.params);
          return { rows: r.data.length, count: r.count, exact: r.countExact };
        },
        () => Promise.all([raw.unsafe(page.sql, page.params as never[]), runCount()]),
      );
    }

    // the picker (get-filtered-list): 100 options matching the query text, in name order
    const pickerRaw = async () =>
      raw.unsafe(
        `select * from contacts where tenant_id = $1 and (name ilike $2 or code ilike $3 or vat_number ilike $3) order by lower(name), id limit 100`,
        [tenantId, `%${word}%`, `${word}%`],
      );
    await measure(
      `picker (get-filtered-list) query "${word}"`,
      true,
      async () => {
        const r = await contactEntity.options(scope, { query: word });
        return { rows: r.length, count: null, exact: true };
      },
      pickerRaw,
    );

    // imports of 10,000 rows into the 100,000-contact tenant
    const rows = importRows();
    const csv = new TextEncoder().encode([IMPORT_HEADER, ...rows].map((r) => r.join(";")).join("\r\n"));
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Anagrafica");
    ws.addRow(IMPORT_HEADER);
    for (const r of rows) ws.addRow(r);
    const xlsx = new Uint8Array(await wb.xlsx.writeBuffer());
    const imports: { label: string; bytes: number; readMs: number; totalMs: number; result: string }[] = [];
    const runImport = async (label: string, bytes: Uint8Array, onExisting: "skip" | "update") => {
      const s = performance.now();
      const sheet = await readSpreadsheet(bytes);
      const readMs = performance.now() - s;
      const r = await commitContactImport(scope, sheet, contactImportOptionsSchema.parse({ onExisting }));
      const totalMs = performance.now() - s;
      imports.push({ label, bytes: bytes.byteLength, readMs, totalMs, result: `${r.created} created, ${r.updated} updated, ${r.skipped} skipped, ${r.refused} refused` });
      console.error(`${label}: ${ms(totalMs)} (read ${ms(readMs)})`);
    };
    await runImport("CSV, 10,000 new contacts", csv, "skip");
    await runImport('the same CSV again, onExisting "update" (10,000 matched by VAT number and updated)', csv, "update");
    await raw.unsafe(`delete from contacts where tenant_id = $1 and company_name like 'Importata %'`, [tenantId]);
    await runImport("XLSX, 10,000 new contacts", xlsx, "skip");

    const pgVersion = (await raw.unsafe("show server_version"))[0]!.server_version;
    const load = os.loadavg().map((n) => n.toFixed(1)).join(" / ");
    const lines = [
      `Run ${started.toISOString().replace("T", " ").slice(0, 19)} UTC · Node ${process.version} · PostgreSQL ${pgVersion} (local server) · ${os.cpus().length} cores · ${RUNS} runs per case · load average at the end ${load} (1/5/15 min; other work was running on the machine)`,
      "",
      `Data: ${ROWS.toLocaleString("en")} contacts of one tenant (3 companies in 4, names with one of 1,000 pseudo-words), ${OTHER_ROWS.toLocaleString("en")} of two other tenants beside them (seeded in ${(seedMs / 1000).toFixed(1)} s, VACUUM ANALYZE ${(analyzeMs / 1000).toFixed(1)} s). listGrid in-process as GET /api/contacts runs it (request parsing, SQL compile, page + count concurrently on the pool, row mapping); "raw" is the same SQL text sent by postgres-js in the same run.`,
      "",
      "| Call | rows / count | p50 | p95 | raw SQL p50 | raw SQL p95 | target |",
      "|---|---|---|---|---|---|---|",
      ...results.map(
        (r) =>
          `| ${r.label} | ${r.rows} / ${r.count === null ? "—" : (r.exact ? "" : "~") + r.count.toLocaleString("en")} | ${ms(r.api[0])} | ${ms(r.api[1])} | ${ms(r.raw[0])} | ${ms(r.raw[1])} | ${r.target ? `p95 < ${SEARCH_TARGET_MS} ms: ${r.api[1] < SEARCH_TARGET_MS ? "ok" : "MISSED"}` : "—"} |`,
      ),
      "",
      `| Import into the ${ROWS.toLocaleString("en")}-contact tenant | file | read | read + validate + commit | result | target |`,
      "|---|---|---|---|---|---|",
      ...imports.map(
        (i) => `| ${i.label} | ${(i.bytes / 1e6).toFixed(2)} MB | ${ms(i.readMs)} | ${(i.totalMs / 1000).toFixed(2)} s | ${i.result} | < 5 s: ${i.totalMs < IMPORT_TARGET_MS ? "ok" : "MISSED"} |`,
      ),
      "",
      "Indexes: those of drizzle/0011_contacts.sql and 0012: (tenant_id, lower(name), id) for the sort, one trigram GIN over name, code, vat_number, fiscal_code, email and city for the search, (tenant_id, kind, is_customer, is_supplier) for the Tipologia and Clienti / Fornitori counts, (tenant_id, vat_number) for the import's and the duplicate notice's look-ups.",
    ];
    const block = lines.join("\n");
    console.log(block);
    writeSection(block);
  } finally {
    await drop();
  }
}

/** Replaces the "## npm run bench:contacts" section of docs/benchmarks.md (other sections untouched). */
function writeSection(block: string) {
  const notes = [
    "Notes: the search is the grid's 'Ricerca' (every word ILIKE '%…%' in one of the six searchable columns), answered by the trigram index;",
    "a very common word is answered by walking the name index instead, and its count is the planner's estimate (shown with ~).",
    "The import reads the file, validates every row with the form's zod schema, looks the VAT numbers up in one query per 5,000,",
    "and writes in one transaction with batched statements (rows as one JSON recordset: TenantScope.insertMany / updateMany).",
  ].join("\n");
  writeBenchSection("## npm run bench:contacts", "Anagrafica (contacts) on PostgreSQL. Output of the last run:", block, notes);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
