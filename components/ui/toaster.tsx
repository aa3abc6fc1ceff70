"use client";

import { Toaster as SonnerToaster } from "sonner";

/** Toasts appear top-centre for 5 seconds (spec §2, §9). */
export const TOAST_DURATION_MS = 5000;

/** Mount once in the root layout, next to <DialogHost/>. */
export function Toaster() {
  return (
    <SonnerToaster
      position="top-center"
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      theme="light"
      containerAriaLabel="Notifiche"
      toastOptions={{ closeButtonAriaLabel: "Chiudi notifica" }}
    />
  );
}
