"use client";

import { useEffect, useRef } from "react";

/**
 * Time entries changed outside a list's own form: STOP of the top bar's tracker, the entry's form saved or deleted
 * (from the tracker, Lista lavori eseguiti or a job's 'Ore lavorate' tab). Whoever shows the jobs' hours (the /lavori
 * grid's Ore lavorate and Da fatturare, the job form's Ore lavorate tab) listens for this window event and reloads.
 */
export const TIME_ENTRIES_CHANGED_EVENT = "time-entries-changed";

export function notifyTimeEntriesChanged(): void {
  window.dispatchEvent(new Event(TIME_ENTRIES_CHANGED_EVENT));
}

/** Calls `onChanged` whenever time entries change while the component is mounted. */
export function useTimeEntriesChanged(onChanged: () => void): void {
  const ref = useRef(onChanged);
  useEffect(() => {
    ref.current = onChanged;
  });
  useEffect(() => {
    const listener = () => ref.current();
    window.addEventListener(TIME_ENTRIES_CHANGED_EVENT, listener);
    return () => window.removeEventListener(TIME_ENTRIES_CHANGED_EVENT, listener);
  }, []);
}
