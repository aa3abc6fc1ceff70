"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { ApiError, errorMessage, isAbortError, uploadWithProgress } from "@/lib/client/api";
import { isReceivedCredit } from "@/lib/schemas/expense";

export const IMPORT_EXPENSES_URL = "/api/expenses/import";
export const IMPORT_EXPENSES_TITLE = "Importa fatture elettroniche";
/** The server's limits (db/queries/expense-import.ts): checked here too, before sending 200 MB for nothing. */
const MAX_TOTAL_BYTES = 200 * 1024 * 1024;
export const IMPORT_TOO_LARGE = "Caricamento troppo grande: al massimo 200 MB in tutto per ogni importazione";
const ACCEPT = ".xml,.p7m,.zip";

/** `documentType` (TipoDocumento) when the server names it (issue 28): a credit note is not called 'Fattura'. */
export interface ExpenseImportReport {
  imported: { id: number; file: string; documentNumber: string; supplier: string; documentType?: string }[];
  duplicates: { file: string; documentNumber: string; documentType?: string }[];
  refused: { file: string; reason: string }[];
}

/** 'Fattura n. 12', 'Nota di credito n. 12', 'Nota di debito n. 12', 'Parcella n. 12' (the report's words). */
export function documentWords(documentType: string | undefined, documentNumber: string): string {
  const word = isReceivedCredit(documentType) ? "Nota di credito" : documentType === "TD05" || documentType === "TD09" ? "Nota di debito" : documentType === "TD06" ? "Parcella" : "Fattura";
  return `${word} n. ${documentNumber || "(senza numero)"}`;
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString("it-IT")} ${n === 1 ? one : many}`;

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("it-IT")} KB`;
  return `${(bytes / 1024 / 1024).toLocaleString("it-IT", { maximumFractionDigits: 1 })} MB`;
}

/** The end report: what was imported (links to the purchase invoices), the duplicates, the refused files with their reasons. */
function Report({ report, onOpen }: { report: ExpenseImportReport; onOpen?: (id: number) => void }) {
  const { imported, duplicates, refused } = report;
  return (
    <div className="flex flex-col gap-4" data-testid="import-expenses-report">
      <p className="text-sm font-medium" role="status">
        {`Importate ${count(imported.length, "fattura", "fatture")}, ${count(duplicates.length, "già presente", "già presenti")}, ${count(refused.length, "file scartato", "file scartati")}.`}
      </p>
      {imported.length > 0 && (
        <section aria-label="Fatture importate" className="flex flex-col gap-1">
          <h3 className="text-sm font-semibold text-primary-900">Importate</h3>
          <ul className="flex flex-col gap-1 rounded-md border border-border px-3 py-2 text-sm">
            {imported.map((i) => (
              <li key={i.id} className="break-words">
                {onOpen ? (
                  <button type="button" className="font-medium text-primary-700 underline" onClick={() => onOpen(i.id)}>
                    {documentWords(i.documentType, i.documentNumber)}
                  </button>
                ) : (
                  <span className="font-medium">{documentWords(i.documentType, i.documentNumber)}</span>
                )}{" "}
                di {i.supplier} <span className="text-gray-600">({i.file})</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {duplicates.length > 0 && (
        <section aria-label="Fatture già importate" className="flex flex-col gap-1">
          <h3 className="text-sm font-semibold text-gray-800">Già importate in precedenza (saltate)</h3>
          <ul className="flex flex-col gap-1 rounded-md border border-border bg-gray-50 px-3 py-2 text-sm">
            {duplicates.map((d, k) => (
              <li key={`${d.file}-${d.documentNumber}-${k}`} className="break-words">
                {documentWords(d.documentType, d.documentNumber)} <span className="text-gray-600">({d.file})</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {refused.length > 0 && (
        <section aria-label="File scartati" className="flex flex-col gap-1">
          <h3 className="text-sm font-semibold text-danger-800">File scartati</h3>
          <ul className="flex flex-col gap-1 rounded-md border border-danger-200 bg-danger-50 px-3 py-2 text-sm text-danger-800">
            {refused.map((r, k) => (
              <li key={`${r.file}-${k}`} className="break-words">
                <span className="font-medium">{r.file}:</span> {r.reason}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/**
 * 'Importa fatture elettroniche' (issue 12): the files received from the SDI or an intermediary (.xml, .xml.p7m) or
 * a .zip of them, many at once → POST /api/expenses/import with progress 'Caricamento... N%' → the end report
 * (imported, duplicates, refused files with the reason). onImported() after an import that wrote something, so the
 * list reloads; with onOpen, each imported invoice's number opens it (the page's form). The dialog's body scrolls
 * (a long report on a phone).
 */
export function ImportExpensesButton({ onImported, onOpen }: { onImported: () => void; onOpen?: (id: number) => void }) {
  const [open, setOpen] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<ExpenseImportReport | null>(null);
  const controller = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const busy = progress !== null;
  const total = files.reduce((a, f) => a + f.size, 0);

  const reset = () => {
    setFiles([]);
    setProgress(null);
    setError(null);
    setReport(null);
    if (input.current) input.current.value = "";
  };

  const choose = (list: FileList | null) => {
    const chosen = list ? Array.from(list) : [];
    setFiles(chosen);
    setReport(null);
    setError(chosen.reduce((a, f) => a + f.size, 0) > MAX_TOTAL_BYTES ? IMPORT_TOO_LARGE : null);
  };

  const upload = async () => {
    if (files.length === 0 || total > MAX_TOTAL_BYTES) return;
    const body = new FormData();
    for (const f of files) body.append("files", f, f.name);
    const ctrl = new AbortController();
    controller.current = ctrl;
    setError(null);
    setProgress(0);
    try {
      const r = await uploadWithProgress<ExpenseImportReport>(IMPORT_EXPENSES_URL, body, { signal: ctrl.signal, onProgress: setProgress });
      setReport({ imported: r.imported, duplicates: r.duplicates, refused: r.refused });
      setFiles([]);
      if (input.current) input.current.value = "";
      if (r.imported.length > 0) onImported();
    } catch (e) {
      if (isAbortError(e)) return;
      setError(e instanceof ApiError && e.status === 413 && !e.message.includes("200 MB") ? IMPORT_TOO_LARGE : errorMessage(e));
    } finally {
      if (controller.current === ctrl) setProgress(null);
    }
  };

  return (
    <>
      <Button type="button" variant="secondary" size="sm" onClick={() => setOpen(true)}>
        {IMPORT_EXPENSES_TITLE}
      </Button>
      <Modal
        open={open}
        onClose={() => {
          setOpen(false);
          reset();
        }}
        title={IMPORT_EXPENSES_TITLE}
        size="md"
        busy={busy}
        footer={
          <>
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                setOpen(false);
                reset();
              }}
              disabled={busy}
            >
              Chiudi
            </Button>
            <Button type="button" onClick={() => void upload()} disabled={files.length === 0 || total > MAX_TOTAL_BYTES} loading={busy}>
              Importa
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          <p className="text-sm text-gray-700">
            Scegli le fatture ricevute (file .xml o .xml.p7m, anche firmati) oppure un archivio .zip che le contiene, come li scarichi dal portale Fatture e
            Corrispettivi o dal tuo intermediario: al massimo 200 MB per volta, 50 MB per fattura. Ogni fattura diventa una fattura di acquisto con le sue
            scadenze; il fornitore viene cercato in anagrafica per partita IVA o codice fiscale, e creato se manca.
          </p>
          <div className="flex flex-col gap-2">
            <label htmlFor="import-expenses-files" className="text-sm font-medium">
              File delle fatture
            </label>
            {/* the browser's own button speaks the browser's language: ours says it in Italian */}
            <input
              id="import-expenses-files"
              ref={input}
              type="file"
              multiple
              accept={ACCEPT}
              disabled={busy}
              onChange={(e) => choose(e.currentTarget.files)}
              className="sr-only"
            />
            <div className="flex flex-wrap items-center gap-2">
              <Button type="button" variant="secondary" size="sm" disabled={busy} onClick={() => input.current?.click()}>
                Scegli i file…
              </Button>
              {files.length === 0 && <span className="text-sm text-gray-600">Nessun file scelto</span>}
            </div>
            {files.length > 0 && <p className="text-sm text-gray-700">{`${count(files.length, "file scelto", "file scelti")} (${size(total)})`}</p>}
          </div>
          {progress !== null && (
            <div className="flex flex-col gap-1" aria-live="polite">
              <p className="text-sm font-medium">{progress < 100 ? `Caricamento... ${progress}%` : "Importazione in corso..."}</p>
              <progress className="h-2 w-full" max={100} value={progress} aria-label="Avanzamento del caricamento" />
            </div>
          )}
          {error && (
            <p role="alert" className="rounded-md border border-danger-200 bg-danger-50 px-3 py-2 text-sm whitespace-pre-line text-danger-800">
              {error}
            </p>
          )}
          {report && <Report report={report} onOpen={onOpen} />}
        </div>
      </Modal>
    </>
  );
}
