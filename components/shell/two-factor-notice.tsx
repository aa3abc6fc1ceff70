"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TwoFactorDialog } from "./two-factor-dialog";

export const TWO_FACTOR_REQUIRED_NOTICE = "La tua azienda richiede l'autenticazione a due fattori: attivala per continuare a usare il gestionale.";

/**
 * Shown by the shell in place of the page when the tenant requires two-factor login (Impostazioni) and the user has
 * not turned it on. A decision of issue 29: the login itself cannot ask such a user for a code (there is no secret
 * yet), so the session starts and the shell leads to the setup first; the API is not refused meanwhile (the user
 * proved the password, and the setup calls themselves need the session). Profile and Logout stay in the top bar.
 */
export function TwoFactorNotice({ onEnabled }: { onEnabled: () => void }) {
  const [open, setOpen] = useState(false);
  // the page comes back once the dialog closes: the recovery codes are shown in it first
  const [enabled, setEnabled] = useState(false);
  return (
    <div className="mx-auto mt-8 flex max-w-lg flex-col items-start gap-4 rounded-lg border border-border bg-white p-6 shadow-sm" data-testid="two-factor-required">
      <h2 className="text-lg font-semibold text-gray-900">Autenticazione a due fattori richiesta</h2>
      <p className="text-gray-700">{TWO_FACTOR_REQUIRED_NOTICE}</p>
      <Button type="button" onClick={() => setOpen(true)}>
        Attiva ora
      </Button>
      <TwoFactorDialog
        open={open}
        enabled={false}
        onClose={() => {
          setOpen(false);
          if (enabled) onEnabled();
        }}
        onChange={setEnabled}
      />
    </div>
  );
}
