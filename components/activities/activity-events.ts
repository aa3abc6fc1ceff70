"use client";

import { useEffect, useRef } from "react";

/**
 * A job was deleted from its form ('Elimina lavoro'). ActivityForm's props are fixed (the time tracker
 * imports it) and have no onDeleted: whoever lists jobs (the /lavori grid, the customer form's Lavori
 * tab, the time tracker's selector) listens for this window event and reloads.
 */
export const ACTIVITY_DELETED_EVENT = "activity-deleted";

export function notifyActivityDeleted(id: number): void {
  window.dispatchEvent(new CustomEvent<number>(ACTIVITY_DELETED_EVENT, { detail: id }));
}

/** Calls `onDeleted` with the id of every job deleted while the component is mounted. */
export function useActivityDeleted(onDeleted: (id: number) => void): void {
  const ref = useRef(onDeleted);
  useEffect(() => {
    ref.current = onDeleted;
  });
  useEffect(() => {
    const listener = (e: Event) => ref.current((e as CustomEvent<number>).detail);
    window.addEventListener(ACTIVITY_DELETED_EVENT, listener);
    return () => window.removeEventListener(ACTIVITY_DELETED_EVENT, listener);
  }, []);
}
