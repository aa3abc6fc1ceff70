import { formatScaled } from "@/lib/format";

/** A "nice" step (1, 2, 2.5 or 5 × 10^k euros, at least 1) giving at most about `intervals` intervals over `span`. */
function niceStep(span: number, intervals: number): number {
  const raw = Math.max(span / intervals, 1);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw - 1e-9)!;
  return step;
}

/**
 * The y axis of a chart in euros: ticks on a nice step from 0 (or below, for negative months) to at least the
 * highest value, each distinct, and their labels in euros, "€ 1'500", or in thousands from € 10.000, "€ 25k",
 * "€ 2,5k", or millions, "€ 1,5 mln" (recharts' own ticks, rounded to thousands, read '0, 550, 1k, 2k, 2k').
 */
export function euroAxis(values: readonly number[], intervals = 5): { ticks: number[]; label: (euros: number) => string } {
  const min = Math.min(0, ...values.filter(Number.isFinite));
  // nothing invoiced yet: an axis up to € 1.000 rather than a single 0
  const max = Math.max(0, ...values.filter(Number.isFinite)) || (min < 0 ? 0 : 1000);
  const step = niceStep(max - min, intervals);
  const low = Math.floor(min / step) * step;
  const high = Math.max(Math.ceil(max / step) * step, low + step);
  const ticks: number[] = [];
  for (let v = low; v <= high + step / 2; v += step) ticks.push(Math.round(v * 100) / 100);
  const top = Math.max(Math.abs(low), high);
  const label = (euros: number) => {
    if (euros === 0) return "€ 0";
    if (top >= 1_000_000) return `${formatScaled(Math.round(euros / 10_000), 2, { currency: true, trimZeros: true })} mln`;
    if (top >= 10_000) return `${formatScaled(Math.round(euros / 10), 2, { currency: true, trimZeros: true })}k`;
    return formatScaled(Math.round(euros * 100), 2, { currency: true, trimZeros: true });
  };
  return { ticks, label };
}
