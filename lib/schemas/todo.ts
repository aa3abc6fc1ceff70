import { z } from "zod";
import { defineApi, optionSchema, recordFields } from "./entity";
import { optionalDate, optionalEntityRef, optionalText, text, versionField } from "./fields";
import { ALERT_TYPES, DAYS_BEFORE, FIXED_DATE, TODO_PRIORITIES, type AlertType, type TodoPriority } from "./todo-enums";

export { ALERT_TYPES, DAYS_BEFORE, FIXED_DATE, TODO_PRIORITIES, type AlertType, type TodoPriority };

/** Impegni: GET/POST /api/todos…, JSON field "todo". */
export const todoApi = defineApi({ field: "todo", url: "/api/todos", table: "todos" });

/** Messages in the spec's style (§5: 'Il campo "…" è richiesto'). */
export const TODO_MESSAGES = {
  title: 'Il campo "Titolo" è richiesto',
  dueDate: 'Il campo "Data scadenza" non è una data valida',
  doneDate: 'Il campo "Data svolgimento" non è una data valida',
  alertType: 'Il campo "Tipo avviso" non è valido',
  alertDays: 'Il campo "Giorni prima della scadenza" è richiesto',
  alertDaysInvalid: 'Il campo "Giorni prima della scadenza" deve essere un numero intero maggiore o uguale a 0',
  alertDueDate: `Il campo "Data scadenza" è richiesto per l'avviso "${DAYS_BEFORE}"`,
  alertDate: 'Il campo "Data avviso" è richiesto',
  alertDateInvalid: 'Il campo "Data avviso" non è una data valida',
  priority: 'Il campo "Priorità" non è valido',
  contactUnknown: "Il cliente scelto non esiste",
  activityUnknown: "Il lavoro scelto non esiste",
  activityOfOtherContact: "Il lavoro scelto non è del cliente indicato",
  assigneeUnknown: "L'utente scelto non esiste",
  notFound: "Impegno non trovato",
  setDone: "Impegno segnato come svolto",
  alreadyDone: "L'impegno è già segnato come svolto",
  doneParam: 'Parametro "done" non valido: atteso 0 o 1',
} as const;

const MAX_ALERT_DAYS = 3650;

/** Empty (null, "", missing) = null; otherwise a whole number 0..3650, as a number or numeric text. */
const alertDays = z.unknown().optional().transform((v, ctx) => {
  if (v === undefined || v === null || v === "") return null;
  const s = String(v).trim();
  const n = Number(s);
  if ((typeof v === "number" || typeof v === "string") && /^\d{1,9}$/.test(s) && n <= MAX_ALERT_DAYS) return n;
  ctx.addIssue({ code: "custom", message: TODO_MESSAGES.alertDaysInvalid });
  return z.NEVER;
});

const alertType = z
  .union([z.literal(""), z.null(), z.enum(ALERT_TYPES)], { error: TODO_MESSAGES.alertType })
  .optional()
  .transform((v): AlertType | null => v || null);

/**
 * 'Inserimento impegno' / 'Modifica impegno' (POST /api/todos[/{id}], field "todo"). An alert needs its own datum:
 * 'Giorni prima della scadenza' the days (≥ 0) and a due date, 'Data fissa' the alert date; the other alert
 * fields are cleared. doneDate is kept only on a done to-do (empty: today, set by the server).
 */
export const todoSchema = z
  .object({
    title: text(TODO_MESSAGES.title, 200),
    description: optionalText(5000),
    contact: optionalEntityRef,
    activity: optionalEntityRef,
    assignee: optionalEntityRef,
    dueDate: optionalDate(TODO_MESSAGES.dueDate),
    done: z.boolean({ error: "Valore non valido per Svolto" }).optional().default(false),
    doneDate: optionalDate(TODO_MESSAGES.doneDate),
    alertType,
    alertDays,
    alertDate: optionalDate(TODO_MESSAGES.alertDateInvalid),
    priority: z.enum(TODO_PRIORITIES, { error: TODO_MESSAGES.priority }).optional().default("Normale"),
    version: versionField,
  })
  .superRefine((t, ctx) => {
    if (t.alertType === DAYS_BEFORE) {
      if (t.alertDays === null) ctx.addIssue({ code: "custom", message: TODO_MESSAGES.alertDays, path: ["alertDays"] });
      if (!t.dueDate) ctx.addIssue({ code: "custom", message: TODO_MESSAGES.alertDueDate, path: ["dueDate"] });
    } else if (t.alertType === FIXED_DATE && !t.alertDate) {
      ctx.addIssue({ code: "custom", message: TODO_MESSAGES.alertDate, path: ["alertDate"] });
    }
  })
  .transform((t) => ({
    ...t,
    alertDays: t.alertType === DAYS_BEFORE ? t.alertDays : null,
    alertDate: t.alertType === FIXED_DATE ? t.alertDate : null,
    doneDate: t.done ? t.doneDate : null,
  }));
export type TodoInput = z.infer<typeof todoSchema>;

/** A to-do as the API answers it. */
export const todoResponse = z.object({
  ...recordFields,
  title: z.string(),
  description: z.string(),
  contact: optionSchema.nullable(),
  activity: optionSchema.nullable(),
  assignee: optionSchema.nullable(),
  dueDate: z.string().nullable(),
  done: z.boolean(),
  doneDate: z.string().nullable(),
  alertType: z.enum(ALERT_TYPES).nullable(),
  alertDays: z.number().int().nullable(),
  alertDate: z.string().nullable(),
  priority: z.enum(TODO_PRIORITIES),
});
export type TodoJson = z.infer<typeof todoResponse>;

export interface TodoFormData {
  /** The tenant's enabled users (Assegnato a): a ROLE_USER user may not call /api/users. */
  users: { id: number; toString: string }[];
}

/** 0/1 (or false/true) of addedParams.done. */
const doneParam = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(["0", "1", "true", "false"])], { error: TODO_MESSAGES.doneParam })
  .transform((v) => v === true || v === 1 || v === "1" || v === "true");

/** Impegni list parameters (addedParams): done = 0 the open to-dos, 1 the done ones. */
export const todoListParams = z.object({ done: doneParam.optional() });
export type TodoListParams = z.infer<typeof todoListParams>;

/** The default filter of /impegni (spec §2: done = 0). */
export const OPEN_TODOS_FILTER = { done: { filterType: "boolean", type: "equals", filter: 0 } } as const;

/** POST /api/todos/set-done/{id}: optional field "todo" { version } (the version the user saw). */
export const setDoneSchema = z.object({ version: versionField });
