/**
 * The Scadenziario's quick filters (direction, state, period, range) as the list's addedParams: the page's first
 * block and every client request are read with the same object, and the totals of the footer follow them.
 */
import type { DeadlineDirection, DeadlinePeriod } from "@/lib/schemas/deadline";
import type { DeadlineState } from "@/lib/schemas/invoice";

export interface DeadlineQuickFilters {
  direction: DeadlineDirection | "";
  state: DeadlineState | "";
  period: DeadlinePeriod | "";
  from: string | null;
  to: string | null;
}

export const NO_QUICK_FILTERS: DeadlineQuickFilters = { direction: "", state: "", period: "", from: null, to: null };

/** GET /api/deadlines parameters: { addedParams: '{"direction":"IN",…}' } with only what is set (a range only with its period). */
export function deadlineParams(f: DeadlineQuickFilters): Record<string, string> {
  const added: Record<string, string> = {};
  if (f.direction) added.direction = f.direction;
  if (f.state) added.state = f.state;
  if (f.period) added.period = f.period;
  if (f.period === "range") {
    if (f.from) added.from = f.from;
    if (f.to) added.to = f.to;
  }
  return Object.keys(added).length ? { addedParams: JSON.stringify(added) } : {};
}
