/**
 * Fatture d'acquisto (spec §3 Purchase invoice, "expense"; ROLE_DOCUMENT): what a supplier billed us, typed by hand
 * here or imported from received FatturaPA files (the import's own module writes through this entity's table).
 *
 * Beyond the standard entity (db/entity.ts):
 * - Displayed total (decision, lib/schemas/expense.ts): taxable + totalVat + both withholding amounts, exactly as
 *   spec §3 sums them, with the withholdings SIGNED as they enter what is owed: a ritenuta the buyer keeps is a
 *   negative amount, so the total is the amount due to the supplier (netto a pagare), on which the deadlines are
 *   scheduled. The list's Totale is the same sum in SQL.
 * - Deadlines: rows of document_deadlines with expense_id (the Scadenziario reads sales and purchase deadlines from
 *   one table), written from the save's `deadlines` (replaceChildRows: ids kept, others inserted, left-out ones
 *   deleted); their contact is always the invoice's supplier. A save without `deadlines` gets them from the payment
 *   modality on the amount due (scheduleDeadlines), as POST /api/expenses/get-calculated-fields answers them.
 * - Allegati: attachments of kind "expense" (`files`). The received e-invoice (its XML and its signed original) are
 *   attachments of kind "expense_einvoice" referenced by xml_attachment_id / original_attachment_id, outside the
 *   Allegati list: a new upload replaces the stored one, `hasXmlInvoiceFile: false` removes it, and
 *   hasXmlInvoiceFile / hasOriginalInvoiceFile are true exactly when a file is referenced.
 * - Duplicate: a copy of the fields and deadlines (reset to 'Da saldare', no payment date), without files.
 */
import "server-only";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { checkRef, defineEntity, OPTIONS_PAGE, ref, replaceChildRows } from "@/db/entity";
import { attachments, bankAccounts, contacts, documentDeadlines, expenses, paymentModalities, type Expense } from "@/db/schema";
import type { TenantScope } from "@/db/scope";
import { BadRequestError, NotFoundError, ValidationError } from "@/lib/errors";
import { BANK_MESSAGES } from "@/lib/schemas/bank-movement";
import { defineGrid } from "@/lib/grid/define";
import { italianDate, todayInRome } from "@/lib/rome-time";
import { MAX_ATTACHMENT_BYTES } from "@/lib/schemas/attachment";
import { contactApi } from "@/lib/schemas/contact";
import {
  DEFAULT_DEADLINE_STATE,
  documentTypeLabel,
  EXPENSE_DEADLINE_STATES,
  EXPENSE_DOCUMENT_TYPES,
  EXPENSE_MESSAGES,
  expenseAmountDue,
  expenseApi,
  expenseResponse,
  expenseSchema,
  expenseTotal,
  isReceivedCredit,
  type CalculatedExpenseDeadline,
  type ExpenseCalculationInput,
  type ExpenseDeadlineInput,
  type ExpenseDeadlineJson,
  type ExpenseFormData,
  type ExpenseInput,
  type ExpenseJson,
} from "@/lib/schemas/expense";
import type { EntityRef } from "@/lib/schemas/fields";
import { readAttachment, type StagedFile, type StoredFile } from "./attachments";
import { bankAccountEntity, bankAccountToString } from "./bank-accounts";
import { contactEntity } from "./contacts";
import { deadlineRows, scheduleDeadlines } from "./deadline-schedule";
import { paymentModalityEntity } from "./payment-modalities";

export const EINVOICE_KIND = "expense_einvoice" as const;

/** '12/A del 05/03/2026' ('s.n.' without a number): the toString of selects, titles and the duplicate's message. */
export const expenseLabel = (e: Pick<Expense, "documentNumber" | "documentDate">) => `${e.documentNumber || "s.n."} del ${italianDate(e.documentDate)}`;

const deadlineOf = (state: string) =>
  sql`select 1 from ${documentDeadlines} where ${documentDeadlines.tenantId} = ${expenses.tenantId} and ${documentDeadlines.expenseId} = ${expenses.id} and ${documentDeadlines.deadlineState} = ${state}`;

/** Paid: at least one deadline Saldato and none left Da saldare (Stornato ones are settled otherwise). */
const paidSql = sql<boolean>`(exists (${deadlineOf("Saldato")}) and not exists (${deadlineOf("Da saldare")}))`;
/** The earliest deadline still to be paid. */
const nextDeadlineSql = sql<string | null>`(select min(${documentDeadlines.deadlineDate}) from ${documentDeadlines} where ${documentDeadlines.tenantId} = ${expenses.tenantId} and ${documentDeadlines.expenseId} = ${expenses.id} and ${documentDeadlines.deadlineState} = 'Da saldare')`;
const withholdingsSql = sql<number>`(${expenses.withholdingTaxAmount} + ${expenses.withholdingTaxAmountPlus})`;
const totalSql = sql<number>`(${expenses.taxable} + ${expenses.totalVat} + ${expenses.documentAdjustment} + ${expenses.withholdingTaxAmount} + ${expenses.withholdingTaxAmountPlus})`;
/** The TipoDocumento with its Italian label ('TD04 Nota di credito', documentTypeLabel); an unknown code as it is. */
const documentTypeLabelSql = sql<string>`(case ${expenses.documentType} ${sql.join(
  EXPENSE_DOCUMENT_TYPES.map((code) => sql.raw(`when '${code}' then '${documentTypeLabel(code).replaceAll("'", "''")}'`)),
  sql` `,
)} else ${expenses.documentType} end)`;

/** GET /api/expenses: the list with the totals of the filtered set in its footer. */
export const expensesGrid = defineGrid({
  name: "expenses",
  table: expenses,
  defaultSort: [
    { colId: "documentDate", sort: "desc" },
    { colId: "id", sort: "desc" },
  ],
  exportFileName: "fatture-acquisto",
  joins: [{ table: contacts, on: eq(expenses.contactId, contacts.id) }],
  // at 1366×768 (the side menu open) every default column is in view, Pagata and Prossima scadenza included: Ritenute is
  // hidden (its total too), the column chooser shows it; the phone card takes the supplier and the total
  columns: [
    { field: "id", header: "Id", type: "integer", sql: expenses.id, hidden: true, width: 80 },
    { field: "documentNumber", header: "Numero", type: "text", sql: expenses.documentNumber, searchable: true, fixed: true, width: 100 },
    { field: "documentDate", header: "Data", type: "date", sql: expenses.documentDate, width: 95 },
    // 'TD04 Nota di credito': the code with its label (lib/fiscal/codes.ts), so the column filter finds either
    { field: "documentType", header: "Tipo documento", type: "text", sql: documentTypeLabelSql, width: 160 },
    { field: "contact", header: "Fornitore", type: "entity", sql: expenses.contactId, label: contacts.name, optionsUrl: "/api/contacts/get-filtered-list?role=SUPPLIER", searchable: true, width: 185, phone: "title" },
    { field: "taxable", header: "Imponibile", type: "currency", sql: expenses.taxable, width: 105, phone: "none" },
    { field: "totalVat", header: "IVA", type: "currency", sql: expenses.totalVat, width: 95, phone: "none" },
    { field: "withholdings", header: "Ritenute", type: "currency", sql: withholdingsSql, hidden: true, width: 100 },
    { field: "total", header: "Totale", type: "currency", sql: totalSql, width: 110, phone: "amount" },
    { field: "paid", header: "Pagata", type: "boolean", sql: paidSql, width: 80 },
    { field: "nextDeadline", header: "Prossima scadenza", type: "date", sql: nextDeadlineSql, width: 105 },
    { field: "imported", header: "Importata", type: "boolean", sql: expenses.imported, hidden: true, width: 100 },
    { field: "details", header: "Dettagli", type: "text", sql: expenses.details, searchable: true, hidden: true, width: 240 },
    { field: "createdAt", header: "Data inserimento", type: "datetime", sql: expenses.createdAt, hidden: true, width: 160 },
  ],
  totals: ["taxable", "totalVat", "withholdings", "total"],
});

// ---------------------------------------------------------------------------------------------
// Deadlines (document_deadlines with expense_id)

const deadlinesDef = deadlineRows(documentDeadlines.expenseId);

async function deadlinesOf(scope: TenantScope, expenseId: number): Promise<ExpenseDeadlineJson[]> {
  const rows = await scope
    .select({
      d: documentDeadlines,
      bank: bankAccounts,
      contactName: contacts.name,
      // the bank movement that paid it (issue 32): the link's unique (tenant_id, deadline_id) index
      bankMovement: sql<{ id: number; bookingDate: string; description: string; amount: number } | null>`(select json_build_object('id', m.id, 'bookingDate', to_char(m.booking_date, 'YYYY-MM-DD'), 'description', m.description, 'amount', m.amount)
        from bank_movement_links l join bank_movements m on m.tenant_id = l.tenant_id and m.id = l.movement_id
        where l.tenant_id = ${documentDeadlines.tenantId} and l.deadline_id = ${documentDeadlines.id})`,
    })
    .from(documentDeadlines)
    .leftJoin(bankAccounts, eq(documentDeadlines.bankAccountId, bankAccounts.id))
    .leftJoin(contacts, eq(documentDeadlines.contactId, contacts.id))
    .where(eq(documentDeadlines.expenseId, expenseId))
    .orderBy(asc(documentDeadlines.position), asc(documentDeadlines.id));
  return rows.map(({ d, bank, contactName, bankMovement }) => ({
    id: d.id,
    contact: contactName !== null ? { id: d.contactId, toString: contactName } : null,
    amount: Number(d.amount),
    deadlineDate: d.deadlineDate,
    deadlineState: d.deadlineState,
    paymentDate: d.paymentDate,
    bankAccount: d.bankAccountId && bank ? { id: d.bankAccountId, toString: bankAccountToString(bank) } : null,
    description: d.description,
    version: d.version,
    bankMovement: bankMovement ? { ...bankMovement, amount: Number(bankMovement.amount) } : null,
  }));
}

/** The deadlines the payment modality gives `amount` from `date`, 'Da saldare', with the invoice's bank account. */
async function scheduled(scope: TenantScope, date: string, amount: number, paymentModalityId: number | null, bankAccount: EntityRef | null): Promise<Omit<ExpenseDeadlineInput, "contact">[]> {
  const rows = await scheduleDeadlines(scope, date, amount, paymentModalityId, EXPENSE_MESSAGES.paymentModalityUnknown);
  return rows.map((d) => ({ ...d, deadlineState: DEFAULT_DEADLINE_STATE, paymentDate: null, bankAccount: bankAccount ? { id: bankAccount.id, toString: undefined } : null, description: "" }));
}

// ---------------------------------------------------------------------------------------------
// The received e-invoice files (attachments of kind expense_einvoice)

/** Files of a save beside the Allegati: staged by the route (POST /api/expenses[/{id}]) before the save. */
export interface EinvoiceUploads {
  xml?: StagedFile;
  original?: StagedFile;
}

const uploads = new WeakMap<object, EinvoiceUploads>();

/** Gives the save of `input` its uploaded e-invoice files (the route calls it before expenseEntity.create/update). */
export function withEinvoiceFiles<T extends object>(input: T, files: EinvoiceUploads): T {
  if (files.xml || files.original) uploads.set(input, files);
  return input;
}

type EinvoiceSlot = { column: "xmlAttachmentId" | "originalAttachmentId"; upload: "xml" | "original"; keep: "hasXmlInvoiceFile" | "hasOriginalInvoiceFile" };
const SLOTS: EinvoiceSlot[] = [
  { column: "xmlAttachmentId", upload: "xml", keep: "hasXmlInvoiceFile" },
  { column: "originalAttachmentId", upload: "original", keep: "hasOriginalInvoiceFile" },
];

/** The two columns as the save leaves them: a new upload, the stored file, or nothing (removed). */
function einvoiceColumns(input: ExpenseInput, existing: Expense | undefined): Pick<Expense, "xmlAttachmentId" | "originalAttachmentId"> {
  const up = uploads.get(input) ?? {};
  const out = { xmlAttachmentId: null as number | null, originalAttachmentId: null as number | null };
  for (const s of SLOTS) {
    const staged = up[s.upload];
    if (staged) out[s.column] = staged.id;
    else if (input[s.keep] === false) out[s.column] = null;
    else out[s.column] = existing?.[s.column] ?? null;
  }
  return out;
}

/** After the row is written: the staged uploads become the expense's, the files they replace (or removed) go. */
async function settleEinvoiceFiles(tx: TenantScope, row: Expense, input: ExpenseInput, existing: Expense | undefined): Promise<void> {
  const up = uploads.get(input) ?? {};
  uploads.delete(input);
  for (const s of SLOTS) {
    const staged = up[s.upload];
    if (staged) {
      const linked = await tx.updateWhere(attachments, and(eq(attachments.id, staged.id), eq(attachments.ownerKind, EINVOICE_KIND), sql`${attachments.ownerId} is null`), { ownerId: row.id });
      if (linked.length !== 1) throw new ValidationError(["Il file della fattura elettronica non è stato ricevuto: caricalo di nuovo"]);
    }
    const before = existing?.[s.column] ?? null;
    if (before !== null && before !== row[s.column]) await tx.deleteWhere(attachments, and(eq(attachments.id, before), eq(attachments.ownerKind, EINVOICE_KIND)));
  }
}

/** The stored XML (or original) of the expense: 404 when it has none (or the expense is another tenant's). */
export async function einvoiceFile(scope: TenantScope, id: number, which: "xml" | "original"): Promise<StoredFile> {
  const row = await scope.getOrThrow(expenses, id, EXPENSE_MESSAGES.notFound);
  const fileId = which === "xml" ? row.xmlAttachmentId : row.originalAttachmentId;
  if (fileId === null) throw new NotFoundError(which === "xml" ? EXPENSE_MESSAGES.xmlNotFound : EXPENSE_MESSAGES.originalNotFound);
  return readAttachment(scope, { kind: EINVOICE_KIND, id }, fileId);
}

// ---------------------------------------------------------------------------------------------
// Save

const prepared = new WeakMap<object, (ExpenseDeadlineInput & { contactId: number })[]>();

/**
 * The amounts a save writes (issue 28): the document type (absent: kept; TD01 for a new one), the document-level
 * adjustment and the split-payment VAT (absent: kept, so an imported file's figures survive the form's edits), and a
 * credit from the supplier (TD04, TD08) signed NEGATIVE however it was typed (decision: the expenses keep amounts
 * signed as they enter what is owed, as the withholdings are, so every sum of expenses nets a credit): typed with a
 * positive document amount, all its figures are negated.
 */
export function savedAmounts(i: Pick<ExpenseInput, "documentType" | "taxable" | "totalVat" | "documentAdjustment" | "withholdingTaxPercentage" | "withholdingTaxPercentagePlus" | "splitPaymentVat">, existing: Expense | undefined) {
  const documentType = i.documentType ?? existing?.documentType ?? "TD01";
  const a = {
    taxable: i.taxable,
    totalVat: i.totalVat,
    documentAdjustment: i.documentAdjustment ?? Number(existing?.documentAdjustment ?? 0),
    withholdingTaxPercentage: i.withholdingTaxPercentage,
    withholdingTaxPercentagePlus: i.withholdingTaxPercentagePlus,
    splitPaymentVat: i.splitPaymentVat ?? Number(existing?.splitPaymentVat ?? 0),
  };
  const flip = isReceivedCredit(documentType) && a.taxable + a.totalVat + a.documentAdjustment > 0;
  const signed = flip ? (Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v === 0 ? 0 : -v])) as typeof a) : a;
  return { documentType, ...signed };
}

/** What the deadlines are scheduled on: the amount due (a credit's, unsigned: to collect from the supplier). */
const scheduledAmount = (a: ReturnType<typeof savedAmounts>) => (isReceivedCredit(a.documentType) ? -expenseAmountDue(a) : expenseAmountDue(a));

/**
 * A deadline a bank movement paid (Banca) stays as the match left it — there, with its amount, state and payment
 * date — until the match is undone in Banca, which restores it exactly (as the Scadenziario's own 'Da saldare' is
 * refused: db/queries/deadlines.ts). A save that drops or changes it is a 400 naming the way out; the others' fields
 * and the rest of the invoice stay editable.
 */
async function keepBankPaidDeadlines(tx: TenantScope, expenseId: number, given: ExpenseInput["deadlines"]): Promise<void> {
  // one read: the invoice's deadlines that a link names (the link's unique (tenant_id, deadline_id) index)
  const paid = await tx.list(documentDeadlines, {
    where: and(eq(documentDeadlines.expenseId, expenseId), sql`exists (select 1 from bank_movement_links l where l.tenant_id = ${documentDeadlines.tenantId} and l.deadline_id = ${documentDeadlines.id})`),
  });
  for (const d of paid) {
    const kept = given?.find((g) => g.id === d.id);
    if (!kept || kept.amount !== Number(d.amount) || kept.deadlineState !== d.deadlineState || (kept.paymentDate ?? null) !== d.paymentDate) throw new BadRequestError(BANK_MESSAGES.linkedDeadline);
  }
}

async function beforeWrite(tx: TenantScope, input: ExpenseInput, existing: Expense | undefined): Promise<Partial<typeof expenses.$inferInsert>> {
  if (existing) await keepBankPaidDeadlines(tx, existing.id, input.deadlines);
  // the references first, with their own messages (the declaration's refs are checked again after this hook)
  const contactId = (await checkRef(tx, contacts, input.contact, EXPENSE_MESSAGES.contactUnknown, eq(contacts.isSupplier, true)))!;
  const paymentModalityId = await checkRef(tx, paymentModalities, input.paymentModality, EXPENSE_MESSAGES.paymentModalityUnknown);
  await checkRef(tx, bankAccounts, input.bankAccount, EXPENSE_MESSAGES.bankAccountUnknown);
  for (const d of input.deadlines ?? []) await checkRef(tx, bankAccounts, d.bankAccount, EXPENSE_MESSAGES.deadlineBankAccountUnknown);
  const deadlines = input.deadlines ?? (await scheduled(tx, input.documentDate, scheduledAmount(savedAmounts(input, existing)), paymentModalityId, input.bankAccount ?? null));
  prepared.set(
    input,
    deadlines.map((d) => ({ ...d, contact: null, contactId })),
  );
  return einvoiceColumns(input, existing);
}

async function afterWrite(tx: TenantScope, row: Expense, input: ExpenseInput, existing: Expense | undefined): Promise<void> {
  const deadlines = prepared.get(input) ?? [];
  prepared.delete(input);
  // a new expense owns no rows yet: ids sent with a create are ignored
  await replaceChildRows(tx, deadlinesDef, row.id, existing ? deadlines : deadlines.map((d) => ({ ...d, id: undefined })));
  await settleEinvoiceFiles(tx, row, input, existing);
}

async function beforeDelete(tx: TenantScope, row: Expense): Promise<void> {
  // deadlines cascade with the expense; the e-invoice files are the expense's own attachments
  await tx.deleteWhere(attachments, and(eq(attachments.ownerKind, EINVOICE_KIND), eq(attachments.ownerId, row.id)));
}

/** Options of a table for the form's selects (the first page; ajax selects ask for more). */
const allOptions = (entity: typeof bankAccountEntity | typeof paymentModalityEntity, scope: TenantScope) => entity.options(scope, { limit: 1000 });

export const expenseEntity = defineEntity({
  api: expenseApi,
  role: "ROLE_DOCUMENT",
  table: expenses,
  input: expenseSchema,
  response: expenseResponse,
  grid: expensesGrid,
  label: expenseLabel,
  messages: { notFound: EXPENSE_MESSAGES.notFound, inUse: "La fattura di acquisto è collegata ad altri dati: non può essere eliminata" },
  refs: {
    contact: ref(expenses.contactId, contactEntity, EXPENSE_MESSAGES.contactUnknown, eq(contacts.isSupplier, true)),
    bankAccount: ref(expenses.bankAccountId, bankAccountEntity, EXPENSE_MESSAGES.bankAccountUnknown),
    paymentModality: ref(expenses.paymentModalityId, paymentModalityEntity, EXPENSE_MESSAGES.paymentModalityUnknown),
  },
  attachments: { kind: "expense", field: "files" },
  derived: async (scope, row) => ({ deadlines: await deadlinesOf(scope, row.id) }),
  values: (i, existing) => {
    const a = savedAmounts(i, existing);
    return {
      documentNumber: i.documentNumber,
      documentDate: i.documentDate,
      details: i.details,
      documentType: a.documentType,
      taxable: a.taxable,
      totalVat: a.totalVat,
      documentAdjustment: a.documentAdjustment,
      withholdingTaxAmount: a.withholdingTaxPercentage,
      withholdingTaxAmountPlus: a.withholdingTaxPercentagePlus,
      splitPaymentVat: a.splitPaymentVat,
      currency: i.currency,
    };
  },
  json: (e, { refs, derived }) => {
    const money = {
      taxable: Number(e.taxable),
      totalVat: Number(e.totalVat),
      documentAdjustment: Number(e.documentAdjustment),
      withholdingTaxPercentage: Number(e.withholdingTaxAmount),
      withholdingTaxPercentagePlus: Number(e.withholdingTaxAmountPlus),
    };
    return {
      id: e.id,
      version: e.version,
      documentNumber: e.documentNumber,
      documentDate: e.documentDate,
      contact: refs.contact!,
      bankAccount: refs.bankAccount ?? null,
      paymentModality: refs.paymentModality ?? null,
      details: e.details,
      ...money,
      total: expenseTotal(money),
      splitPaymentVat: Number(e.splitPaymentVat),
      amountDue: expenseAmountDue({ ...money, splitPaymentVat: Number(e.splitPaymentVat) }),
      currency: e.currency,
      documentType: e.documentType,
      signature: e.signature,
      supplierWarnings: e.supplierWarnings,
      deadlines: derived.deadlines as ExpenseDeadlineJson[],
      hasOriginalInvoiceFile: e.originalAttachmentId !== null,
      hasXmlInvoiceFile: e.xmlAttachmentId !== null,
      rowColor: e.rowColor,
      toString: expenseLabel(e),
    };
  },
  draft: () => ({
    documentNumber: "",
    documentDate: todayInRome(),
    contact: null,
    bankAccount: null,
    paymentModality: null,
    details: "",
    taxable: 0,
    totalVat: 0,
    withholdingTaxPercentage: 0,
    withholdingTaxPercentagePlus: 0,
    total: 0,
    currency: "EUR",
    documentType: "TD01",
    documentAdjustment: 0,
    splitPaymentVat: 0,
    amountDue: 0,
    signature: null,
    supplierWarnings: [],
    deadlines: [],
    hasOriginalInvoiceFile: false,
    hasXmlInvoiceFile: false,
  }),
  formData: async (scope): Promise<ExpenseFormData> => ({
    contacts: await contactEntity.options(scope, { limit: OPTIONS_PAGE }, eq(contacts.isSupplier, true)),
    bankAccounts: await allOptions(bankAccountEntity, scope),
    paymentModalities: await allOptions(paymentModalityEntity, scope),
    deadlineStates: EXPENSE_DEADLINE_STATES,
    files: { canUpload: true, canDelete: true, editable: true, maxBytes: MAX_ATTACHMENT_BYTES },
  }),
  selectable: {
    search: (t) => sql`${expenses.documentNumber} ilike ${t.startsWith}`,
    orderBy: [desc(expenses.documentDate), desc(expenses.id)],
  },
  hooks: { beforeWrite, afterWrite, beforeDelete },
  example: { documentNumber: "A/1", documentDate: "2026-03-02", taxable: 10000, totalVat: 2200, details: "Fattura di acquisto di prova" },
  exampleRefs: { contact: { example: { ...contactEntity.example, isSupplier: true }, api: contactApi } },
});

/**
 * POST /api/expenses/get-calculated-fields: the deadlines the payment modality gives the amount due (the displayed
 * total) from the document date, each with the invoice's bank account and supplier, for the form to replace its
 * own. Nothing is saved; the references are checked like a save's (another tenant's: 400).
 */
export async function expenseCalculatedFields(scope: TenantScope, input: ExpenseCalculationInput): Promise<{ deadlines: CalculatedExpenseDeadline[]; total: number }> {
  const contactId = await checkRef(scope, contacts, input.contact, EXPENSE_MESSAGES.contactUnknown, eq(contacts.isSupplier, true));
  const paymentModalityId = await checkRef(scope, paymentModalities, input.paymentModality, EXPENSE_MESSAGES.paymentModalityUnknown);
  await checkRef(scope, bankAccounts, input.bankAccount, EXPENSE_MESSAGES.bankAccountUnknown);
  const total = expenseTotal(input);
  if (!input.documentDate) return { deadlines: [], total };
  const due = expenseAmountDue(input);
  const bankAccount = await bankAccountEntity.optionOf(scope, input.bankAccount?.id ?? null);
  const contact = await contactEntity.optionOf(scope, contactId);
  // a credit's deadlines are what the supplier gives back (unsigned)
  const rows = await scheduled(scope, input.documentDate, isReceivedCredit(input.documentType) ? Math.abs(due) : due, paymentModalityId, null);
  return { total, deadlines: rows.map((d) => ({ contact, amount: d.amount, deadlineDate: d.deadlineDate, deadlineState: DEFAULT_DEADLINE_STATE, paymentDate: null, bankAccount, description: "" })) };
}

/** POST /api/expenses/duplicate/{id}: a new expense copying the fields and deadlines (to pay again), without files. */
export async function duplicateExpense(scope: TenantScope, id: number): Promise<ExpenseJson> {
  const source = await expenseEntity.get(scope, id);
  const input = expenseSchema.parse({
    documentNumber: source.documentNumber,
    documentDate: source.documentDate,
    contact: source.contact,
    bankAccount: source.bankAccount,
    paymentModality: source.paymentModality,
    details: source.details,
    taxable: source.taxable,
    totalVat: source.totalVat,
    withholdingTaxPercentage: source.withholdingTaxPercentage,
    withholdingTaxPercentagePlus: source.withholdingTaxPercentagePlus,
    documentType: source.documentType,
    documentAdjustment: source.documentAdjustment,
    splitPaymentVat: source.splitPaymentVat,
    currency: source.currency,
    deadlines: source.deadlines.map((d) => ({ amount: d.amount, deadlineDate: d.deadlineDate, deadlineState: DEFAULT_DEADLINE_STATE, paymentDate: null, bankAccount: d.bankAccount, description: d.description })),
  });
  return expenseEntity.create(scope, input);
}
