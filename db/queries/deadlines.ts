/**
 * Scadenziario (issue 12, ROLE_DOCUMENT): one server grid over document_deadlines, what we collect and what we pay.
 *
 * What it lists (decisions):
 * - 'Da incassare' (IN): the deadlines of numbered sales INVOICES. A Bozza is not due yet, and proformas and quotes
 *   are left out: a proforma converted into an invoice would count twice.
 * - 'Da pagare' (OUT): the deadlines of purchase invoices (expense_id set), with the supplier as counterpart; and those
 *   of numbered CREDIT NOTES: money we give back to the customer (the counterpart), so it is paid, not collected.
 * - A RECEIVED credit note (an expense whose TipoDocumento is TD04/TD08, issue 28) is the other way round: its
 *   deadlines, if it has any, are money the supplier owes back: 'Da incassare', in the footer's 'Da incassare' and
 *   'Saldo' (never 'Da pagare'), labelled 'Nota di credito ricevuta'. No late-payment interest or Sollecito on them
 *   (those are for our own invoices).
 * - A credit note made from an invoice nets it when issued (db/documents/credit-notes.ts): the invoice's open deadlines
 *   fall by the credit note's netto a pagare (latest first; the netted part 'Stornato') and the credit note's own
 *   deadlines for that same money are 'Stornato' too, so 'Da incassare' and 'Da pagare' each count it once, as
 *   nothing: only a refund (the credit note beyond what the invoice still had open) stays 'Da pagare'.
 * - The footer's totals (lib/grid/totals.ts) are the OPEN amounts of the filtered set: 'Da incassare' sums the IN
 *   deadlines still 'Da saldare', 'Da pagare' the OUT ones, 'Saldo' the difference. A deadline marked Saldato or
 *   Stornato leaves them (it is collected, paid or cancelled); each row shows its own share in those columns.
 * - 'Giorni di ritardo': days past the due date of a deadline still 'Da saldare' (today in Europe/Rome).
 * - 'Interessi di mora' (D.Lgs. 231/2002, lib/fiscal/late-payment-rates.ts): only on an overdue IN deadline still
 *   'Da saldare' whose customer is a business or a public administration (a company, anyone with a VAT number, or a
 *   PA); a private person is a consumer, outside the decree. Computed in SQL from the same half-year table as the
 *   TypeScript function (one exact sum, rounded half-up once), from the day after the due date to today.
 *
 * Transitions (setDeadlineState, one transaction, the owning document locked first):
 *   Da saldare → Saldato (payment date required, not after today) or Stornato; Saldato → Da saldare (the date is
 *   cleared); Stornato → Da saldare; anything else is refused (400, Italian). A stale version is a 409.
 *   A sales document (invoice or credit note) becomes 'Pagata' when none of its deadlines is 'Da saldare' and at
 *   least one is 'Saldato' (Stornato ones do not count against it: they are cancelled, as the invoices list's
 *   "Pagata" column reads it); when one of them is reopened it goes back to the state it had before 'Pagata' (the
 *   last history row that entered 'Pagata'; 'Emessa' when there is none). Each change of the document's state is
 *   written to document_state_logs in the same transaction. The invoice's own save refuses an issued document:
 *   these changes go through this module, never through invoiceEntity.update.
 *
 * Sollecito (sendReminder): an overdue IN deadline still 'Da saldare' of an invoice: the Italian template with the
 * amount, the days late and the interest, the invoice's PDF attached (the 'Scarica PDF' file), through the mailer;
 * logged in the document's history (a note, the state unchanged).
 */
import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { bankAccounts, bankMovementLinks, contacts, documentDeadlines, documents, documentStateLogs, expenses, type Document, type DocumentDeadline } from "@/db/schema";
import type { TenantScope } from "@/db/scope";
import { ApiError, BadRequestError, NotFoundError, StaleVersionError } from "@/lib/errors";
import { LATE_PAYMENT_MARGIN_BASIS_POINTS, LATE_PAYMENT_RATES, daysLate, lateInterestCents } from "@/lib/fiscal/late-payment-rates";
import { formatDate, formatEuro } from "@/lib/format";
import { defineGrid } from "@/lib/grid/define";
import { sendMail } from "@/lib/mail/mailer";
import { fillPlaceholders, textToHtml } from "@/lib/mail/text";
import { invoicePdfFilename } from "@/lib/pdf/invoice-pdf";
import { renderDocumentPdf } from "@/lib/pdf/pool";
import { todayInRome } from "@/lib/rome-time";
import {
  DEADLINE_MESSAGES,
  deadlineListParams,
  type DeadlineJson,
  type DeadlineListParams,
  type DeadlineStateInput,
  type ReminderFormData,
  type ReminderInput,
} from "@/lib/schemas/deadline";
import { RECEIVED_CREDIT_TYPES } from "@/lib/schemas/expense";
import { BANK_MESSAGES } from "@/lib/schemas/bank-movement";
import { paidDeadlineProblem, type DeadlineState, type DocumentState } from "@/lib/schemas/invoice";
import { settleDocument } from "@/db/documents/credit-notes";
import { getInvoicePdfData } from "@/db/documents/pdf";
import { assertAddressConfirmed } from "./email-confirmation";
import { policyOf, SCADENZIARIO_KINDS } from "@/lib/documents/policy";
import { kindNameSql } from "@/db/documents/label";

export const DEADLINES_ROLE = "ROLE_DOCUMENT" as const;

/** The same day in SQL (PostgreSQL's clock, Europe/Rome): the grid's fixed select list is compiled once per process. */
const TODAY = sql`((now() at time zone 'Europe/Rome')::date)`;

const dd = documentDeadlines;

/** The sales kinds the Scadenziario lists. */
const LISTED_KINDS = SCADENZIARIO_KINDS;

// The deadline's direction is kept on the row by triggers (db/schema/documents.ts, migration 0022): 'IN' for a
// numbered invoice's, 'OUT' for a purchase invoice's or a numbered credit note's, null for the rest. The count and
// the footer's totals read document_deadlines' own index, never one document per deadline (bench:deadlines).
/** Deadlines the Scadenziario lists: a purchase invoice's, or a numbered invoice's or credit note's. */
const listedSql = sql`(${dd.direction} is not null)`;
/**
 * A received credit note's deadline (TD04/TD08, issue 28): money the supplier owes back, so it is collected, never
 * paid. Read from the expense's TipoDocumento here, whichever direction the trigger wrote (a primary-key probe, only
 * for a purchase deadline: a sales deadline's is decided by its own column).
 */
const receivedCreditSql = sql`(${dd.expenseId} is not null and exists (select 1 from expenses rc where rc.tenant_id = ${dd.tenantId} and rc.id = ${dd.expenseId} and rc.document_type in (${sql.join(
  RECEIVED_CREDIT_TYPES.map((t) => sql.raw(`'${t}'`)),
  sql`, `,
)})))`;
/** Money to collect: a numbered sales invoice's deadline, or what a supplier's credit note gives back. */
export const incomingSql = sql`(${dd.direction} = 'IN' or (${dd.direction} = 'OUT' and ${receivedCreditSql}))`;
/** Money to pay: a purchase invoice's deadline, or a credit note's (a refund to the customer). */
export const outgoingSql = sql`(${dd.direction} = 'OUT' and not ${receivedCreditSql})`;

const directionSql = sql<string>`case when ${incomingSql} then 'Da incassare' else 'Da pagare' end`;
/**
 * The bank movement that paid the deadline (issue 32, db/queries/bank-movements.ts), { id, bookingDate, description,
 * amount } or null: a correlated subquery on the link's unique (tenant_id, deadline_id) index.
 */
export const deadlineBankMovementSql = sql<{ id: number; bookingDate: string; description: string; amount: number } | null>`(select json_build_object('id', m.id, 'bookingDate', to_char(m.booking_date, 'YYYY-MM-DD'), 'description', m.description, 'amount', m.amount)
  from bank_movement_links l join bank_movements m on m.tenant_id = l.tenant_id and m.id = l.movement_id
  where l.tenant_id = ${dd.tenantId} and l.deadline_id = ${dd.id})`;
const openSql = sql`${dd.deadlineState} = 'Da saldare'`;
const toCollectSql = sql<number>`case when ${incomingSql} and ${openSql} then ${dd.amount} else 0 end`;
const toPaySql = sql<number>`case when ${outgoingSql} and ${openSql} then ${dd.amount} else 0 end`;
const daysOverdueSql = sql<number>`case when ${openSql} and ${dd.deadlineDate} < ${TODAY} then ${TODAY} - ${dd.deadlineDate} else 0 end`;

/** A company, anyone with a VAT number, or a public administration: D.Lgs. 231/2002 applies. */
const businessSql = sql`(${contacts.kind} = 'COMPANY' or ${contacts.vatNumber} <> '' or ${contacts.publicAdministration})`;

/** The rate table as SQL rows (from, to, ECB + 8 in basis points); the last half-year runs on. */
const RATES_SQL = sql.raw(
  LATE_PAYMENT_RATES.map((r, i) => {
    const next = LATE_PAYMENT_RATES[i + 1];
    const to = next ? `('${next.from}'::date - 1)` : `'9999-12-31'::date`;
    return `('${r.from}'::date, ${to}, ${r.ecbBasisPoints + LATE_PAYMENT_MARGIN_BASIS_POINTS})`;
  }).join(", "),
);

/** Interest in cents, as lateInterestCents computes it: one exact sum over the half-years, rounded half-up once. */
const interestSql = sql<number>`case when ${dd.direction} = 'IN' and ${dd.documentId} is not null and ${openSql} and ${dd.deadlineDate} < ${TODAY} and ${businessSql} then
  (select round(coalesce(sum(${dd.amount}::numeric * r.bp * greatest(0, least(${TODAY}, r.t) - greatest(${dd.deadlineDate} + 1, r.f) + 1)), 0) / ${sql.raw(String(365 * 10_000))})::bigint
   from (values ${RATES_SQL}) as r(f, t, bp))
  else 0 end`;

const EXPENSE_WORD_SQL = sql`case when ${expenses.documentType} in (${sql.join(
  RECEIVED_CREDIT_TYPES.map((t) => sql.raw(`'${t}'`)),
  sql`, `,
)}) then 'Nota di credito ricevuta' else 'Fattura d''acquisto' end`;
/** 'Fattura 12/A del 05/03/2026', 'Nota di credito 3 del …', 'Fattura d'acquisto FT-88 del …', 'Nota di credito ricevuta NC-4 del …'. */
const documentLabelSql = sql<string>`case when ${dd.expenseId} is not null
  then ${EXPENSE_WORD_SQL} || ' ' || ${expenses.documentNumber} || ' del ' || to_char(${expenses.documentDate}, 'DD/MM/YYYY')
  else ${kindNameSql} || ' ' || coalesce(${documents.numberText}, '') || ' del ' || to_char(${documents.date}, 'DD/MM/YYYY') end`;
const documentKindSql = sql<string>`case when ${dd.expenseId} is not null then 'EXPENSE' else ${documents.kind} end`;

/** The period condition of the quick filters (today in Europe/Rome). */
function periodWhere(p: DeadlineListParams): SQL | undefined {
  switch (p.period) {
    case "overdue":
      return and(openSql, sql`${dd.deadlineDate} < ${TODAY}`);
    case "next7":
      return sql`${dd.deadlineDate} between ${TODAY} and ${TODAY} + 7`;
    case "next30":
      return sql`${dd.deadlineDate} between ${TODAY} and ${TODAY} + 30`;
    default:
      return undefined;
  }
}

/** GET /api/deadlines (addedParams { direction: IN | OUT, state, period: overdue | next7 | next30 | range, from, to }). */
export const deadlinesGrid = defineGrid<DeadlineListParams>({
  name: "deadlines",
  table: documentDeadlines,
  params: deadlineListParams,
  baseWhere: (p) =>
    and(
      listedSql,
      p.direction === "IN" ? incomingSql : p.direction === "OUT" ? outgoingSql : undefined,
      p.state ? eq(dd.deadlineState, p.state) : undefined,
      periodWhere(p),
      p.from ? sql`${dd.deadlineDate} >= ${p.from}` : undefined,
      p.to ? sql`${dd.deadlineDate} <= ${p.to}` : undefined,
    ),
  defaultSort: [{ colId: "deadlineDate", sort: "asc" }],
  exportFileName: "scadenziario",
  joins: [
    { table: documents, on: eq(dd.documentId, documents.id) },
    { table: expenses, on: eq(dd.expenseId, expenses.id) },
    { table: contacts, on: eq(dd.contactId, contacts.id) },
    { table: bankAccounts, on: eq(dd.bankAccountId, bankAccounts.id) },
  ],
  // at 1366×768 (the side menu open) every default column is in view, up to Giorni di ritardo and Interessi di mora:
  // Importo (the open part is under Da incassare or Da pagare), Data pagamento and Conto corrente are hidden, the
  // column chooser shows them; the phone card takes the counterpart, the amount and the state
  columns: [
    { field: "id", header: "Id", type: "integer", sql: dd.id, hidden: true, width: 80 },
    { field: "deadlineDate", header: "Data scadenza", type: "date", sql: dd.deadlineDate, fixed: true, width: 100 },
    { field: "contact", header: "Controparte", type: "entity", sql: dd.contactId, label: contacts.name, optionsUrl: "/api/contacts/get-filtered-list", searchable: true, width: 115, phone: "title" },
    { field: "document", header: "Documento", type: "text", sql: documentLabelSql, searchable: true, width: 112 },
    { field: "documentKind", header: "Tipo documento", type: "text", sql: documentKindSql, hidden: true, exportable: false, width: 100 },
    { field: "documentId", header: "Id documento", type: "integer", sql: sql<number>`coalesce(${dd.documentId}, ${dd.expenseId})`, hidden: true, exportable: false, width: 90 },
    { field: "direction", header: "Direzione", type: "text", sql: directionSql, width: 105 },
    { field: "amount", header: "Importo", type: "currency", sql: dd.amount, hidden: true, width: 105, phone: "amount" },
    // the footer's totals sit under these three (the open amounts: a Saldato or Stornato row shows 0)
    { field: "toCollect", header: "Da incassare", type: "currency", sql: toCollectSql, width: 95, phone: "none" },
    { field: "toPay", header: "Da pagare", type: "currency", sql: toPaySql, width: 88, phone: "none" },
    { field: "balance", header: "Saldo", type: "currency", sql: sql<number>`(${toCollectSql}) - (${toPaySql})`, width: 90, phone: "none" },
    { field: "deadlineState", header: "Stato", type: "text", sql: dd.deadlineState, width: 95, phone: "badge" },
    { field: "paymentDate", header: "Data pagamento", type: "date", sql: dd.paymentDate, hidden: true, width: 110 },
    { field: "daysOverdue", header: "Giorni di ritardo", type: "integer", sql: daysOverdueSql, width: 99 },
    { field: "interest", header: "Interessi di mora", type: "currency", sql: interestSql, sortable: false, filterable: false, width: 80 },
    { field: "bankAccount", header: "Conto corrente", type: "entity", sql: dd.bankAccountId, label: bankAccounts.bankName, optionsUrl: "/api/bank-accounts/get-filtered-list", hidden: true, width: 170 },
    { field: "description", header: "Descrizione", type: "text", sql: dd.description, hidden: true, searchable: true, width: 200 },
    { field: "bankMovement", header: "Movimento bancario", type: "object", sql: deadlineBankMovementSql, hidden: true, width: 160, phone: "none" },
  ],
  totals: ["toCollect", "toPay", "balance"],
});

// ---------------------------------------------------------------------------------------------
// Transitions

const ALLOWED: Record<DeadlineState, readonly DeadlineState[]> = {
  "Da saldare": ["Saldato", "Stornato"],
  Saldato: ["Da saldare"],
  Stornato: ["Da saldare"],
};

/** The deadline and, for a sales document's, its document; another tenant's, a Bozza's or a proforma's is a 404. */
async function listedDeadline(tx: TenantScope, id: number, lock: boolean): Promise<{ deadline: DocumentDeadline; doc: Document | null }> {
  const deadline = await tx.getOrThrow(documentDeadlines, id, DEADLINE_MESSAGES.notFound);
  if (deadline.documentId === null) return { deadline, doc: null };
  const doc = lock ? await tx.lockRow(documents, eq(documents.id, deadline.documentId)) : await tx.find(documents, deadline.documentId);
  if (!doc || !LISTED_KINDS.includes(doc.kind) || doc.number === null) throw new NotFoundError(DEADLINE_MESSAGES.notFound);
  return { deadline, doc };
}

async function logState(tx: TenantScope, documentId: number, before: DocumentState | null, after: DocumentState, note: string | null = null): Promise<void> {
  await tx.insert(documentStateLogs, { documentId, stateBefore: before, stateAfter: after, note, userId: tx.actor?.userId ?? null });
}

/** POST /api/deadlines/set-state/{id}: a transition of the deadline, and its document's 'Pagata'. */
export async function setDeadlineState(scope: TenantScope, id: number, input: DeadlineStateInput, today: string = todayInRome()): Promise<DeadlineJson> {
  return scope.transaction(async (tx) => {
    // the document first (FOR UPDATE): two deadlines of one invoice settled at once see each other's state
    const { deadline, doc } = await listedDeadline(tx, id, true);
    if (input.version !== undefined && input.version !== deadline.version) throw new StaleVersionError();
    const from = deadline.deadlineState;
    const to = input.deadlineState;
    if (from === to) throw new BadRequestError(DEADLINE_MESSAGES.sameState(to));
    if (!ALLOWED[from].includes(to)) throw new BadRequestError(DEADLINE_MESSAGES.transition(from, to));
    // a deadline a bank movement paid is reopened by undoing the match (Banca), which restores it exactly
    if (from === "Saldato" && (await tx.select({ id: bankMovementLinks.id }).from(bankMovementLinks).where(eq(bankMovementLinks.deadlineId, id)).limit(1)).length) {
      throw new BadRequestError(BANK_MESSAGES.linkedDeadline);
    }
    let paymentDate: string | null = null;
    if (to === "Saldato") {
      const problem = paidDeadlineProblem(input.paymentDate, today);
      if (problem) throw new BadRequestError(problem);
      paymentDate = input.paymentDate;
    }
    const row = await tx.update(documentDeadlines, id, deadline.version, { deadlineState: to, paymentDate });
    const documentState = doc ? await settleDocument(tx, doc, to) : null;
    return { id: row.id, version: row.version, deadlineState: row.deadlineState, paymentDate: row.paymentDate, amount: Number(row.amount), deadlineDate: row.deadlineDate, documentState };
  });
}

// ---------------------------------------------------------------------------------------------
// Sollecito

const snapshotText = (o: Record<string, unknown> | null | undefined, key: string): string => (o && typeof o[key] === "string" ? (o[key] as string) : "");

export const REMINDER_SUBJECT = "Sollecito di pagamento: fattura n. {numero} del {data}";
export const REMINDER_BODY = `Gentile {cliente},

dai nostri controlli non risulta ancora saldata la scadenza del {scadenza} di {importo} relativa alla fattura n. {numero} del {data}, scaduta da {giorni} giorni.
{interessi}
Vi preghiamo di provvedere al pagamento al più presto; se lo avete già effettuato, non considerate questo messaggio.

In allegato trovate copia della fattura.

Cordiali saluti
{azienda}`;

export const reminderInterestText = (interest: number) =>
  `\nAi sensi del D.Lgs. 231/2002, alla data odierna sono maturati interessi di mora per ${formatEuro(interest)} (tasso di riferimento BCE maggiorato di 8 punti percentuali).\n`;

interface ReminderContext {
  deadline: DocumentDeadline;
  doc: Document;
  customer: string;
  email: string;
  business: boolean;
  days: number;
  interest: number;
}

async function reminderContext(scope: TenantScope, id: number, today: string): Promise<ReminderContext> {
  const { deadline, doc } = await listedDeadline(scope, id, false);
  if (!doc || policyOf(doc.kind).deadlines !== "incoming") throw new BadRequestError(DEADLINE_MESSAGES.reminderOnlyIncoming);
  const days = daysLate(deadline.deadlineDate, today);
  if (deadline.deadlineState !== "Da saldare" || days === 0) throw new BadRequestError(DEADLINE_MESSAGES.reminderNotDue);
  const contact = await scope.find(contacts, deadline.contactId);
  const business = !!contact && (contact.kind === "COMPANY" || contact.vatNumber.trim() !== "" || contact.publicAdministration);
  const interest = business ? lateInterestCents(Number(deadline.amount), deadline.deadlineDate, today) : 0;
  return {
    deadline,
    doc,
    customer: snapshotText(doc.buyerSnapshot, "name") || contact?.name || "",
    email: contact?.email.trim() || contact?.pec.trim() || "",
    business,
    days,
    interest,
  };
}

/** GET /api/deadlines/send-reminder/{id}: the dialog prefilled from the template. */
export async function reminderFormData(scope: TenantScope, id: number, today: string = todayInRome()): Promise<ReminderFormData> {
  const c = await reminderContext(scope, id, today);
  const tenant = await scope.getTenant();
  const values = {
    "{cliente}": c.customer,
    "{numero}": c.doc.numberText ?? "",
    "{data}": formatDate(c.doc.date),
    "{scadenza}": formatDate(c.deadline.deadlineDate),
    "{importo}": formatEuro(Number(c.deadline.amount)),
    "{giorni}": String(c.days),
    "{interessi}": c.business && c.interest > 0 ? reminderInterestText(c.interest) : "",
    "{azienda}": tenant.denomination.trim(),
  };
  return {
    reminder: { email: c.email, cc: "", subject: fillPlaceholders(REMINDER_SUBJECT, values), body: fillPlaceholders(REMINDER_BODY, values).trim(), version: c.deadline.version },
    amount: Number(c.deadline.amount),
    daysLate: c.days,
    interest: c.interest,
    interestApplies: c.business,
  };
}

/** POST /api/deadlines/send-reminder/{id}: the reminder with the invoice's PDF, logged in the document's history. */
export async function sendReminder(scope: TenantScope, id: number, input: ReminderInput, today: string = todayInRome()): Promise<{ message: string }> {
  const c = await reminderContext(scope, id, today);
  if (input.version !== undefined && input.version !== c.deadline.version) throw new StaleVersionError();
  // an unconfirmed sign-up mails no customer (issue 29)
  await assertAddressConfirmed(scope, "mail");
  const pdfData = await getInvoicePdfData(scope, c.doc.id);
  const sent = await sendMail(scope.platform, {
    tenantId: scope.tenantId,
    to: input.email,
    cc: input.cc,
    subject: input.subject,
    text: input.body,
    html: textToHtml(input.body),
    attachments: [{ filename: invoicePdfFilename(pdfData), contentType: "application/pdf", content: await renderDocumentPdf(pdfData) }],
  });
  if (sent.error) throw new ApiError(502, `${DEADLINE_MESSAGES.reminderFailed}: ${sent.error}`);
  const current = await scope.getOrThrow(documents, c.doc.id, DEADLINE_MESSAGES.notFound);
  await logState(scope, c.doc.id, current.state, current.state, DEADLINE_MESSAGES.reminderHistory(input.email, formatDate(c.deadline.deadlineDate)));
  return { message: DEADLINE_MESSAGES.reminderSent };
}
