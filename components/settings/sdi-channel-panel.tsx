"use client";

import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Button, Spinner } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { confirmDialog } from "@/components/ui/dialogs";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { apiDelete, apiGet, apiPost, apiPostEntity, errorList, errorMessage, isAbortError, showError, showSuccess } from "@/lib/client/api";
import { formatDate } from "@/lib/format";
import { DEFAULT_SDI_ADDRESS, type ConnectionCheckJson, type MailServerJson, type SdiChannelSettingsJson } from "@/lib/schemas/sdi-channel";

export const SDI_SETTINGS_URL = "/api/sdi-channel/settings";
export const SDI_CERTIFICATE_URL = "/api/sdi-channel/certificate";
export const SDI_TEST_CONNECTION_URL = "/api/sdi-channel/test-connection";

interface ServerForm {
  host: string;
  port: string;
  secure: boolean;
  user: string;
  password: string;
  hasPassword: boolean;
}

interface PanelForm {
  pec: string;
  smtp: ServerForm;
  imap: ServerForm;
  sdiAddress: string;
}

const toServerForm = (s: MailServerJson): ServerForm => ({ host: s.host, port: String(s.port), secure: s.secure, user: s.user, password: "", hasPassword: s.hasPassword });
const toForm = (s: SdiChannelSettingsJson): PanelForm => ({ pec: s.pec, smtp: toServerForm(s.smtp), imap: toServerForm(s.imap), sdiAddress: s.sdiAddress });
const toInput = (f: PanelForm) => {
  const server = (s: ServerForm) => ({ host: s.host, port: s.port, secure: s.secure, user: s.user, password: s.password });
  return { pec: f.pec, smtp: server(f.smtp), imap: server(f.imap), sdiAddress: f.sdiAddress };
};

/** Days from now to `iso` (negative: past). */
const daysTo = (iso: string) => Math.floor((new Date(iso).getTime() - Date.now()) / 86_400_000);

/**
 * Impostazioni › Fatturazione elettronica (issue 31): the PEC mailbox through which invoices go to SDI and its
 * receipts come back (SMTP to send, IMAP to read), the SDI address, 'Prova connessione', and the signing certificate
 * (PKCS#12) for PA invoices. Its own saves (POST /api/sdi-channel/settings, /certificate): passwords are never sent
 * back, a saved one shows as a placeholder and an empty field keeps it. Sits inside the settings dialog's form: its
 * buttons are type="button" and Enter in its fields saves this section, not the dialog.
 */
export function SdiChannelPanel() {
  const [loaded, setLoaded] = useState<SdiChannelSettingsJson | null>(null);
  const [form, setForm] = useState<PanelForm | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [results, setResults] = useState<ConnectionCheckJson[] | null>(null);
  const [errors, setErrors] = useState<string[]>([]);

  const apply = useCallback((settings: SdiChannelSettingsJson) => {
    setLoaded(settings);
    setForm(toForm(settings));
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    apiGet<{ settings: SdiChannelSettingsJson }>(SDI_SETTINGS_URL, undefined, { signal: controller.signal })
      .then((r) => apply(r.settings))
      .catch((e: unknown) => {
        if (!isAbortError(e)) setFailed(true);
      });
    return () => controller.abort();
  }, [apply]);

  const save = async () => {
    if (!form) return;
    setSaving(true);
    setErrors([]);
    try {
      const r = await apiPostEntity<{ settings: SdiChannelSettingsJson }>(SDI_SETTINGS_URL, "settings", toInput(form));
      apply(r.settings);
      void showSuccess(r);
    } catch (e) {
      const list = errorList(e);
      setErrors(list.length > 0 ? list : [errorMessage(e)]);
      void showError(e);
    } finally {
      setSaving(false);
    }
  };

  const test = async () => {
    if (!form) return;
    setTesting(true);
    setResults(null);
    try {
      const fd = new FormData();
      fd.set("settings", JSON.stringify(toInput(form)));
      const r = await apiPost<{ results: ConnectionCheckJson[] }>(SDI_TEST_CONNECTION_URL, fd);
      setResults(r.results);
    } catch (e) {
      void showError(e);
    } finally {
      setTesting(false);
    }
  };

  const onEnter = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === "Enter" && e.target instanceof HTMLInputElement && e.target.type !== "file") {
      e.preventDefault();
      void save();
    }
  };

  if (failed) return <p className="text-sm text-danger-700">Errore nella lettura dei dati</p>;
  if (!form || !loaded)
    return (
      <p className="flex items-center gap-2 text-sm text-gray-500">
        <Spinner /> Caricamento...
      </p>
    );

  const setServer = (key: "smtp" | "imap", patch: Partial<ServerForm>) => setForm((f) => (f ? { ...f, [key]: { ...f[key], ...patch } } : f));

  return (
    <div className="grid grid-cols-1 gap-5" data-testid="sdi-channel-panel">
      <section className="flex flex-col gap-3" aria-labelledby="sdi-pec-title" onKeyDown={onEnter}>
        <div>
          <h3 id="sdi-pec-title" className="font-semibold text-primary-900">
            Casella PEC per lo SDI
          </h3>
          <p className="text-xs text-gray-500">
            Le fatture partono dalla tua PEC verso il Sistema di Interscambio e le ricevute arrivano nella stessa casella. Questa sezione si salva con
            il pulsante &lsquo;Salva impostazioni PEC&rsquo;.
          </p>
        </div>
        <Field label="Indirizzo PEC" className="max-w-md">
          <Input name="pec" type="email" autoComplete="off" value={form.pec} onChange={(e) => setForm({ ...form, pec: e.target.value })} placeholder="azienda@pec.it" />
        </Field>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <ServerFields title="Invio (SMTP)" prefix="smtp" value={form.smtp} onChange={(p) => setServer("smtp", p)} />
          <ServerFields title="Ricezione (IMAP)" prefix="imap" value={form.imap} onChange={(p) => setServer("imap", p)} />
        </div>
        <Field
          label="Indirizzo PEC dello SDI"
          className="max-w-md"
          hint={`Il primo invio va a ${DEFAULT_SDI_ADDRESS}; poi si usa l'indirizzo da cui lo SDI ha risposto (aggiornato da solo).`}
        >
          <Input name="sdiAddress" type="email" autoComplete="off" value={form.sdiAddress} onChange={(e) => setForm({ ...form, sdiAddress: e.target.value })} />
        </Field>
        {errors.length > 0 && (
          <ul role="alert" className="list-inside list-disc rounded-md border border-danger-200 bg-danger-50 px-3 py-2 text-sm text-danger-800">
            {errors.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" loading={testing} onClick={() => void test()}>
            Prova connessione
          </Button>
          <Button type="button" loading={saving} onClick={() => void save()}>
            Salva impostazioni PEC
          </Button>
        </div>
        {results && (
          <ul className="flex flex-col gap-1 text-sm" data-testid="sdi-connection-results" aria-live="polite">
            {results.map((r) => (
              <li key={r.server} className={r.ok ? "text-green-800" : "text-danger-700"}>
                <span aria-hidden>{r.ok ? "✓ " : "✗ "}</span>
                {r.message}
              </li>
            ))}
          </ul>
        )}
      </section>
      <CertificateSection certificate={loaded.certificate} onChanged={apply} />
    </div>
  );
}

function ServerFields({ title, prefix, value, onChange }: { title: string; prefix: string; value: ServerForm; onChange: (patch: Partial<ServerForm>) => void }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-2 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium text-gray-700">{title}</legend>
      <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-2">
        <Field label="Server">
          <Input name={`${prefix}.host`} autoComplete="off" value={value.host} onChange={(e) => onChange({ host: e.target.value })} />
        </Field>
        <Field label="Porta">
          <Input name={`${prefix}.port`} inputMode="numeric" value={value.port} onChange={(e) => onChange({ port: e.target.value.replace(/[^0-9]/g, "") })} />
        </Field>
      </div>
      <Checkbox name={`${prefix}.secure`} checked={value.secure} onCheckedChange={(c) => onChange({ secure: c === true })} label="Connessione cifrata SSL/TLS" />
      <Field label="Utente">
        <Input name={`${prefix}.user`} autoComplete="off" value={value.user} onChange={(e) => onChange({ user: e.target.value })} />
      </Field>
      <Field label="Password" hint={value.hasPassword ? "Password salvata: lascia vuoto per non cambiarla" : undefined}>
        <Input
          name={`${prefix}.password`}
          type="password"
          autoComplete="new-password"
          value={value.password}
          placeholder={value.hasPassword ? "••••••••" : ""}
          onChange={(e) => onChange({ password: e.target.value })}
        />
      </Field>
    </fieldset>
  );
}

function CertificateSection({ certificate, onChanged }: { certificate: SdiChannelSettingsJson["certificate"]; onChanged: (s: SdiChannelSettingsJson) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);

  const upload = async () => {
    setError(null);
    if (!file) return setError("Scegli il file del certificato (.p12 o .pfx)");
    if (!password) return setError("Inserisci la password del certificato");
    setBusy(true);
    try {
      const fd = new FormData();
      fd.set("certificate", file);
      fd.set("password", password);
      const r = await apiPost<{ settings: SdiChannelSettingsJson }>(SDI_CERTIFICATE_URL, fd);
      onChanged(r.settings);
      setFile(null);
      setPassword("");
      setInputKey((k) => k + 1);
      void showSuccess(r);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!(await confirmDialog("Rimuovere il certificato di firma? Le fatture verso la Pubblica Amministrazione non potranno essere inviate finché non ne caricherai un altro.", { danger: true, confirmLabel: "Rimuovi" }))) return;
    setBusy(true);
    try {
      const r = await apiDelete<{ settings: SdiChannelSettingsJson }>(SDI_CERTIFICATE_URL);
      onChanged(r.settings);
      void showSuccess(r);
    } catch (e) {
      void showError(e);
    } finally {
      setBusy(false);
    }
  };

  const days = certificate ? daysTo(certificate.expiresAt) : 0;
  return (
    <section className="flex flex-col gap-3 border-t border-border pt-4" aria-labelledby="sdi-cert-title" data-testid="sdi-certificate">
      <div>
        <h3 id="sdi-cert-title" className="font-semibold text-primary-900">
          Certificato di firma digitale
        </h3>
        <p className="text-xs text-gray-500">
          Le fatture alla Pubblica Amministrazione (FPA12) devono essere firmate: carica il certificato di firma in formato PKCS#12 (.p12 o .pfx). La firma
          (CAdES, file .xml.p7m) è fatta all&apos;invio.
        </p>
      </div>
      {certificate ? (
        <div className="flex flex-col gap-2 rounded-md border border-border bg-gray-50 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
          <dl className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
            <dt className="text-gray-600">Intestato a</dt>
            <dd className="break-words font-medium" data-testid="sdi-certificate-subject">
              {certificate.subject}
            </dd>
            <dt className="text-gray-600">Scadenza</dt>
            <dd className={certificate.expired ? "font-medium text-danger-700" : days <= 30 ? "font-medium text-amber-800" : undefined} data-testid="sdi-certificate-expiry">
              {formatDate(certificate.expiresAt)}
              {certificate.expired ? " (scaduto)" : days <= 30 ? ` (scade tra ${days} giorni)` : ""}
            </dd>
          </dl>
          <Button type="button" variant="secondary" size="sm" loading={busy} onClick={() => void remove()} className="self-start sm:self-center">
            Rimuovi certificato
          </Button>
        </div>
      ) : (
        <p className="text-sm text-gray-600">Nessun certificato caricato.</p>
      )}
      <div className="grid grid-cols-1 gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] md:items-end">
        {/* the browser's own file input speaks the browser's language: hidden, with an Italian button and name */}
        <div className="flex min-w-0 flex-col gap-1">
          <span className="text-sm font-medium text-gray-700">{certificate ? "Sostituisci con un nuovo certificato" : "File del certificato"}</span>
          <div className="flex min-w-0 items-center gap-2">
            <input
              key={inputKey}
              ref={fileInput}
              id={fileId}
              name="certificate"
              type="file"
              accept=".p12,.pfx,application/x-pkcs12"
              className="sr-only"
              tabIndex={-1}
              aria-label="File del certificato"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            <Button type="button" variant="secondary" onClick={() => fileInput.current?.click()}>
              Scegli file
            </Button>
            <span className="min-w-0 truncate text-sm text-gray-600" data-testid="sdi-certificate-file">
              {file ? file.name : "Nessun file scelto"}
            </span>
          </div>
        </div>
        <Field label="Password del certificato">
          <Input
            name="certificatePassword"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                void upload();
              }
            }}
          />
        </Field>
        <Button type="button" loading={busy} onClick={() => void upload()}>
          Carica certificato
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-danger-700" data-testid="sdi-certificate-error">
          {error}
        </p>
      )}
    </section>
  );
}
