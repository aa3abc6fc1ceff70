/** The time tracker's clock (pure, shared by the top bar and its tests). */
import { formatDuration } from "@/lib/format";
import { romeParts } from "@/lib/rome-time";

/** The tracker's refresh (spec §9: elapsed time every 5 seconds). */
export const ELAPSED_REFRESH_MS = 5000;

/** Whole minutes from the START instant (ISO) to now; never negative (a browser clock behind the server's). */
export function elapsedMinutes(startIso: string, nowMs: number): number {
  const start = Date.parse(startIso);
  if (!Number.isFinite(start)) return 0;
  return Math.max(0, Math.floor((nowMs - start) / 60_000));
}

/**
 * The elapsed time as the top bar shows it (spec §9): up to 60 minutes 'N minuti', beyond in hours
 * with two decimals at most ('1,02 ore', '2,08 ore'), as lib/format.ts formatDuration.
 */
export function formatElapsed(startIso: string, nowMs: number): string {
  return formatDuration(elapsedMinutes(startIso, nowMs));
}

/** The START time on the Italian clock (the times of the entries are Italian wall-clock times). */
export function startClock(startIso: string): string {
  const start = new Date(startIso);
  return Number.isNaN(start.getTime()) ? "" : romeParts(start).time;
}
