"use client";

import { useEffect, useRef, useState } from "react";
import { Button, Spinner } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { Select } from "@/components/ui/select";
import { ApiError, apiPost, errorMessage, isAbortError, showSuccess } from "@/lib/client/api";
import { IMPORT_TOO_BIG } from "@/lib/schemas/import-limits";
import { BANK_MOVEMENTS_URL, BANK_TEXTS, MAPPING_FIELDS, type ColumnMapping, type ImportHeaders, type ImportReport } from "./bank-contract";

export interface BankAccountOption {
  id: number;
  label: string;
}

/** Spreadsheets need a column mapping; camt.053 and CBI say what each field is. */
const isSpreadsheet = (f: File) => /\.(csv|txt|tsv|xlsx)$/i.test(f.name);
const plural = (n: number, one: string, many: string) => `${n.toLocaleString("it-IT")} ${n === 1 ? one : many}`;

function failure(error: unknown): string {
  return error instanceof ApiError && error.status === 413 ? IMPORT_TOO_BIG : errorMessage(error);
}

function form(files: readonly File[], accountId: number, mapping: Partial<ColumnMapping> | null): FormData {
  const fd = new FormData();
  for (const f of files) fd.append("files", f, f.name);
  fd.set("bankAccount", JSON.stringify({ id: accountId }));
  if (mapping) fd.set("mapping", JSON.stringify(mapping));
  return fd;
}

/** A mapping is usable with a booking date, a description and an amount (one signed column, or credit and/or debit). */
export function mappingComplete(m: Partial<ColumnMapping>): boolean {
  return Boolean(m.bookingDate && m.description && (m.amount || m.credit || m.debit));
}

/** The CSV/XLSX column mapping: for each field of a movement, the file's column that holds it. */
function MappingStep({ headers, mapping, onChange, disabled }: { headers: readonly string[]; mapping: Partial<ColumnMapping>; onChange: (m: Partial<ColumnMapping>) => void; disabled: boolean }) {
  const options = headers.map((h) => ({ value: h, label: h }));
  return (
    <section aria-label="Colonne del file" className="flex flex-col gap-2" data-testid="bank-mapping">
      <h3 className="text-sm font-semibold text-gray-800">Colonne del file</h3>
      <p className="text-xs text-gray-600">
        Indica quale colonna del file contiene ciascun dato. Servono la data contabile, la descrizione e l&apos;importo (una colonna con il segno, oppure le colonne Entrate e
        Uscite). L&apos;abbinamento viene ricordato per questo conto.
      </p>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {MAPPING_FIELDS.map((f) => (
          <label key={f.key} className="flex flex-col gap-0.5 text-sm font-medium text-gray-700">
            <span>
              {f.label}
              {f.required ? <span className="text-danger-700"> *</span> : null}
            </span>
            <Select
              aria-label={`Colonna per ${f.label}`}
              value={mapping[f.key] ?? ""}
              disabled={disabled}
              placeholder="Nessuna colonna"
              options={options}
              onChange={(e) => onChange({ ...mapping, [f.key]: e.target.value || undefined })}
            />
          </label>
        ))}
      </div>
      {!mappingComplete(mapping) && (
        <p role="alert" className="text-sm font-medium text-danger-800">
          Scegli le colonne della data contabile, della descrizione e dell&apos;importo (o di entrate e uscite).
        </p>
      )}
    </section>
  );
}

function ReportView({ report }: { report: ImportReport }) {
  return (
    <section aria-label="Esito dell'importazione" className="flex flex-col gap-2" data-testid="bank-import-report">
      <p role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm font-medium text-green-900">
        Importati: <strong>{report.imported}</strong> · Già presenti (duplicati): <strong>{report.duplicates}</strong>
        {report.autoMatched ? (
          <>
            {" "}
            · Abbinati automaticamente: <strong>{report.autoMatched}</strong>
          </>
        ) : null}{" "}
        · File rifiutati: <strong>{report.refused.length}</strong>
      </p>
      {report.refused.length > 0 && (
        <ul className="max-h-48 overflow-auto rounded-md border border-danger-200 bg-danger-50 px-3 py-2 text-sm text-danger-800" aria-label="File rifiutati">
          {report.refused.map((r, i) => (
            <li key={`${r.file}-${i}`} className="break-words">
              <span className="font-medium">{r.file}:</span> {r.reason}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * 'Importa estratto conto' (issue 32): the bank account (its IBAN is checked against each statement's) and one or
 * more files — camt.053 (XML), CBI 'rendicontazione movimenti', CSV or Excel. A CSV/XLSX first asks its headers
 * (POST import-headers) and shows the column mapping, prefilled with the account's remembered one or the one
 * recognised from the headers; the import (POST import) sends it, and the server remembers it on the account. After
 * the import the report: movements imported, duplicates skipped, movements matched automatically and each refused file
 * with its reason; a CSV/XLSX refused for want of a mapping opens the mapping with its headers, to import it again.
 * onClose(true) after an import, so the grid reloads.
 */
export function BankImportDialog({ accounts, initialAccount, onClose }: { accounts: readonly BankAccountOption[]; initialAccount: number | null; onClose: (imported: boolean) => void }) {
  const [account, setAccount] = useState<number | null>(initialAccount ?? accounts[0]?.id ?? null);
  const [files, setFiles] = useState<File[]>([]);
  const [headers, setHeaders] = useState<string[] | null>(null);
  const [mapping, setMapping] = useState<Partial<ColumnMapping>>({});
  const [loading, setLoading] = useState(false);
  const [committing, setCommitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [imported, setImported] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const sheet = files.find(isSpreadsheet) ?? null;

  // a CSV/XLSX: its headers and the mapping to start from (the account's remembered one, else the recognised one)
  useEffect(() => {
    controller.current?.abort();
    if (!sheet || account === null) return;
    const ctrl = new AbortController();
    controller.current = ctrl;
    setLoading(true);
    setError(null);
    apiPost<ImportHeaders>(`${BANK_MOVEMENTS_URL}/import-headers`, form([sheet], account, null), { signal: ctrl.signal })
      .then((r) => {
        setHeaders(r.headers ?? []);
        setMapping(r.mapping ?? {});
      })
      .catch((e) => {
        if (isAbortError(e)) return;
        setHeaders(null);
        setError(`${sheet.name}: ${failure(e)}`);
      })
      .finally(() => {
        if (controller.current === ctrl) setLoading(false);
      });
    return () => ctrl.abort();
  }, [sheet, account]);

  const choose = (list: FileList | null) => {
    setFiles(list ? Array.from(list) : []);
    setHeaders(null);
    setMapping({});
    setReport(null);
    setError(null);
  };

  const needsMapping = headers !== null && headers.length > 0;
  const canImport = account !== null && files.length > 0 && !loading && !committing && (!needsMapping || mappingComplete(mapping));

  async function commit() {
    if (account === null || files.length === 0) return;
    setCommitting(true);
    setError(null);
    try {
      const r = await apiPost<ImportReport>(`${BANK_MOVEMENTS_URL}/import`, form(files, account, needsMapping ? mapping : null));
      const result: ImportReport = { message: r.message ?? undefined, imported: r.imported ?? 0, duplicates: r.duplicates ?? 0, autoMatched: r.autoMatched ?? 0, refused: r.refused ?? [] };
      setReport(result);
      setImported(true);
      void showSuccess(r);
      // a spreadsheet refused for want of a mapping: its headers, to map it and import it again (alone)
      const unmapped = result.refused.find((x) => x.headers && x.headers.length > 0);
      const again = unmapped ? files.find((f) => f.name === unmapped.file) : undefined;
      if (unmapped && again) {
        setFiles([again]);
        setHeaders(unmapped.headers ?? []);
      } else {
        setFiles([]);
        setHeaders(null);
      }
    } catch (e) {
      setError(failure(e));
    } finally {
      setCommitting(false);
    }
  }

  return (
    <Modal
      open
      size="lg"
      title={BANK_TEXTS.importTitle}
      busy={committing}
      onClose={() => onClose(imported)}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={() => onClose(imported)} disabled={committing}>
            Chiudi
          </Button>
          <Button type="button" onClick={() => void commit()} disabled={!canImport} loading={committing}>
            {files.length > 1 ? `Importa ${plural(files.length, "file", "file")}` : "Importa"}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4" data-testid="bank-import">
        <p className="text-sm text-gray-700">
          Estratto conto in formato camt.053 (XML), CBI &quot;rendicontazione movimenti&quot;, CSV o Excel .xlsx, come lo scarichi dall&apos;home banking. I movimenti già
          importati vengono riconosciuti e saltati.
        </p>
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
          <label className="flex flex-col gap-1 text-sm font-medium text-gray-700">
            Conto corrente
            <Select
              aria-label="Conto corrente"
              value={account === null ? "" : String(account)}
              disabled={committing}
              placeholder={accounts.length === 0 ? "Nessun conto corrente" : undefined}
              options={accounts.map((a) => ({ value: String(a.id), label: a.label }))}
              onChange={(e) => setAccount(e.target.value ? Number(e.target.value) : null)}
            />
          </label>
          <div className="flex flex-col gap-1">
            <span className="text-sm font-medium text-gray-700">File dell&apos;estratto conto</span>
            <div className="flex min-h-9 min-w-0 items-center gap-2">
              <Button type="button" variant="secondary" size="sm" disabled={committing} onClick={() => fileInput.current?.click()}>
                Scegli i file...
              </Button>
              <span className="min-w-0 truncate text-sm text-gray-800" title={files.map((f) => f.name).join(", ")} data-testid="bank-import-files">
                {files.length === 0 ? "Nessun file scelto" : files.length === 1 ? files[0].name : plural(files.length, "file scelto", "file scelti")}
              </span>
            </div>
            <input
              ref={fileInput}
              type="file"
              multiple
              aria-label="File dell'estratto conto"
              accept=".xml,.txt,.cbi,.csv,.tsv,.xlsx,text/xml,application/xml,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              disabled={committing}
              onChange={(e) => {
                choose(e.target.files);
                e.target.value = "";
              }}
              className="sr-only"
            />
          </div>
        </div>
        {accounts.length === 0 && (
          <p role="alert" className="text-sm text-danger-800">
            Nessun conto corrente: aggiungilo in Tabelle › Conti corrente, con il suo IBAN.
          </p>
        )}
        {error && (
          <p role="alert" className="rounded-md border border-danger-200 bg-danger-50 px-3 py-2 text-sm font-medium whitespace-pre-line text-danger-800">
            {error}
          </p>
        )}
        {loading && (
          <p className="flex items-center gap-2 text-sm text-gray-600" role="status">
            <Spinner /> Lettura del file...
          </p>
        )}
        {needsMapping && <MappingStep headers={headers} mapping={mapping} onChange={setMapping} disabled={committing} />}
        {report && <ReportView report={report} />}
      </div>
    </Modal>
  );
}
