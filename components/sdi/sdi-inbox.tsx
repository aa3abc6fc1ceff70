"use client";

import { useCallback, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { apiGet, apiPost, showError, showSuccess } from "@/lib/client/api";
import { saveBase64File, type Base64File } from "@/lib/client/download";

/**
 * 'SDI da verificare' (issue 31): the messages of the tenant's PEC mailbox the product could not place (a receipt about
 * no document of ours, an invoice not sent by SDI, a delivery error of the PEC provider, a message without SDI files),
 * each with its reason and its files to download; 'Controlla ora' reads the mailbox at once (the scheduled job does it
 * every few minutes). Cards rather than a grid: a handful of rows, long reasons that must read whole on a phone.
 */
interface InboxFile {
  index: number;
  name: string;
  url: string;
}
interface InboxMessage {
  id: number;
  receivedAt: string | null;
  from: string;
  subject: string;
  outcome: string;
  reason: string;
  files: InboxFile[];
}

export const SDI_INBOX_EMPTY = "Nessun messaggio da verificare: tutto quello che è arrivato nella casella PEC è stato applicato o importato.";

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString("it-IT", { timeZone: "Europe/Rome", dateStyle: "short", timeStyle: "short" }) : "");

export function SdiInbox() {
  const [messages, setMessages] = useState<InboxMessage[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const res = await apiGet<{ messages: InboxMessage[] }>("/api/sdi-inbox");
      setMessages(res.messages);
    } catch (e) {
      await showError(e);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function check() {
    setBusy("check");
    try {
      const res = await apiPost("/api/sdi-inbox/check");
      void showSuccess(res);
      await load();
    } catch (e) {
      await showError(e);
    } finally {
      setBusy(null);
    }
  }
  async function download(f: InboxFile) {
    setBusy(f.url);
    try {
      saveBase64File(await apiGet<Base64File>(f.url));
    } catch (e) {
      await showError(e);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-4 p-4">
      <div className="flex flex-wrap items-center gap-3">
        <p className="min-w-0 flex-1 text-sm text-gray-700">Messaggi della casella PEC che il programma non ha potuto abbinare a una fattura né importare.</p>
        <Button type="button" size="sm" loading={busy === "check"} disabled={busy !== null && busy !== "check"} onClick={() => void check()}>
          Controlla ora
        </Button>
      </div>
      {messages === null ? (
        <p className="text-sm text-gray-500">Caricamento…</p>
      ) : messages.length === 0 ? (
        <p className="text-sm text-gray-700" data-testid="sdi-inbox-empty">
          {SDI_INBOX_EMPTY}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="sdi-inbox-list">
          {messages.map((m) => (
            <li key={m.id} className="rounded border border-gray-200 bg-white p-3 shadow-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <span className="min-w-0 break-words font-medium">{m.subject || "(senza oggetto)"}</span>
                <span className="text-xs text-gray-500">{when(m.receivedAt)}</span>
              </div>
              <p className="break-all text-xs text-gray-600">Da: {m.from || "mittente sconosciuto"}</p>
              <p className="mt-2 whitespace-pre-line break-words text-sm text-gray-800">{m.reason}</p>
              {m.files.length > 0 && (
                <div className="mt-2 flex flex-wrap gap-2">
                  {m.files.map((f) => (
                    <Button key={f.url} type="button" size="sm" variant="secondary" loading={busy === f.url} disabled={busy !== null && busy !== f.url} onClick={() => void download(f)}>
                      {`Scarica ${f.name}`}
                    </Button>
                  ))}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
