"use client";

import { Toaster as SonnerToaster } from "sonner";

/** Toasts appear top-centre for 5 seconds (spec §2, §9). */
export const TOAST_DURATION_MS = 5000;

/**
 * Just under the top bar (h-14), not over it: a toast there covered the time tracker's START and STOP for
 * its 5 seconds (longer while the pointer rests on it), right when 'Inizio lavoro confermato' asks for STOP.
 */
const TOAST_OFFSET = { top: "4rem" } as const;

/** Mount once in the root layout, next to <DialogHost/>. */
export function Toaster() {
  return (
    <SonnerToaster
      position="top-center"
      offset={TOAST_OFFSET}
      mobileOffset={TOAST_OFFSET}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      theme="light"
      containerAriaLabel="Notifiche"
      toastOptions={{ closeButtonAriaLabel: "Chiudi notifica" }}
    />
  );
}
