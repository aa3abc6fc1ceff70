/**
 * npm run bench:expense-import — 'Importa fatture elettroniche' of 1,000 received files (target < 10 s).
 *
 * On a dedicated, freshly created PostgreSQL database (dropped at the end) of the server named by DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres): one tenant with 40 of the 60 suppliers already in its
 * Anagrafica (10 of them as customers only, so the import makes them suppliers) and 20 to be created; 1,000
 * generated files (tests/fixtures/received-invoices.ts: buildFatturaPA, signed with a throw-away key): 600 plain
 * .xml, 250 .xml.p7m DER, 100 .p7m base64, 50 lotti of three bodies (1,100 bodies); a third without DatiPagamento
 * (deadlines from the supplier's modality), one in ten with an Allegato. The files are made before the clock starts.
 * Timed: importReceivedInvoices over the 1,000 files in one call (what one request of the route does: read +
 * XSD-validate each, suppliers and duplicates looked up once, one transaction per file), then the same 1,000
 * again (all duplicates). Prints a Markdown block and writes it into docs/benchmarks.md.
 */
import os from "node:os";
import { count, eq } from "drizzle-orm";
import { createTenantWithAdmin } from "@/db/queries/accounts";
import { contactEntity } from "@/db/queries/contacts";
import { importReceivedInvoices, type ImportFile } from "@/db/queries/expense-import";
import { paymentModalityEntity } from "@/db/queries/payment-modalities";
import { attachments, documentDeadlines, expenses } from "@/db/schema";
import { TenantScope } from "@/db/scope";
import { contactSchema } from "@/lib/schemas/contact";
import { paymentModalitySchema } from "@/lib/schemas/payment-modality";
import { BUYER_VAT, p7mBase64, p7mDer, partitaIva, receivedXml, utf8 } from "@/tests/fixtures/received-invoices";
import { createBenchDatabase, writeBenchSection } from "./support";

const FILES = Number(process.env.BENCH_FILES ?? 1000);
const TARGET_MS = 10_000;
const SUPPLIERS = 60;

async function main() {
  const started = new Date();
  const { database, drop } = await createBenchDatabase("eimport");
  try {
    const db = database.db;
    const { tenant, admin } = await createTenantWithAdmin(db, { denomination: "Bench Import", email: "bench@bench-import.it", firstName: "B", lastName: "B", password: "bench1234" });
    const scope = new TenantScope(db, tenant.id, { userId: admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT"] });
    // the files' CessionarioCommittente: only the tenant's own invoices are imported (issue 28)
    await scope.updateTenant(undefined, { vat: BUYER_VAT });
    const modality = await paymentModalityEntity.create(
      scope,
      paymentModalitySchema.parse({ name: "30/60 FM", paymentType: "MP05", paymentModalityRows: [{ paymentModalityExpirationType: "Fine mese", monthsAfter: 1, amountPercentage: "50" }, { paymentModalityExpirationType: "Fine mese", monthsAfter: 2, amountPercentage: "50" }] }),
    );
    const suppliers = Array.from({ length: SUPPLIERS }, (_, i) => ({ vatNumber: partitaIva(3_100_000 + i), companyName: `Fornitore ${i + 1} S.r.l.`, ...(i % 3 === 0 ? { email: `fornitore${i + 1}@pec.example.it` } : {}) }));
    for (const [i, s] of suppliers.slice(0, 40).entries()) {
      const customerOnly = i < 10;
      await contactEntity.create(scope, contactSchema.parse({ kind: "COMPANY", companyName: s.companyName, vatNumber: s.vatNumber, isCustomer: customerOnly, isSupplier: !customerOnly, supplierPaymentModality: { id: modality.id } }));
    }

    // the files, before the clock
    const t0 = performance.now();
    const files: ImportFile[] = [];
    const mix = { xml: 0, der: 0, b64: 0, lotti: 0 };
    for (let i = 0; i < FILES; i++) {
      const supplier = suppliers[i % SUPPLIERS]!;
      const month = String(1 + (i % 12)).padStart(2, "0");
      const xml = receivedXml({
        number: `${i + 1}/B`,
        date: `2026-${month}-${String(1 + (i % 28)).padStart(2, "0")}`,
        supplier,
        payment: i % 3 === 0 ? "none" : "deadlines",
        withholding: i % 4 === 0,
        ...(i % 10 === 5 ? { attachments: [{ name: `fattura-${i + 1}.pdf`, text: `%PDF-1.4 copia di cortesia ${i + 1}` }] } : {}),
        ...(i % 20 === 7 ? { lotto: [`${i + 1}/B-2`, `${i + 1}/B-3`] } : {}),
      });
      const name = `IT${supplier.vatNumber}_${String(i).padStart(5, "0")}`;
      if (i % 20 === 7) mix.lotti++;
      const slot = i % 20;
      if (slot < 5) {
        files.push({ name: `${name}.xml.p7m`, bytes: await p7mDer(xml) });
        mix.der++;
      } else if (slot === 10 || slot === 11) {
        files.push({ name: `${name}.xml.p7m`, bytes: await p7mBase64(xml) });
        mix.b64++;
      } else {
        files.push({ name: `${name}.xml`, bytes: utf8(xml) });
        mix.xml++;
      }
    }
    const makeMs = performance.now() - t0;
    const bytes = files.reduce((a, f) => a + f.bytes.byteLength, 0);

    const cpu0 = process.cpuUsage();
    const t1 = performance.now();
    const report = await importReceivedInvoices(scope, files);
    const importMs = performance.now() - t1;
    const cpu = process.cpuUsage(cpu0);
    const bodies = report.imported.length;
    if (report.refused.length) throw new Error(`file rifiutati: ${JSON.stringify(report.refused.slice(0, 3))}`);

    const t2 = performance.now();
    const again = await importReceivedInvoices(scope, files);
    const againMs = performance.now() - t2;
    if (again.imported.length) throw new Error("la seconda importazione doveva trovare solo duplicati");

    const [e] = await db.select({ n: count() }).from(expenses).where(eq(expenses.tenantId, tenant.id));
    const [d] = await db.select({ n: count() }).from(documentDeadlines).where(eq(documentDeadlines.tenantId, tenant.id));
    const [f] = await db.select({ n: count() }).from(attachments).where(eq(attachments.tenantId, tenant.id));

    const ok = (v: boolean) => (v ? "ok" : "**MISSED**");
    const block = [
      `Run ${started.toISOString().replace("T", " ").slice(0, 19)} UTC · Node ${process.version} · ${os.cpus()[0]?.model.split(" ").slice(0, 2).join(" ")} · ${os.cpus().length} cores · PostgreSQL (local server) · load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(" / ")} (1/5/15 min)`,
      "",
      "| Measure | Result | Target | |",
      "|---|---|---|---|",
      `| ${FILES.toLocaleString("en")} files (${mix.xml} .xml, ${mix.der} .p7m DER, ${mix.b64} .p7m base64; ${mix.lotti} lotti of 3), ${(bytes / 1024 / 1024).toFixed(1)} MB: importReceivedInvoices | ${(importMs / 1000).toFixed(2)} s (${(importMs / FILES).toFixed(2)} ms a file; CPU of this process ${((cpu.user + cpu.system) / 1000 / 1000).toFixed(2)} s) | < 10 s | ${ok(importMs < TARGET_MS)} |`,
      `| written | ${bodies.toLocaleString("en")} purchase invoices, ${Number(d?.n).toLocaleString("en")} deadlines, ${Number(f?.n).toLocaleString("en")} stored files; 20 suppliers created, 10 made suppliers | | |`,
      `| the same ${FILES.toLocaleString("en")} files again (all duplicates: read, looked up, nothing written) | ${(againMs / 1000).toFixed(2)} s, ${again.duplicates.length.toLocaleString("en")} duplicates | | |`,
      `| (making the files, not timed: build + sign) | ${(makeMs / 1000).toFixed(2)} s | | |`,
    ].join("\n");
    if (Number(e?.n) !== bodies) throw new Error(`spese: ${e?.n} invece di ${bodies}`);
    console.log(block);
    const notes = [
      "Notes: one call of the data-layer function over the 1,000 files, as one POST /api/expenses/import does after the",
      "upload (the HTTP transfer itself is not timed). Each file is read in the same process (envelope, DOCTYPE check,",
      "libxml2 XSD validation, extraction); suppliers and earlier imports are looked up once for all the files; a file",
      "whose supplier is new is written alone (contactEntity.create), the others 40 to a transaction in set-based",
      "statements (expenses, stored files' rows, chunks, file references, deadlines: one statement each), 3 groups at a",
      "time, each transaction under the tenant's import lock. Taken on the shared 2-core machine with the database on",
      "the same host, other work running: successive runs at load average 2-5 took 3.0-5.8 s, and ~8.8 s at load 10",
      "(the reading alone, ~2 s here, is this process's CPU: envelope, XSD; the second line is that part).",
    ].join("\n");
    writeBenchSection("## npm run bench:expense-import", "Import of received e-invoices (Fatture d'acquisto) on PostgreSQL. Output of the last run:", block, notes);
  } finally {
    await drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
