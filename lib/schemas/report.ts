/**
 * Statistiche (issue 14, ROLE_ADMIN): the four reports' filters, their form and the shape of an answer.
 *
 * GET /api/report-filters/init?type=<ReportType> → { form: ReportForm } (fields, presets, the defaults resolved to from/to).
 * GET /api/reports/<ReportType>?filters=<JSON of ReportFilters> → { filters, series, rows, totals, tables? } (amounts in
 * cents, durations in minutes); without `filters` the defaults ('Anno in corso'). GET /api/reports/<ReportType>/export
 * with the same query → the XLSX of the table(s).
 * The period is resolved on the server from today in Europe/Rome: presets are whole calendar months.
 */
import { z } from "zod";
import { dateField, entityRef } from "./fields";

export const REPORT_TYPES = ["ReportInvoiceManager", "ReportTimeEntryManager", "ReportWorkManager", "ReportTodoManager"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const isReportType = (v: string): v is ReportType => (REPORT_TYPES as readonly string[]).includes(v);

export const REPORT_TITLES: Record<ReportType, string> = {
  ReportInvoiceManager: "Report fatturazione",
  ReportTimeEntryManager: "Report ore e vendite",
  ReportWorkManager: "Report lavori conclusi",
  ReportTodoManager: "Report impegni svolti",
};

export const PERIOD_PRESETS = ["Anno in corso", "Anno precedente", "Ultimi 12 mesi", "Mese in corso", "Intervallo"] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export const DEFAULT_PRESET: PeriodPreset = "Anno in corso";

/** How the hours report groups its table. */
export const TIME_GROUPS = ["Mese", "Cliente", "Lavoro", "Utente"] as const;
export type TimeGroup = (typeof TIME_GROUPS)[number];

/** The longest 'Intervallo' (months shown one by one). */
export const MAX_RANGE_YEARS = 5;

export const REPORT_MESSAGES = {
  unknownType: "Report non trovato",
  filtersJson: 'Parametro "filters" non valido: atteso un oggetto JSON',
  preset: 'Il campo "Periodo" non è valido',
  from: 'Il campo "Dal" non è una data valida (formato gg/mm/aaaa)',
  to: 'Il campo "Al" non è una data valida (formato gg/mm/aaaa)',
  rangeRequired: 'Per il periodo "Intervallo" i campi "Dal" e "Al" sono richiesti',
  rangeOrder: 'La data "Dal" è successiva alla data "Al"',
  rangeTooLong: `L'intervallo non può superare ${MAX_RANGE_YEARS} anni`,
  unknownFilter: "Filtro non previsto per questo report",
  groupBy: 'Il campo "Raggruppa per" non è valido',
  customerUnknown: "Il cliente scelto non esiste",
  userUnknown: "L'utente scelto non esiste",
  jobUnknown: "Il lavoro scelto non esiste",
} as const;

const ref = z.union([entityRef, z.null()], { error: "Riferimento non valido" }).optional();

/** Every filter any report takes; each report accepts only its own fields (REPORT_FIELDS), the rest is refused. */
const baseFilters = {
  preset: z.enum(PERIOD_PRESETS, { error: REPORT_MESSAGES.preset }).default(DEFAULT_PRESET),
  from: z.union([z.literal(""), z.null(), dateField(undefined, REPORT_MESSAGES.from)], { error: REPORT_MESSAGES.from }).optional(),
  to: z.union([z.literal(""), z.null(), dateField(undefined, REPORT_MESSAGES.to)], { error: REPORT_MESSAGES.to }).optional(),
  customer: ref,
  user: ref,
  job: ref,
  groupBy: z.enum(TIME_GROUPS, { error: REPORT_MESSAGES.groupBy }).optional(),
};
type FilterKey = keyof typeof baseFilters;

/** The filters of each report (besides the period: preset, from, to). */
export const REPORT_FIELDS: Record<ReportType, FilterKey[]> = {
  ReportInvoiceManager: ["customer"],
  ReportTimeEntryManager: ["customer", "job", "user", "groupBy"],
  ReportWorkManager: ["customer"],
  ReportTodoManager: ["customer", "user"],
};

/** The filters' schema of one report: unknown keys refused (400), an 'Intervallo' needs both dates in order. */
export function reportFiltersSchema(type: ReportType) {
  const own: readonly FilterKey[] = REPORT_FIELDS[type];
  return z
    .strictObject(baseFilters, { error: (issue) => (issue.code === "unrecognized_keys" ? REPORT_MESSAGES.unknownFilter : REPORT_MESSAGES.filtersJson) })
    .superRefine((f, ctx) => {
      for (const key of ["customer", "user", "job", "groupBy"] as const) {
        if (f[key] !== undefined && !own.includes(key)) ctx.addIssue({ code: "custom", message: REPORT_MESSAGES.unknownFilter });
      }
      if (f.preset !== "Intervallo") return;
      if (!f.from || !f.to) return void ctx.addIssue({ code: "custom", message: REPORT_MESSAGES.rangeRequired });
      if (f.from > f.to) return void ctx.addIssue({ code: "custom", message: REPORT_MESSAGES.rangeOrder });
      if (addYears(f.from, MAX_RANGE_YEARS) <= f.to) ctx.addIssue({ code: "custom", message: REPORT_MESSAGES.rangeTooLong });
    });
}
export type ReportFiltersInput = z.input<ReturnType<typeof reportFiltersSchema>>;

/** Filters as the server resolved them: the period's days (inclusive) and the references with their labels. */
export interface ReportFilters {
  preset: PeriodPreset;
  from: string;
  to: string;
  customer?: { id: number; toString?: string } | null;
  user?: { id: number; toString?: string } | null;
  job?: { id: number; toString?: string } | null;
  groupBy?: TimeGroup;
}

// ---- dates ('yyyy-MM-dd', calendar arithmetic in UTC: no time of day involved)

const iso = (d: Date) => d.toISOString().slice(0, 10);
const ymd = (v: string) => v.split("-").map(Number) as [number, number, number];

export function addYears(date: string, years: number): string {
  const [y, m, d] = ymd(date);
  return iso(new Date(Date.UTC(y + years, m - 1, d)));
}

/** The last day of the month `months` after the month of `date`. */
function monthEnd(date: string, months = 0): string {
  const [y, m] = ymd(date);
  return iso(new Date(Date.UTC(y, m + months, 0)));
}

/** The period's first and last day for `today` (Europe/Rome). */
export function resolvePeriod(preset: PeriodPreset, today: string, from?: string | null, to?: string | null): { from: string; to: string } {
  const [y, m] = ymd(today);
  const first = (yy: number, mm: number) => iso(new Date(Date.UTC(yy, mm - 1, 1)));
  switch (preset) {
    case "Anno precedente":
      return { from: `${y - 1}-01-01`, to: `${y - 1}-12-31` };
    case "Ultimi 12 mesi":
      return { from: first(y, m - 11), to: monthEnd(today) };
    case "Mese in corso":
      return { from: first(y, m), to: monthEnd(today) };
    case "Intervallo":
      return { from: from ?? today, to: to ?? today };
    default:
      return { from: `${y}-01-01`, to: `${y}-12-31` };
  }
}

/** The months ('yyyy-MM') from the month of `from` to the month of `to`. */
export function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  const [y0, m0] = ymd(from);
  const [y1, m1] = ymd(to);
  for (let y = y0, m = m0; y < y1 || (y === y1 && m <= m1); m === 12 ? ((m = 1), y++) : m++) out.push(`${y}-${String(m).padStart(2, "0")}`);
  return out;
}

const MONTHS = ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"];
/** 'gennaio 2026' of '2026-01'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return `${MONTHS[m - 1]} ${y}`;
}
/** 'gen 26' of '2026-01' (chart axis at phone width). */
export function monthShortLabel(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return `${MONTHS[m - 1]!.slice(0, 3)} ${String(y).slice(2)}`;
}

// ---- the form and the answer

export type ReportFieldKind = "preset" | "date" | "customer" | "user" | "job" | "groupBy";
export interface ReportField {
  name: FilterKey;
  label: string;
  kind: ReportFieldKind;
  options?: readonly string[];
  /** Ajax select of the references (get-filtered-list shape). */
  optionsUrl?: string;
}

const FIELD_DEFS: Record<FilterKey, ReportField> = {
  preset: { name: "preset", label: "Periodo", kind: "preset", options: PERIOD_PRESETS },
  from: { name: "from", label: "Dal", kind: "date" },
  to: { name: "to", label: "Al", kind: "date" },
  customer: { name: "customer", label: "Cliente", kind: "customer", optionsUrl: "/api/contacts/get-filtered-list?role=CUSTOMER" },
  user: { name: "user", label: "Utente", kind: "user", optionsUrl: "/api/todos/assignees" },
  job: { name: "job", label: "Lavoro", kind: "job", optionsUrl: "/api/activities/get-filtered-list" },
  groupBy: { name: "groupBy", label: "Raggruppa per", kind: "groupBy", options: TIME_GROUPS },
};

/** A column of a report's table: how the client formats it. */
export type ReportColumnType = "text" | "money" | "minutes" | "number" | "date" | "rate";
export interface ReportColumn {
  field: string;
  label: string;
  type: ReportColumnType;
}
export interface ReportSeriesDef {
  key: string;
  label: string;
  type: "money" | "minutes" | "number";
  /** Bars by default; a line for comparisons (the previous year). */
  line?: boolean;
  /** Bars of one stack are parts of one whole (billed + to bill + not billable hours). */
  stack?: string;
  /** On a second axis at the right (another unit: a count beside money). */
  right?: boolean;
  /** Its colour where the meaning asks for one (late in red); otherwise the chart's palette. */
  color?: string;
}
export interface ReportTable {
  title: string;
  columns: ReportColumn[];
  rows: Record<string, string | number | null>[];
  totals?: Record<string, string | number | null>;
}

/** GET /api/report-filters/init: the form of a report. */
export interface ReportForm {
  type: ReportType;
  title: string;
  fields: ReportField[];
  /** What the form starts with (the preset 'Anno in corso' resolved to its days). */
  defaults: ReportFilters;
  columns: ReportColumn[];
  series: ReportSeriesDef[];
}

/** GET /api/reports/{type}. */
export interface ReportResult {
  filters: ReportFilters;
  /** One point per month of the period: { month: 'yyyy-MM', label: 'gennaio 2026', <series keys>: number }. */
  series: Record<string, string | number>[];
  rows: Record<string, string | number | null>[];
  totals: Record<string, number>;
  /** Further tables (the invoice report's customers). */
  tables?: ReportTable[];
}

const money = (field: string, label: string): ReportColumn => ({ field, label, type: "money" });

export const REPORT_COLUMNS: Record<ReportType, ReportColumn[]> = {
  ReportInvoiceManager: [
    { field: "label", label: "Mese", type: "text" },
    money("invoiced", "Fatturato"),
    money("invoicedPreviousYear", "Fatturato anno precedente"),
    money("collected", "Incassato"),
    money("toCollect", "Da incassare"),
    money("purchases", "Acquisti"),
    money("vatDue", "IVA dovuta"),
  ],
  ReportTimeEntryManager: [
    { field: "label", label: "Voce", type: "text" },
    { field: "minutes", label: "Ore", type: "minutes" },
    money("amount", "Valore"),
    { field: "billedMinutes", label: "Ore fatturate", type: "minutes" },
    { field: "unbilledMinutes", label: "Ore da fatturare", type: "minutes" },
    money("unbilledAmount", "Valore da fatturare"),
    { field: "nonBillableMinutes", label: "Ore non fatturabili", type: "minutes" },
  ],
  ReportWorkManager: [
    { field: "activityNumber", label: "Numero", type: "number" },
    { field: "name", label: "Lavoro", type: "text" },
    { field: "customer", label: "Cliente", type: "text" },
    { field: "concludedDate", label: "Concluso il", type: "date" },
    { field: "minutes", label: "Ore", type: "minutes" },
    money("invoiced", "Fatturato"),
    { field: "hourlyRate", label: "Tariffa oraria effettiva", type: "rate" },
  ],
  ReportTodoManager: [
    { field: "label", label: "Utente", type: "text" },
    { field: "done", label: "Svolti", type: "number" },
    { field: "onTime", label: "In tempo", type: "number" },
    { field: "late", label: "In ritardo", type: "number" },
  ],
};

export const REPORT_SERIES: Record<ReportType, ReportSeriesDef[]> = {
  ReportInvoiceManager: [
    { key: "invoiced", label: "Fatturato", type: "money" },
    { key: "collected", label: "Incassato", type: "money" },
    { key: "invoicedPreviousYear", label: "Fatturato anno precedente", type: "money", line: true },
  ],
  ReportTimeEntryManager: [
    { key: "billedMinutes", label: "Ore fatturate", type: "minutes", stack: "ore" },
    { key: "unbilledMinutes", label: "Ore da fatturare", type: "minutes", stack: "ore" },
    { key: "nonBillableMinutes", label: "Ore non fatturabili", type: "minutes", stack: "ore" },
  ],
  ReportWorkManager: [
    { key: "invoiced", label: "Fatturato", type: "money" },
    { key: "jobs", label: "Lavori conclusi", type: "number", line: true, right: true },
  ],
  ReportTodoManager: [
    { key: "onTime", label: "In tempo", type: "number", stack: "svolti", color: "#16a34a" },
    { key: "late", label: "In ritardo", type: "number", stack: "svolti", color: "#dc2626" },
  ],
};

/** The form of `type` for `today` (Europe/Rome). */
export function reportForm(type: ReportType, today: string): ReportForm {
  const names: FilterKey[] = ["preset", "from", "to", ...REPORT_FIELDS[type]];
  const defaults: ReportFilters = { preset: DEFAULT_PRESET, ...resolvePeriod(DEFAULT_PRESET, today) };
  if (type === "ReportTimeEntryManager") defaults.groupBy = "Mese";
  return { type, title: REPORT_TITLES[type], fields: names.map((n) => FIELD_DEFS[n]), defaults, columns: REPORT_COLUMNS[type], series: REPORT_SERIES[type] };
}
