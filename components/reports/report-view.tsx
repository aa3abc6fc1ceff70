"use client";

/**
 * One Statistiche report (issue 14): the filter form from GET /api/report-filters/init, the figures from GET
 * /api/reports/{type}?filters=<JSON> (refetched on every change; an older answer never overwrites a newer one), a
 * recharts chart by month (bars, a line for comparisons such as the previous year), the table with its 'Totale' row,
 * further tables (the invoice report's customers) and 'Esporta XLSX' (GET /api/reports/{type}/export, same filters).
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { AjaxSelect, DateInput, type SelectableEntity } from "@/components/form/inputs";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { apiGet, buildUrl } from "@/lib/client/api";
import { formatDate, formatEuro, formatScaled } from "@/lib/format";
import {
  monthShortLabel,
  type ReportColumn,
  type ReportFilters,
  type ReportForm,
  type ReportResult,
  type ReportSeriesDef,
  type ReportTable,
  type ReportType,
} from "@/lib/schemas/report";

const COLORS = ["#2563eb", "#16a34a", "#f59e0b", "#dc2626", "#7c3aed"];

/** Minutes as hours with two decimals ('1,50'), half-up in integers. */
const hours = (minutes: number) => formatScaled(Math.floor((minutes * 100 + 30) / 60), 2);
const integer = new Intl.NumberFormat("it-IT", { maximumFractionDigits: 0 });
const compact = new Intl.NumberFormat("it-IT", { notation: "compact", maximumFractionDigits: 1 });

function formatCell(type: ReportColumn["type"], value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  switch (type) {
    case "money":
      return formatEuro(Number(value));
    case "rate":
      return `${formatEuro(Number(value))}/h`;
    case "minutes":
      return hours(Number(value));
    case "number":
      return integer.format(Number(value));
    case "date":
      return formatDate(String(value));
    default:
      return String(value);
  }
}

/** The chart's values: euro for money, hours for minutes (the axis reads plain numbers). */
const chartValue = (type: ReportSeriesDef["type"], value: number) => (type === "money" ? value / 100 : type === "minutes" ? value / 60 : value);
const chartLabel = (type: ReportSeriesDef["type"], value: number) =>
  type === "money" ? formatEuro(Math.round(value * 100)) : type === "minutes" ? `${hours(Math.round(value * 60))} ore` : integer.format(value);

/** What the request carries: references as { id } only. */
function requestFilters(f: ReportFilters): Record<string, unknown> {
  const out: Record<string, unknown> = { preset: f.preset };
  if (f.preset === "Intervallo") Object.assign(out, { from: f.from, to: f.to });
  for (const key of ["customer", "user", "job"] as const) if (f[key]) out[key] = { id: f[key]!.id };
  if (f.groupBy) out.groupBy = f.groupBy;
  return out;
}

function ReportChart({ series, defs }: { series: ReportResult["series"]; defs: ReportSeriesDef[] }) {
  const data = useMemo(
    () => series.map((p) => ({ name: monthShortLabel(String(p.month)), ...Object.fromEntries(defs.map((d) => [d.key, chartValue(d.type, Number(p[d.key] ?? 0))])) })),
    [series, defs],
  );
  const typeOf = Object.fromEntries(defs.map((d) => [d.key, d.type]));
  const left = defs.find((d) => !d.right)?.type ?? "number";
  const right = defs.find((d) => d.right)?.type;
  return (
    <div className="h-72 w-full" data-testid="report-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={4} />
          <YAxis yAxisId="left" tick={{ fontSize: 11 }} width={48} allowDecimals={left !== "number"} tickFormatter={(v: number) => compact.format(v)} />
          {right && <YAxis yAxisId="right" orientation="right" tick={{ fontSize: 11 }} width={32} allowDecimals={right !== "number"} tickFormatter={(v: number) => compact.format(v)} />}
          <Tooltip formatter={(value, name, item) => [chartLabel(typeOf[String(item.dataKey)] ?? "number", Number(value)), name]} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {defs.map((d, i) =>
            d.line ? (
              <Line key={d.key} yAxisId={d.right ? "right" : "left"} type="linear" dataKey={d.key} name={d.label} stroke={d.color ?? COLORS[i % COLORS.length]} strokeWidth={2} dot={false} isAnimationActive={false} />
            ) : (
              <Bar key={d.key} yAxisId={d.right ? "right" : "left"} stackId={d.stack} dataKey={d.key} name={d.label} fill={d.color ?? COLORS[i % COLORS.length]} isAnimationActive={false} />
            ),
          )}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

function ReportTableView({ table, testId }: { table: ReportTable; testId: string }) {
  const numeric = (c: ReportColumn) => c.type !== "text" && c.type !== "date";
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-max border-collapse text-sm" data-testid={testId}>
        <thead>
          <tr className="border-b border-border bg-gray-50">
            {table.columns.map((c) => (
              <th key={c.field} className={`px-3 py-2 font-semibold text-gray-700 ${numeric(c) ? "text-right" : "text-left"}`}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.length === 0 && (
            <tr>
              <td colSpan={table.columns.length} className="px-3 py-4 text-center text-gray-500">
                Nessun dato nel periodo
              </td>
            </tr>
          )}
          {table.rows.map((r, i) => (
            <tr key={i} className="border-b border-border last:border-0">
              {table.columns.map((c) => (
                <td key={c.field} className={`px-3 py-1.5 ${numeric(c) ? "text-right tabular-nums" : ""}`}>
                  {formatCell(c.type, r[c.field])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {table.totals && table.rows.length > 0 && (
          <tfoot>
            <tr className="border-t-2 border-border font-semibold">
              {table.columns.map((c, i) => (
                <td key={c.field} className={`px-3 py-2 ${numeric(c) ? "text-right tabular-nums" : ""}`}>
                  {i === 0 ? "Totale" : c.field in table.totals! ? formatCell(c.type, table.totals![c.field]) : ""}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

export function ReportView({ type }: { type: ReportType }) {
  const [form, setForm] = useState<ReportForm | null>(null);
  const [filters, setFilters] = useState<ReportFilters | null>(null);
  const [result, setResult] = useState<ReportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);

  useEffect(() => {
    apiGet<{ form: ReportForm }>("/api/report-filters/init", { type })
      .then((r) => {
        setForm(r.form);
        setFilters(r.form.defaults);
      })
      .catch((e: Error) => setError(e.message));
  }, [type]);

  const query = filters ? JSON.stringify(requestFilters(filters)) : null;
  useEffect(() => {
    if (!query) return;
    const parsed = JSON.parse(query) as Record<string, unknown>;
    if (parsed.preset === "Intervallo" && (!parsed.from || !parsed.to)) return;
    const call = ++latest.current;
    setLoading(true);
    apiGet<ReportResult>(`/api/reports/${type}`, { filters: parsed })
      .then((r) => {
        if (call !== latest.current) return;
        setResult(r);
        setError(null);
      })
      .catch((e: Error) => call === latest.current && setError(e.message))
      .finally(() => call === latest.current && setLoading(false));
  }, [type, query]);

  if (!form || !filters) return <p className="p-4 text-gray-500">{error ?? "Caricamento…"}</p>;
  const set = (change: Partial<ReportFilters>) => setFilters((f) => ({ ...f!, ...change }));
  const ref = (v: SelectableEntity | null) => (v ? { id: Number(v.id), toString: String(v.toString ?? "") } : null);
  const exportUrl = query ? buildUrl(`/api/reports/${type}/export`, { filters: JSON.parse(query) as Record<string, unknown> }) : "#";
  const period = result?.filters ?? filters;

  return (
    <div className="flex flex-col gap-4">
      <Card>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="report-filters">
          {form.fields.map((field) => {
            switch (field.kind) {
              case "preset":
                return (
                  <Field key={field.name} label={field.label}>
                    <Select
                      name="preset"
                      value={filters.preset}
                      options={field.options!.map((o) => ({ value: o, label: o }))}
                      onChange={(e) => {
                        const preset = e.target.value as ReportFilters["preset"];
                        set(preset === "Intervallo" ? { preset, from: period.from, to: period.to } : { preset });
                      }}
                    />
                  </Field>
                );
              case "date":
                return filters.preset === "Intervallo" ? (
                  <Field key={field.name} label={field.label}>
                    <DateInput name={field.name} value={field.name === "from" ? filters.from : filters.to} onChange={(v) => set({ [field.name]: v ?? "" })} />
                  </Field>
                ) : null;
              case "groupBy":
                return (
                  <Field key={field.name} label={field.label}>
                    <Select name="groupBy" value={filters.groupBy ?? "Mese"} options={field.options!.map((o) => ({ value: o, label: o }))} onChange={(e) => set({ groupBy: e.target.value as ReportFilters["groupBy"] })} />
                  </Field>
                );
              default: {
                const key = field.kind as "customer" | "user" | "job";
                return (
                  <Field key={field.name} label={field.label}>
                    <AjaxSelect name={field.name} url={field.optionsUrl!} value={filters[key] ? { id: filters[key]!.id, toString: filters[key]!.toString ?? "" } : null} onChange={(v) => set({ [key]: ref(v) })} placeholder="Tutti" />
                  </Field>
                );
              }
            }
          })}
        </div>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-gray-600">
          <span data-testid="report-period">
            Dal {formatDate(period.from)} al {formatDate(period.to)}
            {loading ? " · aggiornamento…" : ""}
          </span>
          <a className={buttonClasses("secondary", "sm")} href={exportUrl} download>
            Esporta XLSX
          </a>
        </div>
        {error && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        )}
      </Card>
      {result && (
        <>
          <Card title="Andamento per mese">
            <ReportChart series={result.series} defs={form.series} />
          </Card>
          <Card bodyClassName="p-0">
            <ReportTableView testId="report-table" table={{ title: form.title, columns: form.columns, rows: result.rows, totals: result.totals }} />
          </Card>
          {result.tables?.map((t) => (
            <Card key={t.title} title={t.title} bodyClassName="p-0">
              <ReportTableView testId="report-table-extra" table={t} />
            </Card>
          ))}
        </>
      )}
    </div>
  );
}
