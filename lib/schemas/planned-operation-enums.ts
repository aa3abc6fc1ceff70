/** Operazioni pianificate: the choices, shared by the table's checks, the schemas and the form. */
export const PLANNED_FREQUENCIES = ["Mensile", "Ogni N mesi", "Annuale"] as const;
export type PlannedFrequency = (typeof PLANNED_FREQUENCIES)[number];

export const PLANNED_ACTIONS = ["Crea bozza", "Crea ed emetti", "Crea, emetti e invia email", "Crea proforma"] as const;
export type PlannedAction = (typeof PLANNED_ACTIONS)[number];

export const PLANNED_RUN_STATES = ["Eseguita", "Errore"] as const;
export type PlannedRunState = (typeof PLANNED_RUN_STATES)[number];
