"use client";

import { useSyncExternalStore } from "react";

/** Phones: below Tailwind's `sm` (640 px). The agenda's list view and the grids' cards switch on it. */
export const PHONE_QUERY = "(max-width: 640px)";

function subscribePhone(onChange: () => void) {
  const mq = window.matchMedia(PHONE_QUERY);
  mq.addEventListener("change", onChange);
  return () => mq.removeEventListener("change", onChange);
}

/** True on a phone-sized window; false on the server (the first render), then the real answer after hydration. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribePhone,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}
