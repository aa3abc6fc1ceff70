/**
 * Banca (issue 32, ROLE_DOCUMENT): the movements of the tenant's bank accounts, imported from their statements
 * (lib/bank/parse.ts), and their matching to the Scadenziario's deadlines.
 *
 * Not a defineEntity: a movement is never created or edited through a form (only imported, then matched, unmatched
 * or set 'Nessun documento'), so the entity's create/update/delete calls and generic form tests do not apply; the list
 * is a defineGrid served by its own GET /api/bank-movements and /export, as the Scadenziario's is.
 *
 * Decisions (where the issue is silent):
 * - Import: each file is parsed and written in its own transaction (a refused file does not stop the others, and no
 *   file is half imported). A statement whose IBAN differs from the account's is refused (an account without IBAN,
 *   or a CSV that names none, accepts). Duplicates: the same bank reference on the account, else the same booking
 *   date, amount, description and occurrence (the n-th identical movement of one statement, so two equal fees of one
 *   day are two movements while the same statement imported again is all duplicates), decided by the partial unique
 *   indexes of migration 0038 (INSERT … ON CONFLICT DO NOTHING: concurrent imports too).
 * - CSV/XLSX mapping: the call's `mapping`, else the one remembered on the account, else the one suggested from the
 *   headers; a mapping given with the call is remembered when a file was imported with it. A file refused for want
 *   of a usable mapping answers its headers beside the reason, so the page can open the mapping dialog.
 * - Matching (match/{id}): each deadline 'Saldato' with the booking date as payment date (not after today: a
 *   movement cannot pay in the future); a partial amount splits the deadline as the credit-note netting does (the
 *   paid part a 'Saldato' deadline of its own beside it, same date, position and bank account; the rest stays 'Da
 *   saldare'); the links remember which part was split off which deadline. The document's 'Pagata' follows as with a
 *   deadline marked paid by hand (settleDocument). The sum may be less than the movement (a payment that also covers
 *   something not in the application), never more.
 * - Unmatch: every link undone: a split part merged back into its deadline when that one is still 'Da saldare' (else
 *   it stays a deadline of its own, reopened), a whole deadline reopened ('Da saldare', no payment date), the
 *   document's state back as settleDocument does; the movement 'Da abbinare'. It also takes a movement out of
 *   'Nessun documento'. A deadline paid by a movement cannot be reopened in the Scadenziario (400: undo the match).
 * - Auto-match (tenants.bank_auto_match): after an import, each new movement whose suggestions hold exactly one
 *   certain one (document number and amount) is matched with it, in the import's transaction.
 * - Suggestions read every open deadline of the tenant in one query and the IBANs learned from earlier matches in
 *   another, then lib/bank/match.ts works in memory.
 */
import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { bankAccounts, bankMovementLinks, bankMovements, contacts, documentDeadlines as dd, documents, expenses, type BankAccount, type BankMovement, type Document } from "@/db/schema";
import { intEq, intIn, type TenantScope } from "@/db/scope";
import { kindNameSql } from "@/db/documents/label";
import { settleDocument } from "@/db/documents/credit-notes";
import { ApiError, BadRequestError, NotFoundError, StaleVersionError } from "@/lib/errors";
import { formatEuro } from "@/lib/format";
import { defineGrid } from "@/lib/grid/define";
import { todayInRome } from "@/lib/rome-time";
import { buildMatchIndex, certainMatch, suggestMatches, type MatchIndex, type OpenDeadline } from "@/lib/bank/match";
import { parseStatementFile, readStatementHeaders, suggestMapping } from "@/lib/bank/parse";
import { StatementRefusedError, type ColumnMapping, type ParsedMovement } from "@/lib/bank/types";
import { paidDeadlineProblem } from "@/lib/schemas/invoice";
import {
  BANK_MESSAGES,
  BANK_ROLE,
  bankMovementListParams,
  type BankMovementJson,
  type BankMovementLinkJson,
  type BankMovementListParams,
  type DeadlineRefJson,
  type ImportResultJson,
  type MatchInput,
  type SuggestionJson,
} from "@/lib/schemas/bank-movement";
import { incomingSql, outgoingSql } from "./deadlines";

export const BANK_MOVEMENTS_ROLE = BANK_ROLE;

const bm = bankMovements;
const links = bankMovementLinks;

// ---------------------------------------------------------------------------------------------
// The grid

const matchedSql = sql<string>`coalesce((select string_agg(case when d.expense_id is not null then e.document_number else coalesce(doc.number_text, '') end, ', ' order by d.deadline_date, d.id)
  from bank_movement_links l join document_deadlines d on d.tenant_id = l.tenant_id and d.id = l.deadline_id
  left join documents doc on doc.tenant_id = d.tenant_id and doc.id = d.document_id
  left join expenses e on e.tenant_id = d.tenant_id and e.id = d.expense_id
  where l.tenant_id = ${bm.tenantId} and l.movement_id = ${bm.id}), '')`;

/** GET /api/bank-movements (addedParams { bankAccount, state }). */
export const bankMovementsGrid = defineGrid<BankMovementListParams>({
  name: "bank-movements",
  table: bankMovements,
  params: bankMovementListParams,
  baseWhere: (p) => and(p.bankAccount ? intEq(bm.bankAccountId, p.bankAccount) : undefined, p.state ? eq(bm.state, p.state) : undefined),
  defaultSort: [
    { colId: "bookingDate", sort: "desc" },
    { colId: "id", sort: "desc" },
  ],
  exportFileName: "movimenti-bancari",
  joins: [{ table: bankAccounts, on: eq(bm.bankAccountId, bankAccounts.id) }],
  columns: [
    { field: "id", header: "Id", type: "integer", sql: bm.id, hidden: true, width: 80 },
    { field: "bookingDate", header: "Data contabile", type: "date", sql: bm.bookingDate, fixed: true, width: 105 },
    { field: "valueDate", header: "Data valuta", type: "date", sql: bm.valueDate, width: 100 },
    { field: "bankAccount", header: "Conto corrente", type: "entity", sql: bm.bankAccountId, label: bankAccounts.bankName, optionsUrl: "/api/bank-accounts/get-filtered-list", hidden: true, width: 140 },
    { field: "amount", header: "Importo", type: "currency", sql: bm.amount, width: 105, phone: "amount" },
    { field: "credit", header: "Entrate", type: "currency", sql: sql<number>`case when ${bm.amount} > 0 then ${bm.amount} else 0 end`, hidden: true, width: 100, phone: "none" },
    { field: "debit", header: "Uscite", type: "currency", sql: sql<number>`case when ${bm.amount} < 0 then -${bm.amount} else 0 end`, hidden: true, width: 100, phone: "none" },
    { field: "description", header: "Descrizione", type: "text", sql: bm.description, searchable: true, width: 260, phone: "title" },
    { field: "counterpartyName", header: "Controparte", type: "text", sql: bm.counterpartyName, searchable: true, width: 150 },
    { field: "counterpartyIban", header: "IBAN controparte", type: "text", sql: bm.counterpartyIban, hidden: true, width: 200 },
    { field: "reference", header: "Riferimento banca", type: "text", sql: bm.reference, hidden: true, searchable: true, width: 150 },
    { field: "state", header: "Stato", type: "text", sql: bm.state, width: 140, phone: "badge" },
    { field: "matched", header: "Documenti abbinati", type: "text", sql: matchedSql, sortable: false, width: 150 },
  ],
  totals: ["credit", "debit", "amount"],
});

// ---------------------------------------------------------------------------------------------
// Labels and JSON

const docNumberSql = sql<string>`case when ${dd.expenseId} is not null then ${expenses.documentNumber} else coalesce(${documents.numberText}, '') end`;
const docLabelSql = sql<string>`case when ${dd.expenseId} is not null
  then 'Fattura d''acquisto ' || ${expenses.documentNumber} || ' del ' || to_char(${expenses.documentDate}, 'DD/MM/YYYY')
  else ${kindNameSql} || ' ' || coalesce(${documents.numberText}, '') || ' del ' || to_char(${documents.date}, 'DD/MM/YYYY') end`;
const docKindSql = sql<DeadlineRefJson["documentKind"]>`case when ${dd.expenseId} is not null then 'EXPENSE' else ${documents.kind} end`;
const docYearSql = sql<string>`to_char(coalesce(${documents.date}, ${expenses.documentDate}), 'YYYY')`;

const deadlineRefFields = {
  deadlineDate: dd.deadlineDate,
  document: docLabelSql,
  documentNumber: docNumberSql,
  documentId: sql<number>`coalesce(${dd.documentId}, ${dd.expenseId})`,
  documentKind: docKindSql,
  contact: contacts.name,
  contactId: dd.contactId,
};
const deadlineJoins = [
  { table: documents, on: eq(dd.documentId, documents.id) },
  { table: expenses, on: eq(dd.expenseId, expenses.id) },
  { table: contacts, on: eq(dd.contactId, contacts.id) },
] as const;

/** The deadlines named by id, with their labels (this tenant's only). */
async function deadlineRefs(scope: TenantScope, ids: readonly number[]): Promise<Map<number, DeadlineRefJson & { id: number; amount: number; state: string }>> {
  if (!ids.length) return new Map();
  const rows = await scope
    .select({ id: dd.id, amount: dd.amount, state: dd.deadlineState, ...deadlineRefFields })
    .from(dd)
    .join(deadlineJoins)
    .where(intIn(dd.id, ids));
  return new Map(rows.map((r) => [r.id, { ...r, amount: Number(r.amount), documentId: Number(r.documentId), documentKind: r.documentKind === "EXPENSE" || r.documentKind === "CREDIT_NOTE" ? r.documentKind : "INVOICE" }]));
}

async function movementLinks(scope: TenantScope, movementId: number): Promise<BankMovementLinkJson[]> {
  const rows = await scope.select({ deadlineId: links.deadlineId, amount: links.amount }).from(links).where(intEq(links.movementId, movementId)).orderBy(asc(links.id));
  const refs = await deadlineRefs(
    scope,
    rows.map((r) => r.deadlineId),
  );
  return rows.flatMap((r) => {
    const ref = refs.get(r.deadlineId);
    if (!ref) return [];
    const { id: _id, amount: _a, state: _s, ...rest } = ref;
    return [{ deadlineId: r.deadlineId, amount: Number(r.amount), ...rest }];
  });
}

async function toJson(scope: TenantScope, m: BankMovement): Promise<BankMovementJson> {
  const account = await scope.find(bankAccounts, m.bankAccountId);
  return {
    id: m.id,
    version: m.version,
    bankAccount: { id: m.bankAccountId, toString: account?.bankName ?? "" },
    bookingDate: m.bookingDate,
    valueDate: m.valueDate,
    amount: Number(m.amount),
    description: m.description,
    counterpartyName: m.counterpartyName,
    counterpartyIban: m.counterpartyIban,
    reference: m.reference,
    state: m.state,
    links: m.state === "Abbinato" ? await movementLinks(scope, m.id) : [],
  };
}

export async function getMovement(scope: TenantScope, id: number): Promise<BankMovementJson> {
  return toJson(scope, await scope.getOrThrow(bm, id, BANK_MESSAGES.notFound));
}

/** The movements that paid these deadlines (id → movement), for the document's deadlines. */
export async function bankMovementsOfDeadlines(scope: TenantScope, deadlineIds: readonly number[]): Promise<Map<number, { id: number; bookingDate: string; description: string; amount: number }>> {
  if (!deadlineIds.length) return new Map();
  const rows = await scope
    .select({ deadlineId: links.deadlineId, id: bm.id, bookingDate: bm.bookingDate, description: bm.description, amount: bm.amount })
    .from(links)
    .innerJoin(bm, eq(links.movementId, bm.id))
    .where(intIn(links.deadlineId, deadlineIds));
  return new Map(rows.map((r) => [r.deadlineId, { id: r.id, bookingDate: r.bookingDate, description: r.description, amount: Number(r.amount) }]));
}

// ---------------------------------------------------------------------------------------------
// Suggestions

/** Every open, listed deadline of the tenant (of one direction when given) as the matcher needs it: one query. */
export async function openDeadlines(scope: TenantScope, direction?: "IN" | "OUT"): Promise<OpenDeadline[]> {
  const rows = await scope
    .select({
      id: dd.id,
      incoming: sql<boolean>`${incomingSql}`,
      amount: dd.amount,
      deadlineDate: dd.deadlineDate,
      documentNumber: docNumberSql,
      documentYear: docYearSql,
      contactId: dd.contactId,
      contactName: contacts.name,
      contactVat: contacts.vatNumber,
    })
    .from(dd)
    .join(deadlineJoins)
    .where(eq(dd.deadlineState, "Da saldare"), sql`${dd.direction} is not null`, direction === "IN" ? incomingSql : direction === "OUT" ? outgoingSql : undefined);
  return rows.map((r) => ({
    id: r.id,
    direction: r.incoming ? "IN" : "OUT",
    amount: Number(r.amount),
    deadlineDate: r.deadlineDate,
    documentNumber: r.documentNumber ?? "",
    documentYear: r.documentYear ?? "",
    contactId: r.contactId,
    contactName: r.contactName ?? "",
    contactVat: r.contactVat ?? "",
  }));
}

/** IBANs that paid (or were paid by) a contact in the matches made so far. */
async function knownIbans(scope: TenantScope): Promise<{ iban: string; contactId: number }[]> {
  return scope
    .select({ iban: sql<string>`${bm.counterpartyIban}`, contactId: dd.contactId })
    .from(links)
    .innerJoin(bm, eq(links.movementId, bm.id))
    .innerJoin(dd, eq(links.deadlineId, dd.id))
    .where(sql`${bm.counterpartyIban} is not null`)
    .groupBy(bm.counterpartyIban, dd.contactId);
}

export async function loadMatchIndex(scope: TenantScope, direction?: "IN" | "OUT"): Promise<MatchIndex> {
  const [deadlines, ibans] = await Promise.all([openDeadlines(scope, direction), knownIbans(scope)]);
  return buildMatchIndex(deadlines, ibans);
}

/** The suggestions of many movements against one index (the benchmark's and the auto-match's path). */
export function suggestAll(index: MatchIndex, movements: readonly Pick<BankMovement, "id" | "amount" | "description" | "counterpartyName" | "counterpartyIban">[]) {
  return movements.map((m) => ({ id: m.id, suggestions: suggestMatches(index, { ...m, amount: Number(m.amount) }) }));
}

/** GET /api/bank-movements/suggestions/{id}. */
export async function movementSuggestions(scope: TenantScope, id: number): Promise<{ movement: BankMovementJson; suggestions: SuggestionJson[] }> {
  const m = await scope.getOrThrow(bm, id, BANK_MESSAGES.notFound);
  const movement = await toJson(scope, m);
  if (m.state !== "Da abbinare") return { movement, suggestions: [] };
  const index = await loadMatchIndex(scope, Number(m.amount) > 0 ? "IN" : "OUT");
  const found = suggestMatches(index, { ...m, amount: Number(m.amount) });
  const refs = await deadlineRefs(scope, [...new Set(found.flatMap((s) => s.deadlines.map((d) => d.id)))]);
  const suggestions = found.map((s) => ({
    ...s,
    deadlines: s.deadlines.map((d) => {
      const ref = refs.get(d.id)!;
      const { id: _id, amount: open, state: _s, ...rest } = ref;
      return { id: d.id, amount: d.amount, open, ...rest };
    }),
  }));
  return { movement, suggestions };
}

// ---------------------------------------------------------------------------------------------
// Match, unmatch, 'Nessun documento'

const conflict = (message: string) => new ApiError(409, message);

async function lockMovement(tx: TenantScope, id: number, version: number | undefined): Promise<BankMovement> {
  const m = await tx.lockRow(bm, intEq(bm.id, id));
  if (!m) throw new NotFoundError(BANK_MESSAGES.notFound);
  if (version !== undefined && version !== m.version) throw new StaleVersionError();
  return m;
}

/** The sales documents of these deadlines locked (FOR UPDATE, by id), as the Scadenziario's transitions take them. */
async function lockDocuments(tx: TenantScope, documentIds: readonly number[]): Promise<Map<number, Document>> {
  const ids = [...new Set(documentIds)];
  if (!ids.length) return new Map();
  const rows = await tx.lockRows(documents, intIn(documents.id, ids));
  return new Map(rows.map((d) => [d.id, d]));
}

async function settleAll(tx: TenantScope, docs: Map<number, Document>, to: "Saldato" | "Da saldare"): Promise<void> {
  for (const doc of docs.values()) await settleDocument(tx, doc, to);
}

/** POST /api/bank-movements/match/{id}. */
export async function matchMovement(scope: TenantScope, id: number, input: MatchInput, today: string = todayInRome()): Promise<BankMovementJson> {
  return scope.transaction(async (tx) => {
    const m = await lockMovement(tx, id, input.version);
    if (m.state !== "Da abbinare") throw conflict(BANK_MESSAGES.notToMatch(m.state));
    const ids = input.deadlines.map((d) => d.id);
    if (new Set(ids).size !== ids.length) throw new BadRequestError(BANK_MESSAGES.matchTwice);
    const total = input.deadlines.reduce((s, d) => s + d.amount, 0);
    const movementAmount = Math.abs(Number(m.amount));
    if (total > movementAmount) throw new BadRequestError(BANK_MESSAGES.matchTooMuch(formatEuro(total), formatEuro(movementAmount)));
    const future = paidDeadlineProblem(m.bookingDate, today);
    if (future) throw new BadRequestError(BANK_MESSAGES.futureBooking);
    // the deadlines (listed ones only: a Bozza's or a proforma's is not reachable), their documents locked first
    const found = await tx.select({ id: dd.id, documentId: dd.documentId }).from(dd).where(intIn(dd.id, ids), sql`${dd.direction} is not null`);
    if (found.length !== ids.length) throw new NotFoundError(BANK_MESSAGES.deadlineNotFound);
    const docs = await lockDocuments(
      tx,
      found.flatMap((f) => (f.documentId !== null ? [f.documentId] : [])),
    );
    // then the deadlines themselves (a purchase invoice has no document row to queue on): read again below as locked
    await tx.lockRows(dd, intIn(dd.id, ids));
    const rows = await tx
      .select({ d: dd, incoming: sql<boolean>`${incomingSql}`, label: docLabelSql })
      .from(dd)
      .join(deadlineJoins)
      .where(intIn(dd.id, ids));
    const byId = new Map(rows.map((r) => [r.d.id, r]));
    const credit = Number(m.amount) > 0;
    for (const want of input.deadlines) {
      const r = byId.get(want.id);
      if (!r) throw new NotFoundError(BANK_MESSAGES.deadlineNotFound);
      if (r.incoming !== credit) throw new BadRequestError(credit ? BANK_MESSAGES.matchDirectionIn : BANK_MESSAGES.matchDirectionOut);
      if (r.d.deadlineState !== "Da saldare") throw conflict(BANK_MESSAGES.deadlineNotOpen(r.label));
      if (want.amount > Number(r.d.amount)) throw new BadRequestError(BANK_MESSAGES.matchOverOpen(r.label, formatEuro(Number(r.d.amount))));
    }
    for (const want of input.deadlines) {
      const d = byId.get(want.id)!.d;
      const open = Number(d.amount);
      if (want.amount === open) {
        await tx.updateWhere(dd, intEq(dd.id, d.id), { deadlineState: "Saldato", paymentDate: m.bookingDate, version: sql`${dd.version} + 1` });
        await tx.insert(links, { movementId: m.id, deadlineId: d.id, amount: want.amount, splitFromId: null });
        continue;
      }
      // a partial payment: the paid part split off as a deadline of its own, the rest stays open
      await tx.updateWhere(dd, intEq(dd.id, d.id), { amount: open - want.amount, version: sql`${dd.version} + 1` });
      const part = await tx.insert(dd, {
        documentId: d.documentId,
        expenseId: d.expenseId,
        contactId: d.contactId,
        position: d.position,
        amount: want.amount,
        deadlineDate: d.deadlineDate,
        deadlineState: "Saldato",
        paymentDate: m.bookingDate,
        bankAccountId: d.bankAccountId,
        description: d.description,
      });
      await tx.insert(links, { movementId: m.id, deadlineId: part.id, amount: want.amount, splitFromId: d.id });
    }
    await settleAll(tx, docs, "Saldato");
    const saved = await tx.update(bm, m.id, undefined, { state: "Abbinato" });
    return toJson(tx, saved);
  });
}

/** POST /api/bank-movements/unmatch/{id}: the match undone exactly, or 'Nessun documento' taken back. */
export async function unmatchMovement(scope: TenantScope, id: number, version?: number): Promise<BankMovementJson> {
  return scope.transaction(async (tx) => {
    const m = await lockMovement(tx, id, version);
    if (m.state === "Da abbinare") throw conflict(BANK_MESSAGES.alreadyOpen);
    if (m.state === "Abbinato") {
      const own = await tx.select({ link: links, documentId: dd.documentId }).from(links).innerJoin(dd, eq(links.deadlineId, dd.id)).where(intEq(links.movementId, m.id));
      const docs = await lockDocuments(
        tx,
        own.flatMap((o) => (o.documentId !== null ? [o.documentId] : [])),
      );
      const origins = own.flatMap((o) => (o.link.splitFromId !== null ? [o.link.splitFromId] : []));
      const originRows = origins.length ? await tx.lockRows(dd, intIn(dd.id, origins)) : [];
      const originById = new Map(originRows.map((o) => [o.id, o]));
      await tx.deleteWhere(links, intEq(links.movementId, m.id));
      for (const { link } of own) {
        const origin = link.splitFromId !== null ? originById.get(link.splitFromId) : undefined;
        if (origin && origin.deadlineState === "Da saldare") {
          await tx.updateWhere(dd, intEq(dd.id, origin.id), { amount: Number(origin.amount) + Number(link.amount), version: sql`${dd.version} + 1` });
          await tx.deleteWhere(dd, intEq(dd.id, link.deadlineId));
          origin.amount = Number(origin.amount) + Number(link.amount);
        } else {
          await tx.updateWhere(dd, intEq(dd.id, link.deadlineId), { deadlineState: "Da saldare", paymentDate: null, version: sql`${dd.version} + 1` });
        }
      }
      await settleAll(tx, docs, "Da saldare");
    }
    const saved = await tx.update(bm, m.id, undefined, { state: "Da abbinare" });
    return toJson(tx, saved);
  });
}

/** POST /api/bank-movements/no-document/{id}: a bank fee or anything with no document to match. */
export async function markNoDocument(scope: TenantScope, id: number, version?: number): Promise<BankMovementJson> {
  return scope.transaction(async (tx) => {
    const m = await lockMovement(tx, id, version);
    if (m.state !== "Da abbinare") throw conflict(BANK_MESSAGES.notToMatch(m.state));
    const saved = await tx.update(bm, m.id, undefined, { state: "Nessun documento" });
    return toJson(tx, saved);
  });
}

// ---------------------------------------------------------------------------------------------
// Import

export interface StatementFile {
  name: string;
  bytes: Uint8Array;
}

const normalIban = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, "").toUpperCase();

async function bankAccountOf(scope: TenantScope, id: number): Promise<BankAccount> {
  const account = await scope.find(bankAccounts, id);
  if (!account) throw new NotFoundError(BANK_MESSAGES.accountNotFound);
  return account;
}

/** The rows of one statement, each with its occurrence among the identical ones (no reference) of the file. */
function movementRows(bankAccountId: number, movements: readonly ParsedMovement[]) {
  const seen = new Map<string, number>();
  return movements.map((p) => {
    let occurrence = 1;
    if (p.reference === null) {
      const k = `${p.bookingDate}|${p.amount}|${p.description}`;
      occurrence = (seen.get(k) ?? 0) + 1;
      seen.set(k, occurrence);
    }
    return {
      bankAccountId,
      bookingDate: p.bookingDate,
      valueDate: p.valueDate,
      amount: p.amount,
      description: p.description,
      counterpartyName: p.counterpartyName,
      counterpartyIban: p.counterpartyIban,
      reference: p.reference,
      occurrence,
      state: "Da abbinare" as const,
    };
  });
}

/** The headers of a spreadsheet statement, or [] when the file is not one (or unreadable). */
async function headersOf(name: string, bytes: Uint8Array): Promise<string[]> {
  try {
    return await readStatementHeaders(name, bytes);
  } catch {
    return [];
  }
}

const INSERT_BATCH = 5_000;

/** POST /api/bank-movements/import. */
export async function importStatements(scope: TenantScope, accountId: number, files: readonly StatementFile[], mapping: ColumnMapping | null, today: string = todayInRome()): Promise<ImportResultJson> {
  const account = await bankAccountOf(scope, accountId);
  const accountIban = normalIban(account.iban);
  const remembered = (account.statementMapping as ColumnMapping | null) ?? null;
  const tenant = await scope.getTenant();
  const result: ImportResultJson = { message: "", imported: 0, duplicates: 0, autoMatched: 0, refused: [] };
  let usedGivenMapping = false;
  for (const file of files) {
    let statement;
    try {
      try {
        statement = await parseStatementFile(file.name, file.bytes, { mapping: mapping ?? remembered });
      } catch (err) {
        // a remembered mapping that does not fit this file: the headers' own suggestion instead
        if (!(err instanceof StatementRefusedError) || mapping || !remembered) throw err;
        statement = await parseStatementFile(file.name, file.bytes, { mapping: null });
      }
    } catch (err) {
      if (!(err instanceof StatementRefusedError)) throw err;
      const headers = await headersOf(file.name, file.bytes);
      result.refused.push(headers.length ? { file: file.name, reason: err.reason, headers } : { file: file.name, reason: err.reason });
      continue;
    }
    const statementIban = normalIban(statement.iban);
    if (accountIban && statementIban && statementIban !== accountIban) {
      result.refused.push({ file: file.name, reason: BANK_MESSAGES.ibanMismatch(statementIban, accountIban) });
      continue;
    }
    if (mapping && (statement.format === "csv" || statement.format === "xlsx")) usedGivenMapping = true;
    const rows = movementRows(account.id, statement.movements);
    await scope.transaction(async (tx) => {
      const inserted: number[] = [];
      for (let i = 0; i < rows.length; i += INSERT_BATCH) inserted.push(...(await tx.insertManyNew(bm, rows.slice(i, i + INSERT_BATCH))));
      result.imported += inserted.length;
      result.duplicates += rows.length - inserted.length;
      if (tenant.bankAutoMatch && inserted.length) result.autoMatched += await autoMatch(tx, inserted, today);
    });
  }
  if (usedGivenMapping && mapping) await scope.updateWhere(bankAccounts, intEq(bankAccounts.id, account.id), { statementMapping: mapping });
  result.message = BANK_MESSAGES.imported(result.imported, result.duplicates);
  return result;
}

/** The new movements whose only certain suggestion is applied; returns how many were matched. */
async function autoMatch(tx: TenantScope, movementIds: readonly number[], today: string): Promise<number> {
  const index = await loadMatchIndex(tx);
  const used = new Set<number>();
  let matched = 0;
  for (let i = 0; i < movementIds.length; i += INSERT_BATCH) {
    const movements = await tx.select({ id: bm.id, amount: bm.amount, description: bm.description, counterpartyName: bm.counterpartyName, counterpartyIban: bm.counterpartyIban, bookingDate: bm.bookingDate }).from(bm).where(intIn(bm.id, movementIds.slice(i, i + INSERT_BATCH)));
    for (const m of movements) {
      if (m.bookingDate > today) continue;
      const best = certainMatch(suggestMatches(index, { ...m, amount: Number(m.amount) }));
      if (!best || best.deadlines.some((d) => used.has(d.id))) continue;
      await matchMovement(tx, m.id, { deadlines: best.deadlines }, today);
      for (const d of best.deadlines) used.add(d.id);
      matched++;
    }
  }
  return matched;
}

/** POST /api/bank-movements/import-headers: what the mapping dialog needs for one file. */
export async function statementHeaders(scope: TenantScope, accountId: number, file: StatementFile) {
  const account = await bankAccountOf(scope, accountId);
  const remembered = (account.statementMapping as ColumnMapping | null) ?? null;
  let headers: string[];
  try {
    headers = await readStatementHeaders(file.name, file.bytes);
    // a camt.053 or CBI file needs no mapping: its format only
    if (!headers.length) {
      const parsed = await parseStatementFile(file.name, file.bytes, { mapping: null });
      return { format: parsed.format, headers, mapping: {}, complete: true };
    }
  } catch (err) {
    if (err instanceof StatementRefusedError) throw new BadRequestError(err.reason);
    throw err;
  }
  const fits = remembered && Object.values(remembered).every((h) => !h || headers.includes(h));
  const mapping: Partial<ColumnMapping> = fits ? remembered : suggestMapping(headers);
  const complete = !!mapping.bookingDate && !!mapping.description && (!!mapping.amount || !!mapping.credit || !!mapping.debit);
  const format = /\.xlsx$/i.test(file.name) ? "xlsx" : "csv";
  return { format, headers, mapping, complete };
}
