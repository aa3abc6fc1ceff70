/**
 * Numbering: a document gets its number when it leaves Bozza, from its series' counter row (kind, sectional, year),
 * locked in the saving transaction as its last statements; the date-order rule; whether a document can be deleted.
 */
import "server-only";
import { and, asc, desc, eq, gt, lt, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { takeNextInto } from "@/db/counters";
import { counters, documents, invoiceSectionals, type Document, type InvoiceSectional, type Tenant } from "@/db/schema";
import { intEq, lit, type TenantScope } from "@/db/scope";
import { ValidationError } from "@/lib/errors";
import { checkNumberDateOrder, formatInvoiceNumber } from "@/lib/fiscal/numbering";
import type { EntityRef } from "@/lib/schemas/fields";
import { DOCUMENT_KINDS, INVOICE_MESSAGES, type DocumentKind } from "@/lib/schemas/invoice";
import { policyOf } from "@/lib/documents/policy";

// ---------------------------------------------------------------------------------------------
// Numbering

export function seriesKey(d: { kind: DocumentKind; sectionalId: number | null; year: number }): string {
  return `doc:${policyOf(d.kind).series}:${d.sectionalId ?? 0}:${d.year}`;
}

/**
 * A column of the document being read, written with its table's name: inside the counter's subquery below an
 * unqualified name would be the counter's own (a single-table select writes columns bare).
 */
export function outer(c: PgColumn): SQL {
  return sql`${documents}.${sql.identifier(c.name)}`;
}

/** seriesKey of the document being read, in SQL (the same text: 'doc:<kind>:<sectional or 0>:<year>'). */
function seriesKeySql(): SQL {
  const series = sql.join([sql`case ${outer(documents.kind)}`, ...DOCUMENT_KINDS.map((k) => sql` when ${lit(k)} then ${lit(policyOf(k).series)}`), sql` end`]);
  return sql`'doc:' || ${series} || ':' || coalesce(${outer(documents.sectionalId)}, 0) || ':' || ${outer(documents.year)}`;
}

/**
 * Whether a document can be deleted: never numbered, or the last numbered of its series (its number is the series'
 * counter, which the deletion moves back by one: no gap); any other is corrected by a credit note. A document sent to
 * SDI (by the channel or marked by hand) is issued for the law whatever its place in the series: only a credit note
 * corrects it — unless SDI discarded it (Scartata: for SDI it never existed). The one rule of beforeDelete
 * (isDeletable), of the JSON's `deletable` (the form's 'Elimina') and of the list's column of the same name (the
 * grid's). A function (hoisted): the grid above is declared before this section.
 */
export function deletableSql(): SQL<boolean> {
  return sql<boolean>`((${outer(documents.sdiState)} is null or ${outer(documents.sdiState)} = 'Scartata') and (${outer(documents.number)} is null or ${outer(documents.number)} = (select ${counters.value} from ${counters} where ${counters.tenantId} = ${outer(documents.tenantId)} and ${counters.key} = ${seriesKeySql()})))`;
}

/** deletableSql of one document (false for an id the tenant does not have). */
export async function isDeletable(scope: TenantScope, id: number): Promise<boolean> {
  const [r] = await scope.select({ deletable: deletableSql() }).from(documents).where(intEq(documents.id, id));
  return r?.deletable === true;
}

export const yearOf = (date: string) => Number(date.slice(0, 4));

const sameSeries = (d: { kind: DocumentKind; sectionalId: number | null; year: number }): SQL =>
  and(eq(documents.kind, d.kind), sql`coalesce(${documents.sectionalId}, 0) = ${d.sectionalId ?? 0}`, eq(documents.year, d.year), sql`${documents.number} is not null`)!;

/** With invoiceCheckNumerationDates: the date must fit between the neighbouring numbers of the series. */
export async function checkDateOrder(tx: TenantScope, tenant: Tenant, d: { kind: DocumentKind; sectionalId: number | null; year: number; number: number; date: string }): Promise<void> {
  if (!tenant.invoiceCheckNumerationDates) return;
  const [[before], [after]] = await Promise.all([
    tx.select({ number: documents.number, date: documents.date }).from(documents).where(sameSeries(d), lt(documents.number, d.number)).orderBy(desc(documents.number)).limit(1),
    tx.select({ number: documents.number, date: documents.date }).from(documents).where(sameSeries(d), gt(documents.number, d.number)).orderBy(asc(documents.number)).limit(1),
  ]);
  const neighbours = [before, after].flatMap((n) => (n ? [{ progressive: n.number!, date: n.date }] : []));
  const message = checkNumberDateOrder(neighbours, { progressive: d.number, date: d.date });
  if (message) throw new ValidationError([message]);
}

/** The sectional chosen in the form: of the tenant (else 400); to issue a document on it, not disabled. */
export async function sectionalOf(tx: TenantScope, chosen: EntityRef | null | undefined): Promise<InvoiceSectional | null> {
  if (!chosen) return null;
  const s = await tx.find(invoiceSectionals, chosen.id);
  if (!s) throw new ValidationError([INVOICE_MESSAGES.sectionalUnknown]);
  return s;
}

/** What issuing needs to know before the number is taken (the series, its suffix). */
export interface SeriesOf {
  kind: DocumentKind;
  sectionalId: number | null;
  suffix: string;
  date: string;
}

export function seriesFor(kind: DocumentKind, sectional: InvoiceSectional | null, date: string): SeriesOf {
  if (sectional?.disabled) throw new ValidationError([INVOICE_MESSAGES.sectionalDisabled]);
  return { kind, sectionalId: sectional?.id ?? null, suffix: sectional?.suffix ?? "", date };
}

/**
 * The next number of the series, written on the document: the counter row is incremented and locked by one
 * statement and stays locked until the transaction commits, so this runs last in a save (finalize) and concurrent
 * issues on one series queue for these few statements only. A date out of order rolls the whole save back.
 */
export async function numberDocument(tx: TenantScope, tenant: Tenant, row: Document, s: SeriesOf): Promise<Document> {
  const series = { kind: s.kind, sectionalId: s.sectionalId, year: yearOf(s.date) };
  const suffix = s.suffix.trim();
  // the counter incremented and the number written by one statement (the counter's lock held to the commit)
  const written = (await takeNextInto(tx, seriesKey(series), documents, row.id, (value) => ({
    number: value,
    numberText: suffix ? sql`${value}::text || ${lit(`/${suffix}`)}` : sql`${value}::text`,
  }))) as Document;
  const number = written.number!;
  // the rules of a number's text (ASCII, at most 20 characters): a text out of them rolls the save back
  if (formatInvoiceNumber(number, s.suffix) !== written.numberText) throw new Error("numero del documento non valido");
  await checkDateOrder(tx, tenant, { ...series, number, date: s.date });
  return { ...row, number, numberText: written.numberText };
}
