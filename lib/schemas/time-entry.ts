import { z } from "zod";
import { defineApi, optionSchema, recordFields } from "./entity";
import { dateField, optionalEntityRef, requiredRef, optionalText, timeField, versionField } from "./fields";

/** Ore lavorate: GET/POST /api/time-entries…, JSON field "timeEntry". */
export const timeEntryApi = defineApi({ field: "timeEntry", url: "/api/time-entries", table: "time_entries" });

export const TIME_ENTRY_MESSAGES = {
  activity: 'Il campo "Lavoro" è richiesto',
  activityUnknown: "Il lavoro scelto non esiste",
  user: "L'utente scelto non esiste",
  date: 'Il campo "Data" è richiesto',
  startTime: 'Il campo "Ora inizio" è richiesto',
  endTime: 'Il campo "Ora fine" è richiesto',
  sameTime: "L'ora di fine deve essere diversa dall'ora di inizio",
  /** A local time the clocks skip (the last Sunday of March, 02:00-02:59 in Italy). */
  missingTime: (time: string) => `L'orario ${time} non esiste quel giorno (cambio dell'ora legale)`,
  notFound: "Registrazione non trovata",
  invoiced: "La registrazione è già stata fatturata: non può essere modificata né eliminata",
  running: "La registrazione è in corso: fermare il cronometro prima di modificarla",
  otherUser: "Solo un amministratore può registrare ore per un altro utente",
  // the time tracker (spec §2, §4, §8)
  noJob: "E' necessario scegliere un lavoro dalla tendina",
  started: "Inizio lavoro confermato",
  stopped: "Fine lavoro confermata",
  alreadyRunning: "È già in corso un lavoro: fermarlo con STOP prima di iniziarne un altro",
  notRunning: "Nessun lavoro in corso",
  finishedJob: "Il lavoro è completato: non si possono registrare altre ore",
  nowOverlaps: "Adesso è già coperto da un'altra registrazione: modificarla prima di iniziare",
} as const;

/** 'Intervallo sovrapposto a un'altra registrazione delle 09:00-10:30 del 24/11/2026' (a running one: 'delle 09:00 (in corso) …'). */
export const overlapMessage = (startTime: string, endTime: string | null, date: string) =>
  `Intervallo sovrapposto a un'altra registrazione delle ${endTime ? `${startTime}-${endTime}` : `${startTime} (in corso)`} del ${date}`;

/** When STOP's end would run into a later entry, the end stops there. */
export const clippedMessage = (endTime: string) => `L'orario di fine è stato anticipato alle ${endTime} per non sovrapporsi alla registrazione successiva`;

/**
 * A time entry (POST /api/time-entries[/{id}], field "timeEntry"): the day and the times as the user
 * reads them in Italy; an end at or before the start is the next day (work across midnight), so an
 * entry lasts at most 24 hours. user: left out or null = the acting user; another user needs ROLE_ADMIN.
 */
export const timeEntrySchema = z.object({
  user: optionalEntityRef,
  activity: requiredRef(TIME_ENTRY_MESSAGES.activity),
  date: dateField(TIME_ENTRY_MESSAGES.date),
  startTime: z.string({ error: TIME_ENTRY_MESSAGES.startTime }).trim().min(1, TIME_ENTRY_MESSAGES.startTime).pipe(timeField()),
  endTime: z.string({ error: TIME_ENTRY_MESSAGES.endTime }).trim().min(1, TIME_ENTRY_MESSAGES.endTime).pipe(timeField()),
  description: optionalText(2000),
  billable: z.boolean({ error: "Valore non valido per Fatturabile" }).optional().default(true),
  version: versionField,
}).refine((e) => e.startTime !== e.endTime, { message: TIME_ENTRY_MESSAGES.sameTime, path: ["endTime"] });
export type TimeEntryInput = z.infer<typeof timeEntrySchema>;

/** A time entry as the API answers it. */
export const timeEntryResponse = z.object({
  ...recordFields,
  user: optionSchema,
  activity: optionSchema,
  /** The job's customer. */
  contact: optionSchema.nullable(),
  date: z.string(),
  startTime: z.string(),
  /** null while the entry runs (the time tracker). */
  endTime: z.string().nullable(),
  /** Real minutes between start and end (null while running). */
  minutes: z.number().int().nullable(),
  description: z.string(),
  billable: z.boolean(),
  invoiced: z.boolean(),
});
export type TimeEntryJson = z.infer<typeof timeEntryResponse>;

export interface TimeEntryFormData {
  /** The tenant's users, for ROLE_ADMIN (others record only their own hours: empty). */
  users: { id: number; toString: string }[];
  /** The acting user (the default of a new entry). */
  currentUser: { id: number; toString: string };
}

/** The running entry of the top bar (GET /api/time-entries/time-entry-get → timeEntryRunning). */
export const runningEntrySchema = z.object({
  id: z.number().int(),
  /** ISO instant of START. */
  start: z.string(),
  activity: optionSchema,
});
export type RunningEntry = z.infer<typeof runningEntrySchema>;

/** List parameters (addedParams): one job's entries (the job form's 'Ore lavorate' tab). */
export const timeEntryListParams = z.object({
  activityId: z.coerce.number({ error: "Lavoro non valido" }).int("Lavoro non valido").positive("Lavoro non valido").max(2_147_483_647, "Lavoro non valido").optional(),
});
export type TimeEntryListParams = z.infer<typeof timeEntryListParams>;

/**
 * The default filter of /lista-lavori-eseguiti: from the first day of the previous month to today (a billing
 * cycle and what is running now), so the page never opens on the whole history of a big tenant.
 */
export function defaultPeriodFilter(today: string) {
  const [y, m] = today.split("-").map(Number) as [number, number];
  const from = m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, "0")}-01`;
  return { date: { filterType: "date", type: "inRange", dateFrom: from, dateTo: today } } as const;
}
