/**
 * A year of business of the demo tenant (issue 30), relative to the given day, so the demo never looks old:
 * - invoices in each of the last 12 months (two or three a month, a product, a service, a free row, two of the
 *   finished jobs billed through Lavoro rows) and one a month in the 12 before, created in date order so each year's
 *   series is numbered in order and passes the numbering-date check;
 * - proformas: one issued, one converted into the invoice of its month, one of this week still open;
 * - a credit note made from an invoice (one of its rows given back), issued: it nets the invoice's open deadline;
 * - purchases: received FatturaPA files built by lib/fiscal (buildFatturaPA) and imported as the user imports them
 *   (importReceivedInvoices: supplier, TipoDocumento, XML kept, deadlines from DatiPagamento);
 * - deadlines: those due more than a few weeks ago are paid (the Scadenziario's own transition, so invoices become
 *   'Pagata'), a few stay overdue (with late-payment interest: business customers), the recent ones are open.
 * Everything goes through the data layer (entity create/update, copy, set-state, import), so totals, numbers, XML
 * and deadlines are the application's own. The quotes tenant gets quotes in each state (seedQuotes).
 * Each part is skipped when the tenant already has documents (or purchases).
 */
import "server-only";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "./client";
import { convertDocument, createCreditNote } from "./documents/copy";
import { invoiceEntity } from "./documents/entity";
import { setDocumentState } from "./documents/set-state";
import { setDeadlineState } from "./queries/deadlines";
import { importReceivedInvoices, type ImportFile } from "./queries/expense-import";
import { TenantScope } from "./scope";
import { activities, contacts, documentDeadlines, documents, expenses, items, services, vatRates, type Contact, type Tenant, type User } from "./schema";
import { buildFatturaPA } from "@/lib/fiscal/xml-builder";
import type { DocumentRow, FiscalDocument, FiscalSettings } from "@/lib/fiscal/types";
import { invoiceSchema, type DocumentState } from "@/lib/schemas/invoice";
import { addDays } from "@/lib/fiscal/dates";

type RowSpec =
  | { product: string; quantity: string }
  | { service: string; quantity: string }
  | { job: string }
  | { text: string; quantity: string; amount: number };

/** The `day` of the month `monthsAgo` months before today's (the month's last day when shorter), never after today. */
export function dayOfMonthAgo(today: string, monthsAgo: number, day: number): string {
  const [y, m] = today.split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1 - monthsAgo, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const date = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(day, last))).toISOString().slice(0, 10);
  return date > today ? today : date;
}

/** Customers (SEED_CONTACTS codes) in turn, and the rows of the invoices in turn. */
const CUSTOMERS = ["C001", "C004", "C007", "C009", "C012", "C003", "C014", "C017", "F004", "C011", "C018", "C008", "P001", "C005", "C010", "P004"];
const ROWS: readonly RowSpec[][] = [
  [{ service: "Consulenza oraria", quantity: "8" }],
  [{ product: "Monitor 24 pollici", quantity: "2" }, { service: "Installazione software", quantity: "1" }],
  [{ service: "Canone assistenza annuale", quantity: "1" }],
  [{ text: "Sviluppo di un'estensione del gestionale", quantity: "1", amount: 135000 }, { service: "Consulenza oraria", quantity: "4" }],
  [{ product: "Toner stampante laser", quantity: "3" }, { product: "Risma carta A4 80 g", quantity: "10" }],
  [{ service: "Installazione software", quantity: "2" }, { text: "Configurazione delle postazioni di lavoro", quantity: "5", amount: 4500 }],
  [{ service: "Consulenza oraria", quantity: "12" }, { product: "Manuale tecnico", quantity: "2" }],
  [{ text: "Manutenzione straordinaria della rete", quantity: "1", amount: 62000 }],
];

/** The finished jobs billed through a Lavoro row, a couple of days after they were concluded (db/seed-activities.ts). */
const JOB_INVOICES = [
  { job: "Migrazione server di posta", customer: "C003", daysAgo: 50 },
  { job: "Configurazione rete e firewall", customer: "C006", daysAgo: 43 },
];

interface Lookup {
  tenant: Tenant;
  customers: Map<string, Contact>;
  vats: { id: number; rate: string; natura: string | null }[];
  products: Map<string, { id: number; description: string; amount: number; vatRateId: number | null }>;
  services: Map<string, { id: number; description: string; amount: number; vatRateId: number | null }>;
  jobs: Map<string, number>;
}

async function lookup(scope: TenantScope): Promise<Lookup> {
  const [tenant, all, vats, productRows, serviceRows, jobRows] = await Promise.all([
    scope.getTenant(),
    scope.list(contacts),
    scope.list(vatRates),
    scope.list(items),
    scope.list(services),
    scope.list(activities),
  ]);
  const catalogue = (rows: typeof productRows) => new Map(rows.map((r) => [r.name, { id: r.id, description: r.description || r.name, amount: Number(r.amount), vatRateId: r.vatRateId }]));
  return {
    tenant,
    customers: new Map(all.map((c) => [c.code, c])),
    vats: vats.map((v) => ({ id: v.id, rate: v.rate, natura: v.natura })),
    products: catalogue(productRows),
    services: catalogue(serviceRows),
    jobs: new Map(jobRows.map((j) => [j.name, j.id])),
  };
}

function rowsOf(l: Lookup, spec: readonly RowSpec[]) {
  const vat22 = l.vats.find((v) => v.rate === "22.00" && !v.natura)!;
  return spec.map((r) => {
    if ("job" in r) return { rowType: "LAVORO", activity: { id: l.jobs.get(r.job)! }, vat: { id: vat22.id } };
    if ("text" in r) return { rowType: "GENERICA", description: r.text, quantity: r.quantity, amount: r.amount, vat: { id: vat22.id } };
    const [rowType, entry, key] = "product" in r ? (["PRODOTTO", l.products.get(r.product), "item"] as const) : (["SERVIZIO", l.services.get(r.service), "service"] as const);
    if (!entry) throw new Error(`seed: ${"product" in r ? r.product : r.service} mancante`);
    return { rowType, [key]: { id: entry.id }, description: entry.description, quantity: r.quantity, amount: entry.amount, vat: { id: entry.vatRateId ?? vat22.id } };
  });
}

/** A customer's document as the form sends it: its payment modality and bank account, else the tenant's usual. */
function documentInput(l: Lookup, kind: "INVOICE" | "PROFORMA" | "QUOTE", code: string, date: string, state: DocumentState, rows: readonly RowSpec[], details = "") {
  const c = l.customers.get(code);
  if (!c) throw new Error(`seed: cliente ${code} mancante`);
  const modality = c.customerPaymentModalityId ?? l.tenant.paymentModalityId;
  return invoiceSchema.parse({
    kind,
    contact: { id: c.id },
    date,
    state,
    details,
    paymentModality: modality ? { id: modality } : null,
    bankAccount: c.customerBankAccountId ? { id: c.customerBankAccountId } : null,
    rows: rowsOf(l, rows),
  });
}

/** A Bozza made by a copy (conversion, credit note), dated and issued: the copy is dated the real today. */
async function issueCopy(scope: TenantScope, id: number, date: string, keepRows?: (i: number) => boolean) {
  const json = await invoiceEntity.get(scope, id);
  const rows = keepRows ? json.rows.filter((_, i) => keepRows(i)) : json.rows;
  return invoiceEntity.update(scope, id, invoiceSchema.parse({ ...json, date, state: "Emessa", rows, deadlines: [] }));
}

/** The demo tenant's documents, purchases and payments (see the header); `actor` the tenant's admin. */
export async function seedDemoDocuments(db: Db, tenantId: number, actor: User, today: string): Promise<void> {
  const scope = new TenantScope(db, tenantId, { userId: actor.id, roles: actor.roles });
  const [sales, purchases] = [(await scope.count(documents)) === 0, (await scope.count(expenses)) === 0];
  if (sales) await seedSales(scope, today);
  if (purchases) await seedPurchases(scope, today);
  // the payments of what was made now (a second run leaves the deadlines as they are)
  if (sales || purchases) await settleDeadlines(scope, today);
}

async function seedSales(scope: TenantScope, today: string): Promise<void> {
  const l = await lookup(scope);
  // proformas first (their own series, in date order): the second becomes the invoice of the month before
  const converted = dayOfMonthAgo(today, 1, 12);
  await invoiceEntity.create(scope, documentInput(l, "PROFORMA", "C008", dayOfMonthAgo(today, 3, 8), "Emessa", [{ text: "Acconto per il sito con prenotazione camere", quantity: "1", amount: 120000 }]));
  const proforma = await invoiceEntity.create(scope, documentInput(l, "PROFORMA", "C010", addDays(converted, -10), "Emessa", [{ service: "Canone assistenza annuale", quantity: "1" }, { service: "Corso di formazione", quantity: "1" }]));
  await invoiceEntity.create(scope, documentInput(l, "PROFORMA", "C012", addDays(today, -2), "Emessa", [{ service: "Consulenza oraria", quantity: "16" }]));

  // the invoices of the year, in date order
  type Planned = { date: string; make: () => Promise<unknown> };
  const plan: Planned[] = [];
  let n = 0;
  // the year before, one a month: the start page compares the year with the same period of the last one
  for (let monthsAgo = 23; monthsAgo >= 0; monthsAgo--) {
    for (const day of monthsAgo >= 12 ? [14] : monthsAgo % 3 === 0 ? [4, 17, 26] : [6, 21]) {
      const i = n++;
      const date = dayOfMonthAgo(today, monthsAgo, day);
      plan.push({ date, make: () => invoiceEntity.create(scope, documentInput(l, "INVOICE", CUSTOMERS[i % CUSTOMERS.length]!, date, "Emessa", ROWS[i % ROWS.length]!)) });
    }
  }
  for (const j of JOB_INVOICES) {
    const date = addDays(today, -j.daysAgo);
    plan.push({ date, make: () => invoiceEntity.create(scope, documentInput(l, "INVOICE", j.customer, date, "Emessa", [{ job: j.job }], `Lavoro concluso: ${j.job}`)) });
  }
  plan.push({ date: converted, make: async () => issueCopy(scope, (await convertDocument(scope, proforma.id, "INVOICE")).invoice.id, converted) });
  plan.sort((a, b) => a.date.localeCompare(b.date));
  for (const p of plan) await p.make();

  // 'Consegnata' for the invoices of the last weeks (delivered by SDI)
  const issued = await scope.list(documents, { where: and(eq(documents.kind, "INVOICE"), eq(documents.state, "Emessa")), orderBy: [asc(documents.date)] });
  for (const d of issued.filter((d) => d.date >= addDays(today, -40) && d.date < addDays(today, -3))) await setDocumentState(scope, d.id, "Consegnata");

  // a credit note of the first invoice of two months ago: its second row given back, netting the open deadline
  const [corrected] = await scope.list(documents, { where: and(eq(documents.kind, "INVOICE"), eq(documents.date, dayOfMonthAgo(today, 2, 6))), limit: 1 });
  if (corrected) {
    const note = await createCreditNote(scope, corrected.id);
    await issueCopy(scope, note.invoice.id, addDays(corrected.date, 12), (i) => i === 1 || note.invoice.rows.length === 1);
  }
}

/** The suppliers' invoices of the year, as FatturaPA files addressed to the tenant (SDI would deliver them). */
async function seedPurchases(scope: TenantScope, today: string): Promise<void> {
  const [tenant, suppliers] = await Promise.all([scope.getTenant(), scope.list(contacts, { where: eq(contacts.isSupplier, true) })]);
  const supplier = (code: string) => suppliers.find((s) => s.code === code);
  const plain: FiscalSettings = { regime: "RF01", issuerIsPerson: false, rivalsaInps: null, withholding: null };
  const bills: { code: string; monthsAgo: number; day: number; rows: DocumentRow[]; settings?: FiscalSettings; method?: "MP05" | "MP12" }[] = [];
  for (let m = 11; m >= 0; m--) bills.push({ code: "F003", monthsAgo: m, day: 3, rows: [{ description: "Canone fibra ottica business e linea voce", quantity: "1", unitPrice: "59.90", vatRate: "22" }] });
  for (let m = 10; m >= 0; m -= 2) bills.push({ code: "F002", monthsAgo: m, day: 9, rows: [{ description: "Fornitura di energia elettrica, bimestre", quantity: "1", unitPrice: String(180 + ((m * 37) % 90)) + ".40", vatRate: "22" }], method: "MP12" });
  for (let m = 9; m >= 0; m -= 3)
    bills.push({
      code: "F005",
      monthsAgo: m,
      day: 15,
      rows: [{ description: "Tenuta della contabilità e adempimenti fiscali del trimestre", quantity: "1", unitPrice: "650", vatRate: "22", subjectToWithholding: true }],
      settings: { regime: "RF01", issuerIsPerson: false, cassa: { type: "TC04", rate: "4" }, withholding: { rate: "20", causale: "A" } },
    });
  bills.push({ code: "F001", monthsAgo: 7, day: 11, rows: [{ description: "Carta per stampanti e cancelleria", quantity: "1", unitPrice: "184.50", vatRate: "22" }] });
  bills.push({ code: "F006", monthsAgo: 5, day: 2, rows: [{ description: "Noleggio auto aziendale a lungo termine, semestre", quantity: "6", unitPrice: "420", vatRate: "22" }] });
  bills.push({ code: "F007", monthsAgo: 1, day: 20, rows: [{ description: "Materiale per cablaggio di rete", quantity: "1", unitPrice: "96.80", vatRate: "22" }] });

  const files: ImportFile[] = [];
  for (const [i, b] of bills.entries()) {
    const s = supplier(b.code);
    if (!s) throw new Error(`seed: fornitore ${b.code} mancante`);
    const date = dayOfMonthAgo(today, b.monthsAgo, b.day);
    const doc: FiscalDocument = {
      tipoDocumento: "TD01",
      number: `${b.code === "F003" ? "FV" : b.code === "F002" ? "EP" : "FT"}${date.slice(0, 4)}-${String(100 + i).padStart(5, "0")}`,
      date,
      seller: { companyName: s.companyName || s.name, vatNumber: s.vatNumber, address: { street: s.address, cap: s.postalCode, city: s.city, province: s.province }, regime: "RF01", ...(s.email ? { email: s.email } : {}) },
      buyer: { kind: "business", companyName: tenant.denomination, vatNumber: tenant.vat, address: { street: tenant.address, cap: tenant.postalCode, city: tenant.city, province: tenant.province }, codiceDestinatario: "0000000" },
      settings: b.settings ?? plain,
      rows: b.rows,
      payment: { method: b.method ?? "MP05", iban: "IT60X0542811101000000123456", modalityRows: [{ expirationType: "Fine mese", paymentDay: 0, monthsAfter: 1, amountPercentage: "100" }] },
    };
    const built = buildFatturaPA(doc, { progressive: String(i + 1).padStart(5, "0") });
    files.push({ name: built.fileName, bytes: new TextEncoder().encode(built.xml) });
  }
  const report = await importReceivedInvoices(scope, files);
  if (report.refused.length) throw new Error(`seed: fatture d'acquisto rifiutate: ${JSON.stringify(report.refused)}`);
}

/**
 * Payments: an open deadline due more than three weeks ago is paid a few days after it fell due, except one of the
 * customers' in two (the overdue ones, with interest); the purchases' are paid on the day. The rest stay open.
 */
async function settleDeadlines(scope: TenantScope, today: string): Promise<void> {
  const open = await scope.list(documentDeadlines, {
    where: and(eq(documentDeadlines.deadlineState, "Da saldare"), isNotNull(documentDeadlines.direction)),
    orderBy: [asc(documentDeadlines.deadlineDate), asc(documentDeadlines.id)],
  });
  const overdueFrom = addDays(today, -75);
  const paidUntil = addDays(today, -21);
  let late = 0;
  for (const [i, d] of open.entries()) {
    if (d.deadlineDate >= paidUntil) continue;
    const sales = d.documentId !== null;
    if (sales && d.deadlineDate >= overdueFrom && late++ % 2 === 0) continue;
    const paid = sales ? addDays(d.deadlineDate, (i % 4) * 3) : d.deadlineDate;
    await setDeadlineState(scope, d.id, { deadlineState: "Saldato", paymentDate: paid > today ? today : paid, version: d.version }, today);
  }
}

/** The quotes tenant's Preventivi: one in each state, over the last weeks (skipped when it has documents). */
export async function seedQuotes(db: Db, tenantId: number, actor: User, today: string): Promise<void> {
  const scope = new TenantScope(db, tenantId, { userId: actor.id, roles: actor.roles });
  if ((await scope.count(documents)) > 0) return;
  const l = await lookup(scope);
  const quotes: [string, number, DocumentState, RowSpec[], string][] = [
    ["C003", 40, "Rifiutato", [{ text: "Rifacimento della copertura del capannone", quantity: "1", amount: 1850000 }], "Preventivo valido 30 giorni"],
    ["C008", 28, "Accettato", [{ text: "Ristrutturazione delle camere del primo piano", quantity: "12", amount: 420000 }, { text: "Smaltimento dei materiali di risulta", quantity: "1", amount: 95000 }], "Lavori da eseguire nella bassa stagione"],
    ["C010", 15, "Emessa", [{ text: "Nuovo porticato in legno lamellare", quantity: "1", amount: 2280000 }], "Preventivo valido 30 giorni"],
    ["C013", 6, "Emessa", [{ text: "Adeguamento dell'impianto elettrico del laboratorio", quantity: "1", amount: 760000 }, { text: "Certificazione di conformità", quantity: "1", amount: 35000 }], ""],
    ["C017", 1, "Bozza", [{ text: "Sostituzione della pavimentazione esterna", quantity: "85", amount: 6500 }], ""],
  ];
  for (const [code, daysAgo, state, rows, details] of quotes) await invoiceEntity.create(scope, documentInput(l, "QUOTE", code, addDays(today, -daysAgo), state, rows, details));
}
