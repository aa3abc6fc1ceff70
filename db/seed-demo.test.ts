/**
 * The demo tenant's year of business (issue 30, db/seed-documents.ts), seeded relative to a given day: issued invoices
 * in each of the last 12 months, each year's series numbered in date order; a credit note made from an invoice that
 * netted its deadline; proformas, one converted; purchases imported from FatturaPA files; deadlines paid, open and
 * overdue with interest; jobs in every state; the start page's figures not zero. The quotes tenant has quotes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "@/db/client";
import { activities, documentDeadlines, documents, expenses, timeEntries, users } from "@/db/schema";
import { listGrid } from "@/lib/grid/list";
import { todayInRome } from "@/lib/rome-time";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { createSeededDatabase } from "@/tests/support/server";
import { deadlinesGrid } from "./queries/deadlines";
import { homeData } from "./queries/home";
import { TenantScope } from "./scope";
import { DEMO_LOGIN, seedDemoTenant, VERDI_LOGIN } from "./seed";
import { dayOfMonthAgo } from "./seed-documents";

/** The 12 months (yyyy-MM) ending with today's. */
const lastTwelveMonths = (today: string) => Array.from({ length: 12 }, (_, i) => dayOfMonthAgo(today, 11 - i, 1).slice(0, 7));

async function issuedInvoices(scope: TenantScope) {
  return scope.list(documents, { where: and(eq(documents.kind, "INVOICE"), isNotNull(documents.number)) });
}

/** Each year's invoices numbered 1…n without gaps, and their dates in the order of their numbers. */
function expectNumberedInDateOrder(invoices: { year: number; number: number | null; date: string }[]) {
  const years = [...new Set(invoices.map((d) => d.year))];
  for (const year of years) {
    const series = invoices.filter((d) => d.year === year).sort((a, b) => a.number! - b.number!);
    expect(series.map((d) => d.number)).toEqual(series.map((_, i) => i + 1));
    expect(series.map((d) => d.date)).toEqual(series.map((d) => d.date).sort());
  }
}

const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

describe.each(kinds)("the demo's year of business, seeded as of today, on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let demo: TenantScope;
  let adminId: number;
  let verdi: TenantScope;
  const today = todayInRome();

  beforeAll(async () => {
    // a copy of the seeded template: seedDemoData as of today, the same database every test server starts from
    tdb = await createSeededDatabase(kind, "seeddemo");
    database = await tdb.open();
    const admin = async (username: string) => (await database.db.select().from(users).where(eq(users.username, username)))[0]!;
    const demoAdmin = await admin(DEMO_LOGIN.username);
    adminId = demoAdmin.id;
    demo = new TenantScope(database.db, demoAdmin.tenantId, { userId: adminId, roles: demoAdmin.roles });
    verdi = new TenantScope(database.db, (await admin(VERDI_LOGIN.username)).tenantId);
  }, 180_000);
  afterAll(async () => {
    await database.close();
    await tdb.drop();
  });

  it("issues invoices in each of the last 12 months, each year's numbers in date order, none after today", async () => {
    const invoices = await issuedInvoices(demo);
    const months = new Set(invoices.map((d) => d.date.slice(0, 7)));
    expect(lastTwelveMonths(today).filter((m) => !months.has(m))).toEqual([]);
    // and the year before, for the start page's comparison
    expect(lastTwelveMonths(dayOfMonthAgo(today, 12, 1)).filter((m) => !months.has(m))).toEqual([]);
    expect(invoices.every((d) => d.date <= today && Number(d.total) > 0)).toBe(true);
    expectNumberedInDateOrder(invoices.map((d) => ({ year: d.year, number: d.number, date: d.date })));
    // two finished jobs billed through Lavoro rows: the fixed-price job is marked invoiced
    const [mail] = await demo.list(activities, { where: eq(activities.name, "Migrazione server di posta") });
    expect(mail?.invoiced).toBe(true);
    expect(await demo.count(timeEntries, eq(timeEntries.invoiced, true))).toBeGreaterThan(0);
  });

  it("a credit note made from an invoice is issued and nets the invoice's open deadline", async () => {
    const [note] = await demo.list(documents, { where: eq(documents.kind, "CREDIT_NOTE") });
    expect(note).toMatchObject({ number: 1, documentType: "TD04" });
    expect(note!.sourceDocumentId).not.toBeNull();
    const invoice = await demo.getOrThrow(documents, note!.sourceDocumentId!);
    expect(Number(note!.netToPay)).toBeLessThan(Number(invoice.netToPay));
    const netted = await demo.list(documentDeadlines, { where: and(eq(documentDeadlines.documentId, invoice.id), eq(documentDeadlines.creditNoteId, note!.id)) });
    expect(netted.map((d) => [d.deadlineState, Number(d.amount)])).toEqual([["Stornato", Number(note!.netToPay)]]);
  });

  it("has proformas, one converted into a numbered invoice", async () => {
    const proformas = await demo.list(documents, { where: eq(documents.kind, "PROFORMA") });
    expect(proformas.length).toBe(3);
    expect(proformas.every((p) => p.number !== null)).toBe(true);
    const converted = proformas.filter((p) => p.convertedToId !== null);
    expect(converted).toHaveLength(1);
    const invoice = await demo.getOrThrow(documents, converted[0]!.convertedToId!);
    expect(invoice).toMatchObject({ kind: "INVOICE", sourceDocumentId: converted[0]!.id });
    expect(invoice.number).not.toBeNull();
  });

  it("has purchases imported from FatturaPA files, with their XML and TipoDocumento", async () => {
    const purchases = await demo.list(expenses);
    expect(purchases.length).toBeGreaterThanOrEqual(12);
    expect(purchases.every((e) => e.imported && e.documentType === "TD01" && e.xmlAttachmentId !== null)).toBe(true);
    // the commercialista's: cassa and ritenuta read from the file
    expect(purchases.some((e) => Number(e.withholdingTaxAmount) !== 0)).toBe(true);
  });

  it("has deadlines paid, open and overdue with late-payment interest", async () => {
    const list = async (addedParams: Record<string, string>) =>
      (await listGrid(demo, deadlinesGrid, new URLSearchParams({ startRow: "0", limit: "500", addedParams: JSON.stringify(addedParams) }))).data as Record<string, unknown>[];
    const paid = await list({ state: "Saldato" });
    expect(paid.some((d) => d.direction === "Da incassare")).toBe(true);
    expect(paid.some((d) => d.direction === "Da pagare")).toBe(true);
    const overdue = await list({ period: "overdue", direction: "IN" });
    expect(overdue.length).toBeGreaterThan(0);
    expect(overdue.some((d) => Number(d.interest) > 0)).toBe(true);
    const open = await list({ state: "Da saldare" });
    expect(open.some((d) => String(d.deadlineDate) >= today)).toBe(true);
    // paid invoices read 'Pagata'
    expect(await demo.count(documents, and(eq(documents.kind, "INVOICE"), eq(documents.state, "Pagata")))).toBeGreaterThan(5);
  });

  it("has jobs in every state and hours over the months", async () => {
    const jobs = await demo.list(activities);
    expect(new Set(jobs.map((j) => j.activityState))).toEqual(new Set(["Attivo", "Sospeso", "Concluso"]));
    expect(jobs.some((j) => j.finished)).toBe(true);
    const entries = await demo.list(timeEntries);
    expect(new Set(entries.map((e) => e.workDate.slice(0, 7))).size).toBeGreaterThanOrEqual(3);
  });

  it("the start page's figures and chart are not zero", async () => {
    const home = await homeData(demo, adminId, true);
    const money = home.money!;
    expect(money.months.find((m) => m.month === money.months[Number(today.slice(5, 7)) - 1]!.month)!.current).toBeGreaterThan(0);
    expect(money.invoicedThisYear).toBeGreaterThan(0);
    expect(money.invoicedLastYearToDate).toBeGreaterThan(0);
    expect(money.toCollect).toBeGreaterThan(0);
    expect(money.overdue).toBeGreaterThan(0);
    expect(money.toPayNext30).toBeGreaterThan(0);
    expect(home.todos.length).toBeGreaterThan(0);
    expect(home.recentJobs.length).toBeGreaterThan(0);
  });

  it("the quotes tenant has a quote in each state", async () => {
    const quotes = await verdi.list(documents, { where: eq(documents.kind, "QUOTE") });
    expect(new Set(quotes.map((q) => q.state))).toEqual(new Set(["Bozza", "Emessa", "Accettato", "Rifiutato"]));
    expect(quotes.filter((q) => q.state !== "Bozza").every((q) => q.number !== null && Number(q.total) > 0)).toBe(true);
  });

  it("seeding again adds nothing and pays nothing more", async () => {
    const before = [await demo.count(documents), await demo.count(expenses), await demo.count(documentDeadlines, eq(documentDeadlines.deadlineState, "Saldato"))];
    await seedDemoTenant(database.db);
    expect([await demo.count(documents), await demo.count(expenses), await demo.count(documentDeadlines, eq(documentDeadlines.deadlineState, "Saldato"))]).toEqual(before);
  }, 60_000);
});

describe("the demo's year of business, seeded as of a given day early in January", () => {
  let tdb: TestDatabase;
  let database: Database;
  const today = "2026-01-08";

  beforeAll(async () => {
    tdb = await createTestDatabase("pglite", "seeddemojan");
    database = await tdb.open();
    await seedDemoTenant(database.db, { today });
  }, 180_000);
  afterAll(async () => {
    await database.close();
    await tdb.drop();
  });

  it("spans the year change: February 2025 to January 2026 (and the year before), each year's series numbered from 1 in date order", async () => {
    const scope = new TenantScope(database.db, 1);
    const invoices = await issuedInvoices(scope);
    expect(lastTwelveMonths(today)[0]).toBe("2025-02");
    const months = new Set(invoices.map((d) => d.date.slice(0, 7)));
    expect(lastTwelveMonths(today).filter((m) => !months.has(m))).toEqual([]);
    expect(invoices.every((d) => d.date <= today)).toBe(true);
    expect(invoices.filter((d) => d.year === 2026).length).toBeGreaterThan(0);
    expectNumberedInDateOrder(invoices.map((d) => ({ year: d.year, number: d.number, date: d.date })));
    const paid = await scope.list(documentDeadlines, { where: eq(documentDeadlines.deadlineState, "Saldato") });
    expect(paid.length).toBeGreaterThan(0);
    expect(paid.every((d) => d.paymentDate! <= today)).toBe(true);
  });
});
