import { z } from "zod";
import { defineApi, optionSchema, recordFields } from "./entity";
import { centsField, integerString, requiredRef, optionalDate, optionalText, text, versionField } from "./fields";
import { ACTIVITY_PAYMENT_TYPES, ACTIVITY_STATES, FIXED_PRICE, HOURLY, type ActivityPaymentType, type ActivityState } from "./lookup-enums";

export { ACTIVITY_PAYMENT_TYPES, ACTIVITY_STATES, FIXED_PRICE, HOURLY, type ActivityPaymentType, type ActivityState };

/** Lavori: GET/POST /api/activities…, JSON field "activity". */
export const activityApi = defineApi({ field: "activity", url: "/api/activities", table: "activities" });

/** The spec's messages (§5 Job) and ours. */
export const ACTIVITY_MESSAGES = {
  name: 'Il campo "Nome lavoro" è richiesto',
  state: 'Il campo "Stato lavoro" è richiesto',
  paymentType: 'Il campo "Tipo pagamento" è richiesto',
  contact: 'Il campo "Cliente" è richiesto',
  contactUnknown: "Il cliente scelto non esiste",
  amount: 'Il campo "Importo lavoro" non è un importo valido',
  number: 'Il campo "Numero" deve essere un numero intero positivo',
  expirationDate: 'Il campo "Scadenza prevista" non è una data valida',
  notFound: "Lavoro non trovato",
  invoicedHours: "Il lavoro ha ore già fatturate: non può essere eliminato",
  running: "Sul lavoro è in corso un cronometro: fermarlo prima di eliminare il lavoro",
  finishedDone: "Lavori segnati come completati",
} as const;

export const numberTakenMessage = (n: number, other: string) => `Il numero ${n} è già usato dal lavoro "${other}"`;

const NUMBER = integerString(ACTIVITY_MESSAGES.number, { min: 1, max: 2_000_000_000, rangeMessage: ACTIVITY_MESSAGES.number });

const state = z.enum(ACTIVITY_STATES, { error: (iss) => (iss.input === undefined || iss.input === null || iss.input === "" ? ACTIVITY_MESSAGES.state : "Stato lavoro non valido") });
const paymentType = z.enum(ACTIVITY_PAYMENT_TYPES, {
  error: (iss) => (iss.input === undefined || iss.input === null || iss.input === "" ? ACTIVITY_MESSAGES.paymentType : "Tipo pagamento non valido"),
});

/**
 * 'Inserimento lavoro' / 'Modifica lavoro {name}' (POST /api/activities[/{id}], field "activity").
 * activityNumber: left out (or null) on a new job, which takes the next progressive; on an existing job
 * the number it has, or another one after 'Modifica' (still unique in the tenant).
 */
export const activitySchema = z.object({
  contact: requiredRef(ACTIVITY_MESSAGES.contact),
  // empty (null, "", missing) = the next progressive; anything else must be a positive integer, with one message
  activityNumber: z.unknown().optional().transform((v, ctx) => {
    if (v === undefined || v === null || v === "") return null;
    const r = NUMBER.safeParse(v);
    if (r.success) return r.data;
    ctx.addIssue({ code: "custom", message: ACTIVITY_MESSAGES.number });
    return z.NEVER;
  }),
  activityState: state,
  name: text(ACTIVITY_MESSAGES.name, 200),
  description: optionalText(5000),
  paymentType,
  activityAmount: centsField(ACTIVITY_MESSAGES.amount, { min: 0 }).nullable().optional().transform((v) => v ?? null),
  activityExpirationDate: optionalDate(ACTIVITY_MESSAGES.expirationDate),
  finished: z.boolean({ error: "Valore non valido per Completato" }).optional().default(false),
  version: versionField,
});
export type ActivityInput = z.infer<typeof activitySchema>;

export const activityStateLogSchema = z.object({
  stateBefore: z.enum(ACTIVITY_STATES).nullable(),
  stateAfter: z.enum(ACTIVITY_STATES),
  /** ISO instant. */
  created: z.string(),
  /** Who made the change ('Nome Cognome'), null if the user is gone. */
  user: z.string().nullable(),
});
export type ActivityStateLogJson = z.infer<typeof activityStateLogSchema>;

/** A job as the API answers it, with its history and hours. */
export const activityResponse = z.object({
  ...recordFields,
  contact: optionSchema,
  activityNumber: z.number().int(),
  activityState: z.enum(ACTIVITY_STATES),
  name: z.string(),
  description: z.string(),
  paymentType: z.enum(ACTIVITY_PAYMENT_TYPES),
  activityAmount: z.number().int().nullable(),
  currency: z.literal("EUR"),
  activityExpirationDate: z.string().nullable(),
  finished: z.boolean(),
  /** The fixed price has been invoiced. */
  invoiced: z.boolean(),
  activityStateLogs: z.array(activityStateLogSchema),
  /** Every entry's minutes (running entries left out). */
  workedMinutes: z.number().int(),
  /** Billable minutes not yet invoiced. */
  toInvoiceMinutes: z.number().int(),
  /** Da fatturare (cents): see db/queries/activities.ts toInvoiceSql. */
  toInvoice: z.number().int(),
  /** The hourly rate that applies (cents): the customer's, else the tenant's. */
  hourlyRate: z.number().int(),
  /** Where the rate comes from. */
  hourlyRateFrom: z.enum(["customer", "tenant"]),
});
export type ActivityJson = z.infer<typeof activityResponse>;

export interface ActivityFormData {
  /** The rate of the tenant (Impostazioni), cents: the note of 'Lavoro pagato a ore' for a customer without one. */
  tenantHourlyPrice: number;
}

/** Jobs list parameters (addedParams): one customer's jobs (the customer form's Lavori tab). */
export const activityListParams = z.object({
  contactId: z.coerce.number({ error: "Cliente non valido" }).int("Cliente non valido").positive("Cliente non valido").max(2_147_483_647, "Cliente non valido").optional(),
});
export type ActivityListParams = z.infer<typeof activityListParams>;

/** The default filter of /lavori: 'non completati' (finished = 0). */
export const UNFINISHED_FILTER = { finished: { filterType: "boolean", type: "equals", filter: 0 } } as const;

/** POST /api/activities/mark-finished: the selected jobs ('Segna completato'). */
export const markFinishedSchema = z.object({
  ids: z
    .array(z.number().int().positive().max(2_147_483_647), { error: "Selezione non valida" })
    .min(1, "Nessun lavoro selezionato")
    .max(10_000, "Troppi lavori selezionati (massimo 10.000)"),
});

export { FIXED_PRICE as ACTIVITY_FIXED_PRICE, HOURLY as ACTIVITY_HOURLY };
