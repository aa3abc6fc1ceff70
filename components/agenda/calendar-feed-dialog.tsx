"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { confirmDialog } from "@/components/ui/dialogs";
import { Input } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import { apiGet, apiPost, showError, showSuccess } from "@/lib/client/api";

export const FEED_TITLE = "Calendario esterno";
export const REGENERATE_CONFIRM = "Il vecchio indirizzo smetterà subito di funzionare: i calendari che lo usano andranno aggiornati. Continuare?";

/**
 * 'Calendario esterno': the user's secret .ics URL (Google Calendar, Outlook, Apple Calendar subscribe to it) and
 * 'Rigenera', which replaces it (the old one answers 404 at once).
 */
export function CalendarFeedButton({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState<string | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  async function show() {
    setOpen(true);
    try {
      setUrl((await apiGet<{ url: string | null }>("/api/calendar/token")).url);
    } catch (error) {
      setOpen(false);
      await showError(error);
    }
  }

  async function regenerate() {
    if (url && !(await confirmDialog(REGENERATE_CONFIRM))) return;
    setBusy(true);
    try {
      const r = await apiPost<{ url: string }>("/api/calendar/regenerate-token");
      setUrl(r.url);
      void showSuccess(r);
    } catch (error) {
      await showError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button type="button" variant="secondary" size="sm" className={className} onClick={show}>
        {FEED_TITLE}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={FEED_TITLE}
        size="md"
        busy={busy}
        footer={
          <>
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Chiudi
            </Button>
            <Button type="button" onClick={regenerate} loading={busy} disabled={url === undefined}>
              {url ? "Rigenera" : "Genera indirizzo"}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-3 text-sm text-gray-700">
          <p>
            Con questo indirizzo segreto puoi vedere appuntamenti, impegni e scadenze in Google Calendar, Outlook o Apple Calendar (aggiungi un calendario
            &quot;da URL&quot;). Non condividerlo: chi lo conosce vede la tua agenda.
          </p>
          {url === undefined ? (
            <p>Caricamento…</p>
          ) : url ? (
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input readOnly value={url} aria-label="Indirizzo del calendario" data-testid="calendar-feed-url" onFocus={(e) => e.currentTarget.select()} className="min-w-0 flex-1" />
              <Button type="button" variant="secondary" onClick={() => void navigator.clipboard?.writeText(url)}>
                Copia
              </Button>
            </div>
          ) : (
            <p>Nessun indirizzo ancora: generane uno.</p>
          )}
        </div>
      </Modal>
    </>
  );
}
