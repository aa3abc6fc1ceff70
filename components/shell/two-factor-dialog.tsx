"use client";

import { useEffect, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import { apiPost, apiPostEntity, errorMessage, showError, showSuccess } from "@/lib/client/api";

export const TWO_FACTOR_TITLE = "Autenticazione a due fattori";
export const RECOVERY_CODES_NOTE =
  "Conserva questi codici di recupero in un luogo sicuro: ognuno vale per un solo accesso, se non hai il telefono con te. Non verranno più mostrati.";

type Step = { kind: "off" } | { kind: "setup"; secret: string; qrCode: string } | { kind: "codes"; codes: string[] } | { kind: "on" };

/**
 * 'Autenticazione a due fattori' (issue 29): turn on (QR code and the secret for an authenticator app, a code to
 * confirm, then the 10 recovery codes shown once) or off (a current code or a recovery code). Calls
 * /api/users/two-factor/setup | enable | disable; `onChange` tells the caller the new state.
 */
export function TwoFactorDialog({ open, enabled, onClose, onChange }: { open: boolean; enabled: boolean; onClose: () => void; onChange: (enabled: boolean) => void }) {
  const [step, setStep] = useState<Step>({ kind: enabled ? "on" : "off" });
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setStep({ kind: enabled ? "on" : "off" });
    setCode("");
    setError(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the state when opened: enabling changes `enabled` while the codes are still shown
  }, [open]);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const start = () =>
    run(async () => {
      const r = await apiPost<{ secret: string; qrCode: string }>("/api/users/two-factor/setup");
      setCode("");
      setStep({ kind: "setup", secret: r.secret, qrCode: r.qrCode });
    });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (step.kind === "setup")
      void run(async () => {
        const r = await apiPostEntity<{ recoveryCodes: string[] }>("/api/users/two-factor/enable", "twoFactor", { code });
        setStep({ kind: "codes", codes: r.recoveryCodes });
        onChange(true);
      });
    else if (step.kind === "on")
      void run(async () => {
        const r = await apiPostEntity("/api/users/two-factor/disable", "twoFactor", { code });
        void showSuccess(r);
        onChange(false);
        onClose();
      });
  }

  const codeField = (hint: string) => (
    <Field label="Codice di verifica" required hint={hint} error={error ?? undefined}>
      <Input
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        inputMode={step.kind === "setup" ? "numeric" : "text"}
        autoFocus
        data-testid="two-factor-code"
      />
    </Field>
  );

  const footer =
    step.kind === "off" ? (
      <Button type="button" onClick={start} loading={busy}>
        Attiva
      </Button>
    ) : step.kind === "setup" ? (
      <Button type="submit" loading={busy} disabled={!code.trim()}>
        Conferma
      </Button>
    ) : step.kind === "codes" ? (
      <Button type="button" onClick={onClose}>
        Ho salvato i codici
      </Button>
    ) : (
      <Button type="submit" variant="danger" loading={busy} disabled={!code.trim()}>
        Disattiva
      </Button>
    );

  return (
    <Modal open={open} onClose={onClose} title={TWO_FACTOR_TITLE} size="sm" busy={busy} onSubmit={onSubmit} footer={footer}>
      <div className="flex flex-col gap-3 text-sm text-gray-700" data-testid="two-factor-dialog">
        {step.kind === "off" && (
          <>
            <p>
              Oltre alla password, a ogni accesso ti verrà chiesto un codice di 6 cifre generato da un&apos;app di autenticazione sul telefono
              (ad esempio Google Authenticator, Microsoft Authenticator o 1Password).
            </p>
            {error && (
              <p role="alert" className="text-danger-700">
                {error}
              </p>
            )}
          </>
        )}
        {step.kind === "setup" && (
          <>
            <p>1. Inquadra il codice QR con l&apos;app di autenticazione, oppure inserisci a mano la chiave segreta.</p>
            {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL made by the server: nothing for next/image to optimise */}
            <img src={step.qrCode} alt="Codice QR per l'app di autenticazione" width={220} height={220} className="self-center" />
            <Field label="Chiave segreta">
              <Input value={step.secret.replace(/(.{4})/g, "$1 ").trim()} readOnly className="font-mono" data-testid="two-factor-secret" />
            </Field>
            <p>2. Inserisci il codice di 6 cifre che l&apos;app mostra.</p>
            {codeField("Il codice cambia ogni 30 secondi")}
          </>
        )}
        {step.kind === "codes" && (
          <>
            <p className="font-medium text-gray-900">L&apos;autenticazione a due fattori è attiva.</p>
            <p>{RECOVERY_CODES_NOTE}</p>
            <ul className="grid grid-cols-2 gap-2 rounded-md border border-border bg-gray-50 p-3 font-mono text-base" data-testid="recovery-codes">
              {step.codes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
            <Button type="button" variant="secondary" size="sm" className="self-start" onClick={() => void navigator.clipboard?.writeText(step.codes.join("\n")).catch(showError)}>
              Copia i codici
            </Button>
          </>
        )}
        {step.kind === "on" && (
          <>
            <p>L&apos;autenticazione a due fattori è attiva: a ogni accesso ti viene chiesto il codice dell&apos;app.</p>
            <p>Per disattivarla inserisci un codice dell&apos;app o uno dei codici di recupero.</p>
            {codeField("Il codice di 6 cifre dell'app, oppure un codice di recupero")}
          </>
        )}
      </div>
    </Modal>
  );
}
