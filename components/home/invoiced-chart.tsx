"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatEuro } from "@/lib/format";
import { euroAxis } from "./euro-axis";

/** Invoiced month by month: this year beside last year (cents in, euros on the axis). */
export function InvoicedChart({ months, year }: { months: { month: string; current: number; previous: number }[]; year: number }) {
  const data = months.map((m) => ({ month: m.month, [String(year)]: m.current / 100, [String(year - 1)]: m.previous / 100 }));
  // our own ticks: recharts' (rounded to thousands by the old formatter) repeated, '0, 550, 1k, 2k, 2k'
  const axis = euroAxis(months.flatMap((m) => [m.current / 100, m.previous / 100]));
  return (
    <div className="h-64 w-full" data-testid="home-invoiced-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="month" tick={{ fontSize: 12 }} />
          <YAxis tick={{ fontSize: 12 }} width={64} ticks={axis.ticks} domain={[axis.ticks[0]!, axis.ticks.at(-1)!]} interval={0} tickFormatter={axis.label} />
          <Tooltip formatter={(v) => formatEuro(Math.round(Number(v) * 100))} />
          <Legend />
          <Bar dataKey={String(year - 1)} fill="#c4b5fd" />
          <Bar dataKey={String(year)} fill="#6d28d9" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
