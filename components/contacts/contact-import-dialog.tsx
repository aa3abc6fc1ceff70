"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { Button, Spinner } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { Select } from "@/components/ui/select";
import { ApiError, apiPost, errorMessage, isAbortError, showSuccess } from "@/lib/client/api";
import {
  CONTACT_IMPORT_FILE_FIELD,
  CONTACT_IMPORT_OPTIONS_FIELD,
  CONTACT_IMPORT_URLS,
  IMPORT_DEFAULT_ROLE_LABELS,
  IMPORT_DEFAULT_ROLES,
  IMPORT_FIELDS,
  type ContactImportPreview,
  type ContactImportResult,
  type ImportDefaultRole,
  type ImportField,
  type ImportOnExisting,
  type ImportRowReport,
} from "@/lib/schemas/contact-import";
import { IMPORT_TOO_BIG, MAX_IMPORT_BYTES } from "@/lib/schemas/import-limits";

export const IMPORT_TITLE = "Importa clienti e fornitori";
const NOT_IMPORTED = "Non importare";
const SEPARATORS: Record<string, string> = { ";": "punto e virgola", ",": "virgola", "\t": "tabulazione" };

const ON_EXISTING_OPTIONS: { value: ImportOnExisting; label: string }[] = [
  { value: "skip", label: "Saltali (restano come sono)" },
  { value: "update", label: "Aggiornali con i dati del file" },
];

interface Options {
  mapping?: (ImportField | null)[];
  onExisting: ImportOnExisting;
  defaultRole: ImportDefaultRole;
}

function body(file: File, options: Options): FormData {
  const fd = new FormData();
  fd.set(CONTACT_IMPORT_FILE_FIELD, file, file.name);
  fd.set(CONTACT_IMPORT_OPTIONS_FIELD, JSON.stringify(options));
  return fd;
}

/** The server's message; a refused size says the limit (the generic 413 text would not). */
function failure(error: unknown): string {
  return error instanceof ApiError && error.status === 413 ? IMPORT_TOO_BIG : errorMessage(error);
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("it-IT")} ${n === 1 ? one : many}`;

function Report({ title, rows, truncated }: { title: string; rows: readonly ImportRowReport[]; truncated: boolean }) {
  if (rows.length === 0) return null;
  return (
    <section aria-label={title} className="flex flex-col gap-1">
      <h3 className="text-sm font-semibold text-danger-800">{title}</h3>
      <ul className="max-h-48 overflow-auto rounded-md border border-danger-200 bg-danger-50 px-3 py-2 text-sm text-danger-800" data-testid="import-report">
        {rows.map((r) => (
          <li key={r.row}>
            <span className="font-medium">Riga {r.row}:</span> {r.messages.join("; ")}
          </li>
        ))}
        {truncated && <li className="italic">Sono elencate le prime righe: correggi queste e importa di nuovo il file per vedere le altre.</li>}
      </ul>
    </section>
  );
}

/**
 * 'Importa clienti e fornitori' (issue 9): choose a CSV or XLSX → the preview with the detected column
 * mapping, changeable per column, and the rows that would be refused (row number and message) → 'Importa'
 * saves the valid rows in one transaction → the result counts created, updated, skipped and refused rows.
 * Every change of the mapping or of the options asks the preview again (the file is sent again: the server
 * keeps nothing between calls). onClose(true) after an import, so the grid reloads.
 */
export function ContactImportDialog({ onClose }: { onClose: (imported: boolean) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [options, setOptions] = useState<Options>({ onExisting: "skip", defaultRole: "CUSTOMER" });
  const [preview, setPreview] = useState<ContactImportPreview | null>(null);
  const [loading, setLoading] = useState(false);
  const [committing, setCommitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<(ContactImportResult & { message: string }) | null>(null);
  const controller = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const runPreview = useCallback((f: File, o: Options) => {
    controller.current?.abort();
    const ctrl = new AbortController();
    controller.current = ctrl;
    setLoading(true);
    setError(null);
    apiPost<{ preview: ContactImportPreview }>(CONTACT_IMPORT_URLS.preview, body(f, o), { signal: ctrl.signal })
      .then((r) => setPreview(r.preview))
      .catch((e) => {
        if (isAbortError(e)) return;
        setPreview(null);
        setError(failure(e));
      })
      .finally(() => {
        if (controller.current === ctrl) setLoading(false);
      });
  }, []);
  useEffect(() => () => controller.current?.abort(), []);

  const update = (next: Partial<Options>) => {
    const o = { ...options, ...next };
    setOptions(o);
    if (file) runPreview(file, o);
  };

  const choose = (f: File | null) => {
    setFile(f);
    setPreview(null);
    setResult(null);
    setError(null);
    const o = { ...options, mapping: undefined };
    setOptions(o);
    if (!f) return;
    if (f.size > MAX_IMPORT_BYTES) return setError(IMPORT_TOO_BIG);
    runPreview(f, o);
  };

  const setColumn = (index: number, field: ImportField | null) => {
    if (!preview) return;
    const mapping = preview.mapping.map((f, i) => (i === index ? field : f === field && field !== null ? null : f));
    update({ mapping });
  };

  async function commit() {
    if (!file || !preview) return;
    setCommitting(true);
    setError(null);
    try {
      const r = await apiPost<{ result: ContactImportResult }>(CONTACT_IMPORT_URLS.commit, body(file, { ...options, mapping: preview.mapping }));
      setResult({ ...r.result, message: r.message ?? "" });
      void showSuccess(r);
    } catch (e) {
      setError(failure(e));
    } finally {
      setCommitting(false);
    }
  }

  const counts = preview?.counts;
  const writable = counts ? counts.created + counts.updated : 0;
  const canImport = Boolean(preview && !result && !loading && !committing && preview.problems.length === 0 && writable > 0);

  return (
    <Modal
      open
      size="xl"
      title={IMPORT_TITLE}
      busy={committing}
      onClose={() => onClose(result !== null)}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={() => onClose(result !== null)} disabled={committing}>
            Chiudi
          </Button>
          {!result && (
            <Button type="button" onClick={() => void commit()} disabled={!canImport} loading={committing}>
              {writable > 0 ? `Importa ${plural(writable, "contatto", "contatti")}` : "Importa"}
            </Button>
          )}
        </>
      }
    >
      <div className="flex flex-col gap-4" data-testid="contact-import">
        <p className="text-sm text-gray-700">
          File CSV (separato da punto e virgola, virgola o tabulazione; UTF-8 o Windows-1252) oppure Excel .xlsx, fino a 10 MB. La prima riga deve contenere i nomi
          delle colonne: le colonne riconosciute vengono abbinate da sole e puoi cambiare gli abbinamenti prima di importare.
        </p>
        <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
          <div className="flex flex-col gap-1">
            <span className="text-sm font-medium text-gray-700">File da importare</span>
            {/* the browser's own file button speaks the browser's language: ours speaks Italian */}
            <div className="flex min-h-9 items-center gap-2">
              <Button type="button" variant="secondary" size="sm" disabled={committing || result !== null} onClick={() => fileInput.current?.click()}>
                Scegli il file...
              </Button>
              <span className="min-w-0 truncate text-sm text-gray-800" title={file?.name}>
                {file?.name ?? "Nessun file scelto"}
              </span>
            </div>
            <input
              ref={fileInput}
              type="file"
              aria-label="File da importare"
              accept=".csv,.txt,.tsv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              disabled={committing || result !== null}
              onChange={(e) => {
                choose(e.target.files?.[0] ?? null);
                // the same file chosen again (after fixing it) must be read again
                e.target.value = "";
              }}
              className="sr-only"
            />
          </div>
          <label className="flex flex-col gap-1 text-sm font-medium text-gray-700">
            Contatti già presenti (stessa partita IVA)
            <Select value={options.onExisting} disabled={result !== null} onChange={(e) => update({ onExisting: e.target.value as ImportOnExisting })} options={ON_EXISTING_OPTIONS} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-gray-700">
            Se il file non dice se sono clienti o fornitori
            <Select
              value={options.defaultRole}
              disabled={result !== null}
              onChange={(e) => update({ defaultRole: e.target.value as ImportDefaultRole })}
              options={IMPORT_DEFAULT_ROLES.map((r) => ({ value: r, label: `Importali come ${IMPORT_DEFAULT_ROLE_LABELS[r].toLowerCase()}` }))}
            />
          </label>
        </div>

        {error && (
          <p role="alert" className="rounded-md border border-danger-200 bg-danger-50 px-3 py-2 text-sm font-medium text-danger-800">
            {error}
          </p>
        )}
        {loading && (
          <p className="flex items-center gap-2 text-sm text-gray-600" role="status">
            <Spinner /> Lettura del file...
          </p>
        )}

        {preview && (
          <>
            <p className="text-sm text-gray-700" data-testid="import-file-info">
              {preview.format === "xlsx" ? `Excel, foglio "${preview.sheetName ?? ""}"` : `CSV ${preview.encoding ?? ""}, separatore ${SEPARATORS[preview.separator ?? ""] ?? preview.separator}`} ·{" "}
              {plural(preview.total, "riga", "righe")} di dati
            </p>
            {preview.problems.length > 0 && (
              <ul role="alert" className="rounded-md border border-danger-200 bg-danger-50 px-3 py-2 text-sm font-medium text-danger-800">
                {preview.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            )}
            <div className="max-h-72 overflow-auto rounded-md border border-border" data-testid="import-preview">
              <table className="min-w-full border-collapse text-sm">
                <thead className="sticky top-0 z-1 bg-gray-50">
                  <tr>
                    <th scope="col" className="border-b border-border px-2 py-1.5 text-left font-medium text-gray-600">
                      Riga
                    </th>
                    {preview.header.map((h, i) => (
                      <th key={i} scope="col" className="min-w-40 border-b border-l border-border px-2 py-1.5 text-left align-top font-medium text-gray-800">
                        <div className="mb-1 truncate" title={h}>
                          {h || `Colonna ${i + 1}`}
                        </div>
                        <select
                          aria-label={`Campo per la colonna "${h || `Colonna ${i + 1}`}"`}
                          value={preview.mapping[i] ?? ""}
                          disabled={result !== null}
                          onChange={(e) => setColumn(i, (e.target.value || null) as ImportField | null)}
                          className="h-8 w-full rounded-md border border-border bg-white px-1.5 text-sm font-normal"
                        >
                          <option value="">{NOT_IMPORTED}</option>
                          {IMPORT_FIELDS.map((f) => (
                            <option key={f.key} value={f.key}>
                              {f.label}
                            </option>
                          ))}
                        </select>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {preview.sample.map((r) => (
                    <tr key={r.row} className="odd:bg-white even:bg-gray-50/60">
                      <td className="border-b border-border px-2 py-1 text-gray-500 tabular-nums">{r.row}</td>
                      {preview.header.map((_, i) => (
                        <td key={i} className={`max-w-64 truncate border-b border-l border-border px-2 py-1 ${preview.mapping[i] ? "text-gray-900" : "text-gray-400"}`} title={r.cells[i] ?? ""}>
                          {r.cells[i] ?? ""}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {preview.total > preview.sample.length && <p className="-mt-2 text-xs text-gray-500">Anteprima delle prime {preview.sample.length} righe.</p>}
            {!result && counts && (
              <p className="text-sm text-gray-800" data-testid="import-counts">
                Da creare: <strong>{counts.created}</strong> · Da aggiornare: <strong>{counts.updated}</strong> · Già presenti, da saltare: <strong>{counts.skipped}</strong> · Con errori, non
                importate: <strong>{counts.refused}</strong>
              </p>
            )}
            {!result && <Report title="Righe con errori (non verranno importate)" rows={preview.report} truncated={preview.reportTruncated} />}
          </>
        )}

        {result && (
          <>
            <p role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm font-medium text-green-900" data-testid="import-result">
              {result.message}
            </p>
            <Report title="Righe non importate" rows={result.report} truncated={result.reportTruncated} />
          </>
        )}
      </div>
    </Modal>
  );
}
