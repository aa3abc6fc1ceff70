import Link from "next/link";
import { Card } from "@/components/ui/card";
import type { HomeData } from "@/db/queries/home";
import { formatEuro } from "@/lib/format";
import { italianDate } from "@/lib/rome-time";
import { InvoicedChart } from "./invoiced-chart";

const more = (href: string, label: string) => (
  <Link href={href} className="text-sm text-primary-700 hover:underline">
    {label}
  </Link>
);

function Figure({ label, value, tone, href }: { label: string; value: string; tone?: "red"; href: string }) {
  return (
    <Link href={href} className="block rounded-md border border-border bg-white px-3 py-2 hover:border-primary-300">
      <div className="text-xs text-gray-500">{label}</div>
      <div className={`text-lg font-semibold ${tone === "red" ? "text-red-700" : "text-gray-900"}`}>{value}</div>
    </Link>
  );
}

/** The start page's panels (db/queries/home.ts decides what they hold). */
export function HomeDashboard({ firstName, data }: { firstName: string; data: HomeData }) {
  const year = Number(data.today.slice(0, 4));
  const m = data.money;
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-gray-900">
        Benvenuto{firstName ? `, ${firstName}` : ""} <span className="text-sm font-normal text-gray-500">· {italianDate(data.today)}</span>
      </h2>
      {data.timer && (
        <p className="rounded-md border border-primary-200 bg-primary-50 px-3 py-2 text-sm text-primary-900" data-testid="home-timer">
          Timer in corso su <strong>{data.timer.activity}</strong> dalle {data.timer.since}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        <Card title="Appuntamenti di oggi" actions={more("/agenda", "Agenda")}>
          {data.appointments.length === 0 ? (
            <p className="text-sm text-gray-500">Nessun appuntamento oggi.</p>
          ) : (
            <ul className="space-y-1.5 text-sm" data-testid="home-appointments">
              {data.appointments.map((a) => (
                <li key={a.id}>
                  <span className="font-medium tabular-nums">{a.allDay ? "Tutto il giorno" : `${a.start}–${a.end}`}</span> {a.title}
                  {a.place && <span className="text-gray-500"> · {a.place}</span>}
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="I miei impegni aperti" actions={more("/impegni", "Impegni")}>
          {data.todos.length === 0 ? (
            <p className="text-sm text-gray-500">Nessun impegno aperto.</p>
          ) : (
            <ul className="space-y-1.5 text-sm" data-testid="home-todos">
              {data.todos.map((t) => (
                <li key={t.id} className="flex justify-between gap-2">
                  <span>{t.title}</span>
                  <span className={`shrink-0 tabular-nums ${t.overdue ? "font-medium text-red-700" : "text-gray-500"}`}>{t.dueDate ? italianDate(t.dueDate) : "senza scadenza"}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Lavori recenti" actions={more("/lavori", "Lavori")}>
          {data.recentJobs.length === 0 ? (
            <p className="text-sm text-gray-500">Nessuna ora registrata negli ultimi 60 giorni.</p>
          ) : (
            <ul className="space-y-1.5 text-sm" data-testid="home-jobs">
              {data.recentJobs.map((j) => (
                <li key={j.id} className="flex justify-between gap-2">
                  <span>{j.label}</span>
                  <span className="shrink-0 tabular-nums text-gray-500">{italianDate(j.lastWorked)}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
      {m && (
        <Card title={`Fatturato ${year} e ${year - 1}`} actions={more("/fatture", "Fatture")} data-testid="home-money">
          <div className="mb-3 grid grid-cols-2 gap-2 md:grid-cols-4">
            <Figure label={`Fatturato ${year}`} value={formatEuro(m.invoicedThisYear)} href="/fatture" />
            <Figure label={`Stesso periodo ${year - 1}`} value={formatEuro(m.invoicedLastYearToDate)} href="/fatture" />
            <Figure label="Da incassare (di cui scaduto)" value={`${formatEuro(m.toCollect)} (${formatEuro(m.overdue)})`} tone={m.overdue > 0 ? "red" : undefined} href="/scadenziario" />
            <Figure label="Da pagare entro 30 giorni" value={formatEuro(m.toPayNext30)} href="/scadenziario" />
          </div>
          {m.forfettario && (
            <div className="mb-3 text-sm" data-testid="home-forfettario">
              <div className="mb-1 flex justify-between">
                <span>Regime forfettario: ricavi {year}</span>
                <span className="tabular-nums">
                  {formatEuro(m.forfettario.taxable)} su {formatEuro(m.forfettario.limit)}
                </span>
              </div>
              <div className="h-2 overflow-hidden rounded bg-gray-200">
                <div
                  className={`h-full ${m.forfettario.taxable > m.forfettario.limit ? "bg-red-600" : "bg-primary-600"}`}
                  style={{ width: `${Math.min(100, Math.max(0, (m.forfettario.taxable / m.forfettario.limit) * 100)).toFixed(1)}%` }}
                />
              </div>
            </div>
          )}
          <InvoicedChart months={m.months} year={year} />
        </Card>
      )}
    </div>
  );
}
