import { z } from "zod";
import { defineApi, optionSchema, recordFields } from "./entity";
import { dateField, optionalDate, requiredRef, text, versionField } from "./fields";
import { PLANNED_ACTIONS, PLANNED_FREQUENCIES, PLANNED_RUN_STATES, type PlannedAction, type PlannedFrequency } from "./planned-operation-enums";

export { PLANNED_ACTIONS, PLANNED_FREQUENCIES, PLANNED_RUN_STATES, type PlannedAction, type PlannedFrequency };

/** Operazioni pianificate: GET/POST /api/planned-operations…, JSON field "plannedOperation". */
export const plannedOperationApi = defineApi({ field: "plannedOperation", url: "/api/planned-operations", table: "planned_operations" });

export const MAX_EVERY_MONTHS = 120;

export const PLANNED_OPERATION_MESSAGES = {
  name: 'Il campo "Nome" è richiesto',
  templateDocument: 'Il campo "Documento modello" è richiesto',
  templateUnknown: "Il documento modello scelto non esiste",
  templateKind: "Il documento modello deve essere una fattura o una fattura proforma",
  frequency: 'Il campo "Frequenza" non è valido',
  everyMonths: `Il campo "Ogni quanti mesi" deve essere un numero intero tra 2 e ${MAX_EVERY_MONTHS}`,
  nextDate: 'Il campo "Prossima esecuzione" è richiesto',
  nextDateInvalid: 'Il campo "Prossima esecuzione" non è una data valida',
  endDate: 'Il campo "Data fine" non è una data valida',
  endBeforeNext: 'Il campo "Data fine" non può precedere la prossima esecuzione',
  maxCount: 'Il campo "Numero massimo di esecuzioni" deve essere un numero intero tra 1 e 1000',
  action: 'Il campo "Azione" non è valido',
  active: "Valore non valido per Attiva",
  notFound: "Operazione pianificata non trovata",
  ran: "Operazione eseguita",
  nothingDue: "Nessuna esecuzione da fare: l'operazione non è attiva",
  noEmail: "Il cliente del documento non ha un indirizzo email",
  failed: (name: string) => `Operazione pianificata non riuscita: ${name}`,
} as const;

/** Months between two occurrences for a frequency ('Ogni N mesi' takes the form's N). */
export function monthsOf(frequency: PlannedFrequency, everyMonths: number | null): number {
  return frequency === "Mensile" ? 1 : frequency === "Annuale" ? 12 : (everyMonths ?? 0);
}

/** Empty (null, "", missing) = null; otherwise a whole number min..max, as a number or numeric text. */
const optionalInt = (message: string, min: number, max: number) =>
  z.unknown().optional().transform((v, ctx): number | null => {
    if (v === undefined || v === null || v === "") return null;
    const s = String(v).trim();
    const n = Number(s);
    if ((typeof v === "number" || typeof v === "string") && /^\d{1,9}$/.test(s) && n >= min && n <= max) return n;
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  });

/**
 * 'Inserimento operazione pianificata' / 'Modifica' (POST /api/planned-operations[/{id}], field "plannedOperation").
 * everyMonths counts only for 'Ogni N mesi' (2..120); 'Mensile' is 1 and 'Annuale' 12 whatever is sent.
 */
export const plannedOperationSchema = z
  .object({
    name: text(PLANNED_OPERATION_MESSAGES.name, 200),
    templateDocument: requiredRef(PLANNED_OPERATION_MESSAGES.templateDocument),
    frequency: z.enum(PLANNED_FREQUENCIES, { error: PLANNED_OPERATION_MESSAGES.frequency }),
    everyMonths: optionalInt(PLANNED_OPERATION_MESSAGES.everyMonths, 1, MAX_EVERY_MONTHS),
    nextDate: dateField(PLANNED_OPERATION_MESSAGES.nextDate, PLANNED_OPERATION_MESSAGES.nextDateInvalid),
    endDate: optionalDate(PLANNED_OPERATION_MESSAGES.endDate),
    maxCount: optionalInt(PLANNED_OPERATION_MESSAGES.maxCount, 1, 1000),
    action: z.enum(PLANNED_ACTIONS, { error: PLANNED_OPERATION_MESSAGES.action }),
    active: z.boolean({ error: PLANNED_OPERATION_MESSAGES.active }).optional().default(true),
    version: versionField,
  })
  .superRefine((o, ctx) => {
    if (o.frequency === "Ogni N mesi" && (o.everyMonths === null || o.everyMonths < 2)) ctx.addIssue({ code: "custom", message: PLANNED_OPERATION_MESSAGES.everyMonths, path: ["everyMonths"] });
    if (o.endDate && o.endDate < o.nextDate) ctx.addIssue({ code: "custom", message: PLANNED_OPERATION_MESSAGES.endBeforeNext, path: ["endDate"] });
  })
  .transform((o) => ({ ...o, everyMonths: monthsOf(o.frequency, o.everyMonths) }));
export type PlannedOperationInput = z.infer<typeof plannedOperationSchema>;

/** A planned operation as the API answers it. */
export const plannedOperationResponse = z.object({
  ...recordFields,
  name: z.string(),
  templateDocument: optionSchema.nullable(),
  frequency: z.enum(PLANNED_FREQUENCIES),
  everyMonths: z.number().int(),
  nextDate: z.string(),
  endDate: z.string().nullable(),
  maxCount: z.number().int().nullable(),
  doneCount: z.number().int(),
  action: z.enum(PLANNED_ACTIONS),
  active: z.boolean(),
  lastRunAt: z.string().nullable(),
  lastResult: z.string().nullable(),
});
export type PlannedOperationJson = z.infer<typeof plannedOperationResponse>;

/** One line of 'Storico esecuzioni' (GET /api/planned-operations/runs/{id}). */
export interface PlannedRunJson {
  id: number;
  occurrence: string;
  state: (typeof PLANNED_RUN_STATES)[number];
  message: string;
  document: { id: number; toString: string; kind: string } | null;
  /** The document's page in the app, when the document still exists. */
  link: string | null;
  createdAt: string;
}

export interface PlannedOperationFormData {
  /** The tenant's invoices and proformas a template may be (newest first), with their customer. */
  templates: { id: number; toString: string }[];
}
