import { z } from "zod";
import { defineApi, optionSchema, recordFields } from "./entity";
import { entityRef, optionalEntityRef, optionalText, text, versionField } from "./fields";

/** Agenda: GET/POST /api/agenda-events…, JSON field "agendaEvent". */
export const agendaEventApi = defineApi({ field: "agendaEvent", url: "/api/agenda-events", table: "agenda_events" });

export const AGENDA_EVENT_MESSAGES = {
  title: 'Il campo "Titolo" è richiesto',
  start: 'Il campo "Inizio" è richiesto',
  end: 'Il campo "Fine" è richiesto',
  dateTime: "Data e ora non valide (formato gg/mm/aaaa hh:mm)",
  endAfterStart: "La fine deve essere successiva all'inizio",
  contactUnknown: "Il cliente scelto non esiste",
  activityUnknown: "Il lavoro scelto non esiste",
  participantUnknown: "Il partecipante scelto non è un utente dell'azienda",
  tooManyParticipants: "Troppi partecipanti (massimo 100)",
  notFound: "Appuntamento non trovato",
  range: "Intervallo non valido: start e end nel formato aaaa-mm-gg o aaaa-mm-ggThh:mm, end dopo start, al massimo 62 giorni",
  participant: "Partecipante non valido",
  tokenUnknown: "Calendario non trovato",
} as const;

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:T([01]\d|2[0-3]):([0-5]\d)(?::00(?:\.000)?)?)?$/;

/**
 * A wall-clock date-time in Italy as the API speaks it ('yyyy-MM-ddTHH:mm'; a bare 'yyyy-MM-dd' is its
 * midnight, seconds ':00' are accepted from the calendar), normalised to 'yyyy-MM-ddTHH:mm'; null when invalid.
 */
export function parseLocalDateTime(value: string): string | null {
  const m = LOCAL.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, hh = "00", mm = "00"] = m as unknown as [string, string, string, string, string?, string?];
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (Number(y) < 1000 || day.getUTCMonth() !== Number(mo) - 1 || day.getUTCDate() !== Number(d)) return null;
  return `${y}-${mo}-${d}T${hh}:${mm}`;
}

const localDateTime = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .transform((v, ctx) => {
      const parsed = parseLocalDateTime(v);
      if (parsed) return parsed;
      ctx.addIssue({ code: "custom", message: AGENDA_EVENT_MESSAGES.dateTime });
      return z.NEVER;
    });

/**
 * 'Inserimento appuntamento' / 'Modifica appuntamento' (POST /api/agenda-events[/{id}], field "agendaEvent").
 * start and end are Italian wall-clock times; an all-day appointment takes the days of start and end (end
 * exclusive at 00:00, as the calendar sends it; a missing or same-day end is one day).
 */
export const agendaEventSchema = z
  .object({
    title: text(AGENDA_EVENT_MESSAGES.title, 200),
    start: localDateTime(AGENDA_EVENT_MESSAGES.start),
    // empty (null, "", missing) is no end: an all-day appointment of one day, else 'richiesto' below
    end: z
      .unknown()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === null || (typeof v === "string" && v.trim() === "")) return null;
        const parsed = typeof v === "string" ? parseLocalDateTime(v) : null;
        if (parsed) return parsed;
        ctx.addIssue({ code: "custom", message: AGENDA_EVENT_MESSAGES.dateTime });
        return z.NEVER;
      }),
    allDay: z.boolean({ error: "Valore non valido per Tutto il giorno" }).optional().default(false),
    contact: optionalEntityRef,
    activity: optionalEntityRef,
    place: optionalText(200),
    description: optionalText(5000),
    participants: z.array(entityRef, { error: AGENDA_EVENT_MESSAGES.participant }).max(100, AGENDA_EVENT_MESSAGES.tooManyParticipants).optional().default([]),
    version: versionField,
  })
  .superRefine((e, ctx) => {
    if (e.allDay) return;
    if (!e.end) ctx.addIssue({ code: "custom", message: AGENDA_EVENT_MESSAGES.end, path: ["end"] });
    else if (e.end <= e.start) ctx.addIssue({ code: "custom", message: AGENDA_EVENT_MESSAGES.endAfterStart, path: ["end"] });
  });
export type AgendaEventInput = z.infer<typeof agendaEventSchema>;

export const participantSchema = z.object({ id: z.number().int(), toString: z.string(), color: z.string() });

/** An appointment as the API answers it (start/end: Italian wall-clock 'yyyy-MM-ddTHH:mm'; all-day: 00:00, end exclusive). */
export const agendaEventResponse = z.object({
  ...recordFields,
  title: z.string(),
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  contact: optionSchema.nullable(),
  activity: optionSchema.nullable(),
  place: z.string(),
  description: z.string(),
  participants: z.array(participantSchema),
});
export type AgendaEventJson = z.infer<typeof agendaEventResponse>;

export interface AgendaEventFormData {
  /** The tenant's active users (Partecipanti). */
  users: { id: number; toString: string; color: string }[];
}

/** A read-only item of the calendar: a to-do with a due date, a deadline of the Scadenziario, a time entry. */
export interface AgendaItem {
  kind: "todo" | "deadline" | "timeEntry";
  /** Unique among the items: 'todo-12'. */
  id: string;
  title: string;
  /** 'yyyy-MM-dd' (all-day) or 'yyyy-MM-ddTHH:mm'. */
  start: string;
  end: string | null;
  allDay: boolean;
  /** A to-do done, a deadline settled. */
  done: boolean;
}

/** GET /api/agenda-events?start=&end=[&participant=][&todos=1][&deadlines=1][&timeEntries=1]. */
export interface AgendaRange {
  data: AgendaEventJson[];
  items: AgendaItem[];
}

/** The calendar's settings (the tenant's Impostazioni agenda). */
export interface AgendaSettings {
  officeTimeStart: string;
  officeTimeEnd: string;
  marginCalendarStart: number;
  marginCalendarEnd: number;
  hideSaturday: boolean;
  hideSunday: boolean;
}

/** FullCalendar's slotMinTime/slotMaxTime: office hours widened by the margins, within 00:00-24:00. */
export function visibleHours(s: AgendaSettings): { slotMinTime: string; slotMaxTime: string } {
  const minutes = (t: string) => {
    const [h, m] = t.split(":").map(Number) as [number, number];
    return h * 60 + m;
  };
  const fmt = (total: number) => `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}:00`;
  const from = Math.max(0, minutes(s.officeTimeStart) - s.marginCalendarStart);
  const to = Math.min(24 * 60, minutes(s.officeTimeEnd) + s.marginCalendarEnd);
  return to > from ? { slotMinTime: fmt(from), slotMaxTime: fmt(to) } : { slotMinTime: "00:00:00", slotMaxTime: "24:00:00" };
}

/** FullCalendar's hiddenDays (0 = Sunday, 6 = Saturday). */
export function hiddenDays(s: Pick<AgendaSettings, "hideSaturday" | "hideSunday">): number[] {
  return [...(s.hideSunday ? [0] : []), ...(s.hideSaturday ? [6] : [])];
}
