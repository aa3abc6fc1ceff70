/**
 * Scadenziario (issue 12): the list of every deadline, to collect and to pay (GET /api/deadlines, grid contract,
 * addedParams { direction, state, period, from, to }), its row operations (POST /api/deadlines/set-state/{id},
 * field deadline { deadlineState, paymentDate, version }) and the 'Sollecito' (GET/POST
 * /api/deadlines/send-reminder/{id}, field reminder { email, cc, subject, body }). One schema for the dialogs
 * and the handlers.
 */
import { z } from "zod";
import { dateField, email, optionalDate, text, versionField } from "./fields";
import { DEADLINE_STATES, PAID_DEADLINE_MESSAGES, type DeadlineState } from "./invoice";
import { sendEmailSchema } from "./invoice-email";

export const deadlineApi = { field: "deadline", url: "/api/deadlines", table: "document_deadlines" } as const;
export const REMINDER_FIELD = "reminder";

/** IN: money to collect (sales invoices); OUT: money to pay (purchase invoices, and credit notes we refund). */
export const DEADLINE_DIRECTIONS = ["IN", "OUT"] as const;
export type DeadlineDirection = (typeof DEADLINE_DIRECTIONS)[number];
export const DIRECTION_LABELS: Record<DeadlineDirection, string> = { IN: "Da incassare", OUT: "Da pagare" };

/** Quick periods of the page: overdue (Da saldare, due before today), due within the next 7 / 30 days, a range. */
export const DEADLINE_PERIODS = ["overdue", "next7", "next30", "range"] as const;
export type DeadlinePeriod = (typeof DEADLINE_PERIODS)[number];
export const PERIOD_LABELS: Record<DeadlinePeriod, string> = { overdue: "Scadute", next7: "Prossimi 7 giorni", next30: "Prossimi 30 giorni", range: "Intervallo" };

/** What a deadline's owner is, for the link that opens it. */
export type DeadlineDocumentKind = "INVOICE" | "CREDIT_NOTE" | "EXPENSE";

export const DEADLINE_MESSAGES = {
  direction: 'Parametro "direction" non valido: atteso IN o OUT',
  state: 'Parametro "state" non valido',
  period: 'Parametro "period" non valido',
  rangeDate: "Data dell'intervallo non valida (formato gg/mm/aaaa)",
  rangeOrder: "La data iniziale dell'intervallo è successiva a quella finale",
  notFound: "Scadenza non trovata",
  deadlineState: 'Il campo "Stato scadenza" è richiesto',
  ...PAID_DEADLINE_MESSAGES,
  sameState: (state: DeadlineState) => `La scadenza è già nello stato '${state}'`,
  transition: (from: DeadlineState, to: DeadlineState) => `Passaggio di stato non consentito: da '${from}' a '${to}'`,
  changed: "Stato della scadenza aggiornato",
  // Sollecito
  reminderEmail: 'Il campo "Email di destinazione" è richiesto',
  reminderSubject: 'Il campo "Oggetto" è richiesto',
  reminderBody: 'Il campo "Messaggio" è richiesto',
  reminderOnlyIncoming: "Il sollecito si invia solo per le scadenze da incassare delle fatture di vendita",
  reminderNotDue: "Il sollecito si invia solo per una scadenza da saldare già scaduta",
  reminderSent: "Sollecito inviato",
  reminderFailed: "Invio del sollecito non riuscito",
  reminderHistory: (to: string, date: string) => `Sollecito per la scadenza del ${date} inviato per email a ${to}`,
} as const;

const rangeDate = z.union([z.literal(""), dateField(undefined, DEADLINE_MESSAGES.rangeDate)]).optional();

/** The grid's own parameters (query keys or addedParams). */
export const deadlineListParams = z
  .object({
    direction: z.enum(DEADLINE_DIRECTIONS, { error: DEADLINE_MESSAGES.direction }).optional(),
    state: z.enum(DEADLINE_STATES, { error: DEADLINE_MESSAGES.state }).optional(),
    period: z.enum(DEADLINE_PERIODS, { error: DEADLINE_MESSAGES.period }).optional(),
    from: rangeDate,
    to: rangeDate,
  })
  .refine((p) => !p.from || !p.to || p.from <= p.to, { message: DEADLINE_MESSAGES.rangeOrder });
export type DeadlineListParams = z.infer<typeof deadlineListParams>;

/** POST /api/deadlines/set-state/{id}, field deadline. */
export const deadlineStateSchema = z.object({
  deadlineState: z.enum(DEADLINE_STATES, { error: DEADLINE_MESSAGES.deadlineState }),
  paymentDate: optionalDate(),
  version: versionField,
});
export type DeadlineStateInput = z.infer<typeof deadlineStateSchema>;

/** POST /api/deadlines/send-reminder/{id}, field reminder. */
export const reminderSchema = z.object({
  email: email(DEADLINE_MESSAGES.reminderEmail),
  cc: sendEmailSchema.shape.cc,
  subject: text(DEADLINE_MESSAGES.reminderSubject, 500).transform((v) => v.replace(/\s*[\r\n]+\s*/g, " ")),
  body: text(DEADLINE_MESSAGES.reminderBody, 100_000),
  version: versionField,
});
export type ReminderInput = z.infer<typeof reminderSchema>;
export type ReminderValues = z.input<typeof reminderSchema>;

/** GET /api/deadlines/send-reminder/{id}: the dialog prefilled. */
export interface ReminderFormData {
  reminder: { email: string; cc: string; subject: string; body: string; version: number };
  amount: number;
  daysLate: number;
  /** Late-payment interest to today (cents): 0 when D.Lgs. 231/2002 does not apply (interestApplies false). */
  interest: number;
  /** The customer is a business or a public administration (not a private person). */
  interestApplies: boolean;
}

/** The answer of set-state: the deadline and its document's state (when it is a sales document's). */
export interface DeadlineJson {
  id: number;
  version: number;
  deadlineState: DeadlineState;
  paymentDate: string | null;
  amount: number;
  deadlineDate: string;
  documentState: string | null;
}
