"use client";

import { useCallback, useSyncExternalStore } from "react";

/** Phones: below Tailwind's `sm` (640 px). The agenda's list view and the grids' cards switch on it. */
export const PHONE_QUERY = "(max-width: 640px)";

/** Whether the window matches a CSS media query, followed as it changes; `onServer` on the server (the first render). */
export function useMediaQuery(query: string, onServer: boolean): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const mq = window.matchMedia(query);
      mq.addEventListener("change", onChange);
      return () => mq.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => onServer,
  );
}

/** True on a phone-sized window; false on the server (the first render), then the real answer after hydration. */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false);
}
