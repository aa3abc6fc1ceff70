/**
 * npm run bench:bank — Banca (issue 32) on PostgreSQL: the import of 10,000 movements and the suggestions of 1,000
 * movements against 20,000 open deadlines (not a timed test).
 *
 * On a dedicated, freshly created database (dropped at the end) of the server named by DATABASE_URL:
 *  - one tenant with 2,000 customers and 500 suppliers; 7,500 issued invoices with two open deadlines each (15,000 to
 *    collect) and 2,500 purchase invoices with two each (5,000 to pay): 20,000 open deadlines; VACUUM ANALYZE;
 *  - the import (importStatements: parse + duplicate check + insert, one transaction) of a 10,000-movement camt.053,
 *    of a 10,000-row CSV into a second account, and of the same camt.053 again (all duplicates);
 *  - the suggestions of 1,000 imported movements (a third citing an invoice number with its amount, a third from a
 *    customer by name with the amount of one of its deadlines, a third unrelated): the open deadlines loaded once
 *    (one query), the learned IBANs (one query), the 1,000 movements read, and lib/bank/match.ts in memory;
 *  - one GET /api/bank-movements/suggestions/{id} (movementSuggestions: the same loads for one movement), p50/p95.
 * Prints a Markdown block and writes it into docs/benchmarks.md (section "## npm run bench:bank").
 */
import os from "node:os";
import { sql } from "drizzle-orm";
import { createTenantWithAdmin } from "@/db/queries/accounts";
import { importStatements, loadMatchIndex, movementSuggestions, suggestAll } from "@/db/queries/bank-movements";
import { bankAccounts, bankMovements } from "@/db/schema";
import { intIn, TenantScope } from "@/db/scope";
import { sampleMovements, writeCamt053, writeCsv } from "@/lib/bank/testing";
import type { ParsedMovement } from "@/lib/bank/types";
import { createBenchDatabase, ms, p50p95, writeBenchSection } from "./support";

const IMPORT_ROWS = 10_000;
const SUGGEST_ROWS = 1_000;
const INVOICES = 7_500;
const EXPENSES = 2_500;
const CUSTOMERS = 2_000;
const SUPPLIERS = 500;
const IMPORT_TARGET_MS = 5_000;
const SUGGEST_TARGET_MS = 2_000;
const RUNS = Math.max(10, Number(process.env.BENCH_RUNS ?? 30));
const IBAN = "IT60X0542811101000000123456";
const enc = (s: string) => new TextEncoder().encode(s);
const fmtInt = (n: number) => n.toLocaleString("en-US");

async function main() {
  const started = new Date();
  const load = os.loadavg()[0]!.toFixed(1);
  const { database, raw, url, drop } = await createBenchDatabase("bank");
  try {
    const { tenant, admin } = await createTenantWithAdmin(database.db, { denomination: "Bench Banca", email: `bench-bank-${process.pid}@example.it`, firstName: "B", lastName: "B", password: "abc12345" });
    const tenantId = tenant.id;
    const scope = new TenantScope(database.db, tenantId, { userId: admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] });
    const today = new Date().toISOString().slice(0, 10);

    let t0 = performance.now();
    await raw.unsafe(
      `insert into contacts (tenant_id, kind, company_name, is_customer, is_supplier, vat_number)
       select $1, 'COMPANY', 'Azienda ' || (array['Alfa','Beta','Gamma','Delta','Sigma','Omega','Zeta','Kappa'])[1 + g % 8] || ' ' || g || ' S.r.l.', g <= $2, g > $2, lpad(g::text, 11, '0')
       from generate_series(1, $2::int + $3::int) g`,
      [tenantId, CUSTOMERS, SUPPLIERS],
    );
    await raw.unsafe(
      `insert into documents (tenant_id, kind, document_type, number, number_text, year, date, state, contact_id, details, taxable, total_vat, total, net_to_pay)
       select $1, 'INVOICE', 'TD01', g, g::text || '/A', 2026, date '2026-01-01' + (g % 300), 'Emessa', c.ids[1 + g % $3::int], 'Documento ' || g,
         a.taxable, a.taxable * 22 / 100, a.taxable + a.taxable * 22 / 100, a.taxable + a.taxable * 22 / 100
       from generate_series(1, $2::int) g
       cross join (select array_agg(id order by id) ids from contacts where tenant_id = $1 and is_customer) c
       cross join lateral (select 10000 + (g::bigint * 7057) % 490000 as taxable) a`,
      [tenantId, INVOICES, CUSTOMERS],
    );
    await raw.unsafe(
      `insert into document_deadlines (tenant_id, document_id, contact_id, position, amount, deadline_date)
       select d.tenant_id, d.id, d.contact_id, p.n, case when p.n = 0 then d.net_to_pay / 2 else d.net_to_pay - d.net_to_pay / 2 end, d.date + 30 * (p.n + 1)
       from documents d cross join (values (0), (1)) p(n) where d.tenant_id = $1`,
      [tenantId],
    );
    await raw.unsafe(
      `insert into expenses (tenant_id, document_number, document_date, contact_id, taxable, total_vat)
       select $1, 'FA-' || g, date '2026-01-01' + (g % 300), s.ids[1 + g % $3::int], 10000 + (g * 3001) % 300000, 0
       from generate_series(1, $2::int) g cross join (select array_agg(id order by id) ids from contacts where tenant_id = $1 and is_supplier) s`,
      [tenantId, EXPENSES, SUPPLIERS],
    );
    await raw.unsafe(
      `insert into document_deadlines (tenant_id, expense_id, contact_id, position, amount, deadline_date)
       select e.tenant_id, e.id, e.contact_id, p.n, e.taxable / 2, e.document_date + 30 * (p.n + 1)
       from expenses e cross join (values (0), (1)) p(n) where e.tenant_id = $1`,
      [tenantId],
    );
    await raw.unsafe("vacuum analyze");
    const seedMs = performance.now() - t0;
    const [{ open }] = (await raw.unsafe(`select count(*)::int as open from document_deadlines where tenant_id = $1 and deadline_state = 'Da saldare' and direction is not null`, [tenantId])) as unknown as [{ open: number }];

    const camtAccount = await scope.insert(bankAccounts, { bankAccountType: "Conto bancario", bankName: "Banca Bench", iban: IBAN });
    const csvAccount = await scope.insert(bankAccounts, { bankAccountType: "Conto bancario", bankName: "Banca CSV", iban: "" });
    const movements = sampleMovements(IMPORT_ROWS, "2026-03-02");
    const camt = enc(writeCamt053({ iban: IBAN, movements }));
    const csv = enc(writeCsv({ movements }));

    t0 = performance.now();
    const camtResult = await importStatements(scope, camtAccount.id, [{ name: "estratto.xml", bytes: camt }], null, today);
    const camtMs = performance.now() - t0;
    t0 = performance.now();
    const csvResult = await importStatements(scope, csvAccount.id, [{ name: "movimenti.csv", bytes: csv }], null, today);
    const csvMs = performance.now() - t0;
    t0 = performance.now();
    const againResult = await importStatements(scope, camtAccount.id, [{ name: "estratto.xml", bytes: camt }], null, today);
    const againMs = performance.now() - t0;

    // 1,000 movements to match: a third citing an invoice number with its amount, a third from the customer (by name)
    // with the amount of one of its deadlines, a third unrelated
    const sample = (await raw.unsafe(
      `select d.amount::bigint as amount, doc.number_text, c.name from document_deadlines d join documents doc on doc.id = d.document_id join contacts c on c.id = d.contact_id
       where d.tenant_id = $1 and d.position = 0 order by d.id limit $2`,
      [tenantId, SUGGEST_ROWS],
    )) as unknown as { amount: string; number_text: string; name: string }[];
    const toMatch: ParsedMovement[] = sample.map((s, i) => ({
      bookingDate: "2026-06-01",
      valueDate: "2026-06-01",
      amount: i % 3 === 2 ? 777_00 + i : Number(s.amount),
      description: i % 3 === 0 ? `BONIFICO SALDO FATTURA N. ${s.number_text}` : i % 3 === 1 ? `BONIFICO A VOSTRO FAVORE` : `GIROCONTO ${i}`,
      counterpartyName: i % 3 === 1 ? s.name.toUpperCase() : null,
      counterpartyIban: null,
      reference: `MATCH-${i}`,
    }));
    await importStatements(scope, camtAccount.id, [{ name: "da-abbinare.xml", bytes: enc(writeCamt053({ iban: IBAN, movements: toMatch })) }], null, today);
    const ids = (await scope.select({ id: bankMovements.id }).from(bankMovements).where(sql`${bankMovements.reference} like 'MATCH-%'`).orderBy(bankMovements.id)).map((r) => r.id);

    const suggestRun = async () => {
      const t = performance.now();
      const index = await loadMatchIndex(scope);
      const rows = await scope
        .select({ id: bankMovements.id, amount: bankMovements.amount, description: bankMovements.description, counterpartyName: bankMovements.counterpartyName, counterpartyIban: bankMovements.counterpartyIban })
        .from(bankMovements)
        .where(intIn(bankMovements.id, ids));
      const result = suggestAll(index, rows);
      return { ms: performance.now() - t, result };
    };
    await suggestRun(); // warm-up
    const suggestTimes: number[] = [];
    let last: Awaited<ReturnType<typeof suggestRun>>["result"] = [];
    for (let i = 0; i < 5; i++) {
      const r = await suggestRun();
      suggestTimes.push(r.ms);
      last = r.result;
    }
    const byId = new Map(last.map((r) => [r.id, r.suggestions]));
    const ordered = ids.map((id) => byId.get(id) ?? []);
    const certainTop = ordered.filter((s, i) => i % 3 === 0 && s[0]?.certain).length;
    const counterpartyTop = ordered.filter((s, i) => i % 3 === 1 && (s[0]?.kind === "counterparty" || s[0]?.kind === "number")).length;
    const withAny = ordered.filter((s) => s.length > 0).length;

    const oneTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await movementSuggestions(scope, ids[(i * 37) % ids.length]!);
      oneTimes.push(performance.now() - t);
    }
    const [oneP50, oneP95] = p50p95(oneTimes);
    const [suggestP50] = p50p95(suggestTimes);
    const [{ total }] = (await raw.unsafe(`select count(*)::int as total from bank_movements where tenant_id = $1`, [tenantId])) as unknown as [{ total: number }];

    const ok = (v: number, target: number) => (v < target ? "ok" : "**over**");
    const lines = [
      `Run ${started.toISOString().slice(0, 19).replace("T", " ")} UTC · Node ${process.version} · ${os.cpus()[0]?.model.split(" ").slice(0, 2).join(" ") ?? "cpu"} × ${os.cpus().length} · load average before the run ${load}`,
      `Seed: ${fmtInt(CUSTOMERS)} customers, ${fmtInt(SUPPLIERS)} suppliers, ${fmtInt(INVOICES)} invoices and ${fmtInt(EXPENSES)} purchase invoices: ${fmtInt(open)} open deadlines (${ms(seedMs)}); ${fmtInt(total)} movements at the end.`,
      "",
      "| Measure | Result | Target | |",
      "|---|---|---|---|",
      `| import of a ${fmtInt(IMPORT_ROWS)}-movement camt.053 (${(camt.byteLength / 1024 / 1024).toFixed(1)} MB): parse, duplicates, insert | ${ms(camtMs)} (${fmtInt(camtResult.imported)} imported) | < ${fmtInt(IMPORT_TARGET_MS)} ms | ${ok(camtMs, IMPORT_TARGET_MS)} |`,
      `| import of a ${fmtInt(IMPORT_ROWS)}-row CSV (Italian amounts) | ${ms(csvMs)} (${fmtInt(csvResult.imported)} imported) | < ${fmtInt(IMPORT_TARGET_MS)} ms | ${ok(csvMs, IMPORT_TARGET_MS)} |`,
      `| the same camt.053 again (all duplicates) | ${ms(againMs)} (${fmtInt(againResult.duplicates)} duplicates) | < ${fmtInt(IMPORT_TARGET_MS)} ms | ${ok(againMs, IMPORT_TARGET_MS)} |`,
      `| suggestions of ${fmtInt(SUGGEST_ROWS)} movements against ${fmtInt(open)} open deadlines, in all (5 runs) | p50 ${ms(suggestP50)}, max ${ms(Math.max(...suggestTimes))} | < ${fmtInt(SUGGEST_TARGET_MS)} ms | ${ok(Math.max(...suggestTimes), SUGGEST_TARGET_MS)} |`,
      `| GET suggestions/{id} of one movement (${RUNS} runs) | p50 ${ms(oneP50)}, p95 ${ms(oneP95)} | — | |`,
      "",
      `Suggestions found: ${fmtInt(withAny)} of ${fmtInt(SUGGEST_ROWS)} movements have at least one; the number-and-amount third has the certain one on top in ${fmtInt(certainTop)} of ${fmtInt(Math.ceil(SUGGEST_ROWS / 3))}; the name-and-amount third a counterparty (or number) match on top in ${fmtInt(counterpartyTop)} of ${fmtInt(Math.floor(SUGGEST_ROWS / 3))}.`,
    ];
    const block = lines.join("\n");
    console.log(block);
    if (!process.env.BENCH_NO_WRITE) writeBenchSection("## npm run bench:bank", "Banca (issue 32) on PostgreSQL: statements imported and movements matched. Output of the last run:", block, NOTES);
  } finally {
    if (process.env.BENCH_KEEP) console.error(`BENCH_KEEP: database ${url} left in place`);
    else await drop();
  }
}

const NOTES = [
  "Notes. The import inserts each file's movements as one JSON recordset (TenantScope.insertManyNew: INSERT … SELECT FROM",
  "jsonb_to_recordset … ON CONFLICT DO NOTHING RETURNING id), so duplicates are decided by the two partial unique indexes of",
  "migration 0038 in the same statement (concurrent imports too), never by a lookup per movement. The suggestions load the",
  "open deadlines once (one query joining documents, expenses and contacts) and index them in memory by amount, document",
  "number and counterparty (lib/bank/match.ts): a movement costs a few map lookups, not a query. GET suggestions/{id} does",
  "the same loads for one movement, so its time is the load of the open deadlines.",
].join("\n");

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
