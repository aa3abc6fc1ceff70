/**
 * Fixed choices of the to-dos (spec §3 Alert types). Plain constants with no imports, so the Drizzle table,
 * the zod schema and client components share them.
 */

export const ALERT_TYPES = ["Giorni prima della scadenza", "Data fissa"] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
export const DAYS_BEFORE: AlertType = "Giorni prima della scadenza";
export const FIXED_DATE: AlertType = "Data fissa";

export const TODO_PRIORITIES = ["Bassa", "Normale", "Alta"] as const;
export type TodoPriority = (typeof TODO_PRIORITIES)[number];
