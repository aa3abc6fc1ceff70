/**
 * Report fatturazione (ReportInvoiceManager), by month of the period, in cents:
 * - invoiced: Σ total (ImportoTotaleDocumento) of the month's numbered invoices less its numbered credit notes; Bozze,
 *   proformas and quotes are left out (a converted proforma would count twice). invoicedPreviousYear: the same for the
 *   same month a year earlier (year on year).
 * - collected: Σ amount of the 'Saldato' deadlines of numbered invoices (the Scadenziario's 'Da incassare', direction
 *   IN) whose payment date falls in the month. A 'Stornato' deadline counts nowhere.
 * - toCollect: Σ amount of those deadlines still 'Da saldare' falling due in the month. A credit note made from an
 *   invoice has netted the invoice's open deadlines when it was issued (db/documents/credit-notes.ts): what it took back
 *   is 'Stornato' there, so toCollect is net of credit notes as invoiced is.
 * - purchases: Σ (taxable + VAT + the document-level discounts and rounding) of the purchase invoices dated in the
 *   month (withholdings are not a cost); a received credit note (TD04, TD08) is stored negative, so it is netted.
 * - vatDue: VAT of the invoices less the credit notes' less the purchases' VAT.
 * The customer filter holds each figure to that contact (for purchases: the supplier, a contact may be both).
 * tables[0]: the period's customers by invoiced, the first 20.
 */
import "server-only";
import { and, eq, or, sql } from "drizzle-orm";
import { contacts, documentDeadlines as dd, documents, expenses, issuedSalesOf, paidDeadlinesOf } from "@/db/schema";
import { intEq, type TenantScope } from "@/db/scope";
import { addYears, monthLabel, monthsOf, type ReportFilters, type ReportResult } from "@/lib/schemas/report";
import { between, groupedQuery, sumsByMonth } from "./common";
import { signedByKind } from "@/db/documents/grid";

const signed = signedByKind;
/**
 * Numbered invoices and credit notes (a numbered document has left Bozza), as the partial index
 * documents_tenant_report_idx declares them (one definition), so the planner reads the period from it alone (index-only).
 */
const issuedSales = issuedSalesOf(documents);
const salesIn = sql`${dd.direction} = 'IN'`;

const TOP_CUSTOMERS = 20;

export async function invoiceReport(scope: TenantScope, filters: ReportFilters): Promise<ReportResult> {
  const { from, to } = filters;
  const prevFrom = addYears(from, -1);
  const prevTo = addYears(to, -1);
  const customerId = filters.customer?.id;
  const onDocument = customerId ? intEq(documents.contactId, customerId) : undefined;
  const onDeadline = customerId ? intEq(dd.contactId, customerId) : undefined;
  // the period and the same period a year earlier: one range of the index, the gap between them (a period shorter
  // than a year) left out by the second condition
  const salesDays = and(between(documents.date, prevFrom, to), or(between(documents.date, from, to), between(documents.date, prevFrom, prevTo)));

  const [sales, collected, toCollect, purchases, customers] = await Promise.all([
    sumsByMonth(scope, documents.date, { invoiced: signed(documents.total), vat: signed(documents.totalVat) }, (s) =>
      s.from(documents).where(issuedSales, salesDays, onDocument),
    ),
    sumsByMonth(scope, dd.paymentDate, { amount: sql`${dd.amount}` }, (s) =>
      s.from(dd).where(paidDeadlinesOf(dd), salesIn, between(dd.paymentDate, from, to), onDeadline),
    ),
    sumsByMonth(scope, dd.deadlineDate, { amount: sql`${dd.amount}` }, (s) =>
      s.from(dd).where(sql`${dd.deadlineState} = 'Da saldare' and ${dd.direction} is not null`, salesIn, between(dd.deadlineDate, from, to), onDeadline),
    ),
    sumsByMonth(scope, expenses.documentDate, { amount: sql`${expenses.taxable} + ${expenses.totalVat} + ${expenses.documentAdjustment}`, vat: sql`${expenses.totalVat}` }, (s) =>
      s.from(expenses).where(between(expenses.documentDate, from, to), customerId ? intEq(expenses.contactId, customerId) : undefined),
    ),
    // the period's customers summed first, their names joined to the ~2,000 sums rather than to every document
    scope.wideRead((tx) => {
      const perCustomer = tx.subquery(
        groupedQuery(
          tx
            .select({
              contactId: sql<number>`${documents.contactId}`.as("contact_id"),
              documents: sql<number>`count(*)`.as("documents"),
              invoiced: sql<number>`sum(${signed(documents.total)})`.as("invoiced"),
              vat: sql<number>`sum(${signed(documents.totalVat)})`.as("vat"),
            })
            .from(documents)
            .where(issuedSales, between(documents.date, from, to), onDocument),
          1,
        ),
        "per_customer",
      );
      return tx
        .select({
          id: contacts.id,
          name: sql<string>`coalesce(${contacts.name}, '')`,
          documents: sql<number>`${perCustomer.documents}`.mapWith(Number),
          invoiced: sql<number>`${perCustomer.invoiced}::bigint`.mapWith(Number),
          vat: sql<number>`${perCustomer.vat}::bigint`.mapWith(Number),
        })
        .from(contacts)
        .innerJoin(perCustomer, eq(contacts.id, perCustomer.contactId))
        .where()
        .orderBy(sql`4 desc, 2`)
        .limit(TOP_CUSTOMERS);
    }),
  ]);

  const byMonth = <R extends { key: string }>(rows: R[]) => new Map(rows.map((r) => [r.key, r]));
  const s = byMonth(sales);
  const c = byMonth(collected);
  const t = byMonth(toCollect);
  const p = byMonth(purchases);
  const rows = monthsOf(from, to).map((month) => {
    const previous = `${Number(month.slice(0, 4)) - 1}${month.slice(4)}`;
    const vatDue = (s.get(month)?.vat ?? 0) - (p.get(month)?.vat ?? 0);
    return {
      month,
      label: monthLabel(month),
      invoiced: s.get(month)?.invoiced ?? 0,
      invoicedPreviousYear: s.get(previous)?.invoiced ?? 0,
      collected: c.get(month)?.amount ?? 0,
      toCollect: t.get(month)?.amount ?? 0,
      purchases: p.get(month)?.amount ?? 0,
      vatDue,
    };
  });
  const total = (key: keyof (typeof rows)[number]) => rows.reduce((sum, r) => sum + (r[key] as number), 0);
  const totals = {
    invoiced: total("invoiced"),
    invoicedPreviousYear: total("invoicedPreviousYear"),
    collected: total("collected"),
    toCollect: total("toCollect"),
    purchases: total("purchases"),
    vatDue: total("vatDue"),
    salesVat: sales.filter((r) => r.key >= from.slice(0, 7) && r.key <= to.slice(0, 7)).reduce((sum, r) => sum + r.vat, 0),
    purchasesVat: purchases.reduce((sum, r) => sum + r.vat, 0),
  };
  return {
    filters,
    series: rows,
    rows,
    totals,
    tables: [
      {
        title: "Clienti per fatturato",
        columns: [
          { field: "name", label: "Cliente", type: "text" },
          { field: "documents", label: "Documenti", type: "number" },
          { field: "invoiced", label: "Fatturato", type: "money" },
          { field: "vat", label: "IVA", type: "money" },
        ],
        rows: customers,
      },
    ],
  };
}

