/**
 * Operazioni pianificate: the runner, one pass in the reminders' tick (db/jobs/todo-reminders-worker.ts: pg-boss
 * on PostgreSQL, an interval on PGlite).
 *
 * A pass takes every tenant's active operations whose next_date is today (Europe/Rome) or past and runs each due
 * occurrence in order (a server down for three months runs the three missed monthly occurrences, each dated its own
 * day). One occurrence is one transaction through the tenant's scope: the operation locked, the run row inserted
 * ON CONFLICT (tenant_id, operation_id, occurrence) DO NOTHING (the idempotency key), and only if it went in, the
 * document (a copy of the template dated the occurrence) and the action (Bozza, Emessa, Emessa and e-mailed to the
 * customer, a proforma); then next_date moves on by every_months on the operation's day_of_month (clamped at the
 * month's end, back to that day after a short month: addMonthsIso), done_count + 1, and the operation stops past
 * end_date or at max_count. Of two workers racing, the second waits on the operation's lock, then finds next_date
 * moved (or the run row there) and does nothing.
 *
 * A failure rolls the occurrence back; a second transaction records it: the run row 'Errore' with the message,
 * last_result, a notification to the operation's creator, and next_date moved on all the same. A failed occurrence
 * is NOT tried again by the runner (an e-mail address missing today would fail every minute): the next one runs on
 * its day. The user makes the missed document by hand (or 'Esegui ora' after fixing the cause runs the next one).
 */
import "server-only";
import { addMonths, format, getDaysInMonth, parseISO, setDate, startOfMonth } from "date-fns";
import { and, asc, eq, lte } from "drizzle-orm";
import type { Db } from "@/db/client";
import { contacts, documents, notifications, plannedOperationRuns, plannedOperations, type PlannedOperation } from "@/db/schema";
import { intEq, TenantScope } from "@/db/scope";
import { ApiError, BadRequestError } from "@/lib/errors";
import { italianDate } from "@/lib/rome-time";
import { sendEmailSchema } from "@/lib/schemas/invoice-email";
import { PLANNED_OPERATION_MESSAGES } from "@/lib/schemas/planned-operation";
import { todayInRome } from "@/lib/rome-time";
import { copyDocumentOn } from "@/db/documents/copy";
import { emailFormData, sendInvoiceEmail } from "@/db/documents/email";
import { setDocumentState } from "@/db/documents/set-state";
import { PLANNED_OPERATIONS_PATH } from "./planned-operations";

/** At most this many occurrences of one operation per pass (a 'Mensile' ten years behind still ends). */
const MAX_CATCH_UP = 120;

/**
 * `date` + `months` months on the day `day` of that month (default: `date`'s own day), clamped at the month's
 * end: 31/01 + 1 → 28/02 (29/02 in a leap year); 28/02 + 1 on day 31 → 31/03, so an operation of the 31st
 * returns to it after a short month (the operation's day_of_month).
 */
export function addMonthsIso(date: string, months: number, day = Number(date.slice(8, 10))): string {
  const month = addMonths(startOfMonth(parseISO(date)), months);
  return format(setDate(month, Math.min(day, getDaysInMonth(month))), "yyyy-MM-dd");
}

export type OccurrenceOutcome = { ran: false } | { ran: true; state: "Eseguita" | "Errore"; documentId: number | null; message: string };

const errorMessage = (err: unknown) => (err instanceof ApiError || err instanceof Error ? err.message : String(err));

/** What stops the operation after an occurrence: past the end date, or the count reached. */
function advance(op: PlannedOperation, madeOne: boolean) {
  const nextDate = addMonthsIso(op.nextDate, op.everyMonths, op.dayOfMonth);
  const doneCount = op.doneCount + (madeOne ? 1 : 0);
  const ended = (op.endDate !== null && nextDate > op.endDate) || (op.maxCount !== null && doneCount >= op.maxCount);
  return { nextDate, doneCount, active: op.active && !ended, lastRunAt: new Date(), updatedAt: new Date() };
}

/** The document of one occurrence, in the caller's transaction; answers its id and what was done. */
async function makeDocument(tx: TenantScope, op: PlannedOperation, occurrence: string): Promise<{ documentId: number; message: string }> {
  if (op.action === "Crea, emetti e invia email") {
    // the pre-check: nothing is made for a customer nobody can write to
    const [c] = await tx.select({ email: contacts.email, pec: contacts.pec }).from(documents).innerJoin(contacts, eq(documents.contactId, contacts.id)).where(eq(documents.id, op.templateDocumentId)).limit(1);
    if (!c || !(c.email.trim() || c.pec.trim())) throw new BadRequestError(PLANNED_OPERATION_MESSAGES.noEmail);
  }
  const copy = await copyDocumentOn(tx, op.templateDocumentId, occurrence, op.action === "Crea proforma" ? "PROFORMA" : undefined);
  const id = copy.invoice.id;
  if (op.action === "Crea bozza" || op.action === "Crea proforma") return { documentId: id, message: `Creata ${copy.invoice.toString}` };
  const issued = await setDocumentState(tx, id, "Emessa");
  if (op.action === "Crea ed emetti") return { documentId: id, message: `Emessa ${issued.toString}` };
  const form = await emailFormData(tx, id);
  const input = sendEmailSchema.parse({ ...form.sendEmail, attachXml: false, version: undefined });
  // its PDF waits for the pool however busy (a 503 would fail the occurrence for good)
  await sendInvoiceEmail(tx, id, input, undefined, { background: true });
  return { documentId: id, message: `Emessa ${issued.toString} e inviata a ${input.email}` };
}

/**
 * The occurrence has its run already, yet next_date is on it: the user moved next_date back to a day that ran. It
 * is not made again (the key says it was); next_date moves on, so the operation does not stay stuck on it.
 */
async function alreadyRun(tx: TenantScope, op: PlannedOperation): Promise<OccurrenceOutcome> {
  const { nextDate, updatedAt } = advance(op, false);
  await tx.update(plannedOperations, op.id, undefined, { nextDate, updatedAt });
  return { ran: false };
}

/**
 * Runs the occurrence `occurrence` of one operation if nobody has: { ran: false } when it was not due any more
 * (another worker ran it, the operation was changed or stopped). A failure is recorded, never thrown, unless
 * recording it fails too (then the next pass tries the occurrence again).
 */
export async function runOccurrence(scope: TenantScope, operationId: number, occurrence: string): Promise<OccurrenceOutcome> {
  const due = (op: PlannedOperation | undefined): op is PlannedOperation => !!op && op.active && op.nextDate === occurrence;
  try {
    return await scope.transaction(async (tx): Promise<OccurrenceOutcome> => {
      // a second worker waits here for the first's commit, then finds next_date moved
      const op = await tx.lockRow(plannedOperations, intEq(plannedOperations.id, operationId));
      if (!due(op)) return { ran: false };
      if (op.endDate !== null && occurrence > op.endDate) {
        await tx.update(plannedOperations, op.id, undefined, { active: false, updatedAt: new Date() });
        return { ran: false };
      }
      const claimed = await tx.upsert(plannedOperationRuns, [plannedOperationRuns.operationId, plannedOperationRuns.occurrence], { operationId: op.id, occurrence, state: "Eseguita" });
      if (!claimed) return alreadyRun(tx, op);
      const { documentId, message } = await makeDocument(tx, op, occurrence);
      await tx.update(plannedOperationRuns, claimed.id, undefined, { documentId, message });
      await tx.update(plannedOperations, op.id, undefined, { ...advance(op, true), lastResult: message });
      return { ran: true, state: "Eseguita", documentId, message };
    });
  } catch (err) {
    const message = errorMessage(err);
    return scope.transaction(async (tx): Promise<OccurrenceOutcome> => {
      const op = await tx.lockRow(plannedOperations, intEq(plannedOperations.id, operationId));
      if (!due(op)) return { ran: false };
      const claimed = await tx.upsert(plannedOperationRuns, [plannedOperationRuns.operationId, plannedOperationRuns.occurrence], { operationId: op.id, occurrence, state: "Errore", message });
      if (!claimed) return alreadyRun(tx, op);
      const lastResult = `Errore: ${message}`;
      await tx.update(plannedOperations, op.id, undefined, { ...advance(op, false), lastResult });
      if (op.createdById !== null) {
        await tx.insert(notifications, { userId: op.createdById, title: PLANNED_OPERATION_MESSAGES.failed(op.name), body: `${italianDate(occurrence)}: ${message}`, link: PLANNED_OPERATIONS_PATH });
      }
      return { ran: true, state: "Errore", documentId: null, message };
    });
  }
}

/** Every due occurrence of one operation, in order, up to `today`; answers how many ran. */
export async function runOperation(scope: TenantScope, operationId: number, today: string): Promise<number> {
  let ran = 0;
  for (let i = 0; i < MAX_CATCH_UP; i++) {
    const op = await scope.find(plannedOperations, operationId);
    if (!op || !op.active || op.nextDate > today) break;
    const outcome = await runOccurrence(scope, operationId, op.nextDate);
    if (!outcome.ran) {
      // another worker took it: look again (it may have moved on, or be running the next)
      const again = await scope.find(plannedOperations, operationId);
      if (!again || again.nextDate === op.nextDate) break;
      continue;
    }
    ran++;
  }
  return ran;
}

/**
 * One pass across every tenant: the active operations due by `today`, each caught up. The scan is outside a
 * TenantScope (the job serves every tenant); each occurrence runs through its tenant's scope.
 */
export async function runDuePlannedOperations(db: Db, today: string = todayInRome()): Promise<number> {
  const due = await db
    .select({ tenantId: plannedOperations.tenantId, id: plannedOperations.id })
    .from(plannedOperations)
    .where(and(eq(plannedOperations.active, true), lte(plannedOperations.nextDate, today)))
    .orderBy(asc(plannedOperations.nextDate), asc(plannedOperations.id))
    .limit(1000);
  let ran = 0;
  for (const d of due) {
    try {
      ran += await runOperation(new TenantScope(db, d.tenantId), d.id, today);
    } catch (err) {
      // one operation that cannot even record its failure does not stop the others: the next pass tries again
      console.error(`[operazioni pianificate] operazione ${d.id} non eseguita: ${errorMessage(err)}`);
    }
  }
  return ran;
}

/**
 * POST /api/planned-operations/run-now/{id} ('Esegui ora'): the next occurrence made now, dated its planned day,
 * even before that day; then next_date moves on as after any run.
 */
export async function runPlannedOperationNow(scope: TenantScope, id: number): Promise<OccurrenceOutcome> {
  const op = await scope.getOrThrow(plannedOperations, id, PLANNED_OPERATION_MESSAGES.notFound);
  if (!op.active) throw new BadRequestError(PLANNED_OPERATION_MESSAGES.nothingDue);
  return runOccurrence(scope, id, op.nextDate);
}
