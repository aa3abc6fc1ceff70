"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { alertDialog, confirmDialog } from "@/components/ui/dialogs";
import { Field } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { Select } from "@/components/ui/select";
import { apiDelete, apiGet, apiPost, apiPostEntity, errorList, errorMessage, showError, showSuccess } from "@/lib/client/api";
import { saveBase64File, type Base64File } from "@/lib/client/download";
import { CAUSALI_PAGAMENTO, TIPI_CASSA } from "@/lib/fiscal/codes";
import { invoiceApi, XML_OPTIONS_MESSAGES, type DocumentKind, type DocumentState, type InvoiceJson } from "@/lib/schemas/invoice";
import { SendEmailDialog } from "./send-email-dialog";
import { SdiStateBadge } from "./document-state-badge";
import { policyOf } from "@/lib/documents/policy";

/**
 * The actions of a saved document, above its form (ours; Fatture in Cloud keeps them in the document's header):
 * Anteprima PDF, Scarica PDF, XML (the options dialog, then the SDI pre-check's problems or the file), Invia email,
 * the next states of its life cycle, Duplica, Crea nota di credito, Converti in fattura / in proforma, Elimina (where
 * the server allows it: `deletable`).
 * A copy (duplicate, credit note, conversion) opens in the same form. With unsaved changes every action first
 * asks to save: the PDF, the XML and the e-mail are made from the stored document.
 * A conversion happens once: a converted quote or proforma offers no 'Converti' and names the document it became
 * (a link opening it in the same form); a copy names the document it comes from ('Nota di credito di', 'Da').
 */
export interface InvoiceActionsProps {
  invoice: Pick<InvoiceJson, "id" | "kind" | "state" | "version" | "number" | "totals" | "deletable"> & Partial<Pick<InvoiceJson, "convertedTo" | "source" | "sdiState">>;
  dirty: boolean;
  /** The stored document changed (a state set, the XML file stored): the form reloads it. */
  onChanged: () => void;
  /** A copy was made: the form opens it. */
  onOpen: (created: InvoiceJson) => void;
  onDeleted: () => void;
  /** The tenant has a signing certificate: the SDI button reads 'Firma e invia' (the server signs, then sends). */
  signs?: boolean;
}

export const SAVE_FIRST = "Ci sono modifiche non salvate: salva il documento prima di proseguire.";
export const DELETE_DOCUMENT_CONFIRM = "Confermi l'eliminazione del documento?";
export const CREDIT_NOTE_CONFIRM = "Creare una nota di credito (TD04) che storna questa fattura?";
export const XML_OPTIONS_TITLE = "Opzioni fattura elettronica";
export const CONVERTED_TO_LABEL = "Convertito in";
export const SOURCE_LABELS: Record<DocumentKind, string> = { CREDIT_NOTE: "Nota di credito di", INVOICE: "Da", PROFORMA: "Da", QUOTE: "Da" };
export const PRECHECK_TITLE = "La fattura elettronica non può essere generata";
export const SEND_SDI_CONFIRM = "Inviare la fattura elettronica allo SDI tramite la PEC dell'azienda? Con un certificato di firma caricato il file viene prima firmato.";

/** The states a user sets by hand after Emessa (Pagata follows the deadlines, Bozza never comes back). */
const NEXT_STATES: Record<DocumentKind, Partial<Record<DocumentState, DocumentState[]>>> = {
  INVOICE: { Emessa: ["Inviata allo SDI"], "Inviata allo SDI": ["Consegnata", "Scartata"], Scartata: ["Inviata allo SDI"] },
  CREDIT_NOTE: { Emessa: ["Inviata allo SDI"], "Inviata allo SDI": ["Consegnata", "Scartata"], Scartata: ["Inviata allo SDI"] },
  PROFORMA: {},
  QUOTE: { Emessa: ["Accettato", "Rifiutato"], Accettato: ["Rifiutato"], Rifiutato: ["Accettato"] },
};
const STATE_ACTION: Partial<Record<DocumentState, string>> = {
  "Inviata allo SDI": "Segna come inviata",
  Consegnata: "Segna consegnata",
  Scartata: "Segna scartata",
  Accettato: "Segna accettato",
  Rifiutato: "Segna rifiutato",
};

/** A notifica di mancata consegna (issue 31): the invoice exists for the law, the customer must be told. */
export const SDI_NOT_DELIVERED_NOTICE = "Fattura non consegnata: inviala al cliente per email";
/** A notifica di scarto: the errors are in Note e allegati › Storico. */
export const SDI_DISCARDED_NOTICE = "Fattura scartata dallo SDI: correggi gli errori indicati nello Storico (Note e allegati) e inviala di nuovo con lo stesso numero e la stessa data entro 5 giorni dalla notifica di scarto";

const url = (path: string, id: number) => `${invoiceApi.url}/${path}/${id}`;

export function InvoiceActions({ invoice, dirty, onChanged, onOpen, onDeleted, signs = false }: InvoiceActionsProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const [dialog, setDialog] = useState<"xml" | "email" | null>(null);
  const { id, kind, state } = invoice;
  const policy = policyOf(kind);
  const fiscal = policy.xml;
  const issued = state !== "Bozza";

  /** Runs an action unless the form has unsaved changes; `key` marks its button busy. */
  async function run(key: string, action: () => Promise<void>) {
    if (dirty) return alertDialog(SAVE_FIRST);
    setBusy(key);
    try {
      await action();
    } catch (e) {
      await showError(e);
    } finally {
      setBusy(null);
    }
  }
  const copy = (key: string, path: string, confirm?: string) =>
    run(key, async () => {
      if (confirm && !(await confirmDialog(confirm))) return;
      const res = await apiPost<{ invoice: InvoiceJson }>(path);
      void showSuccess(res);
      onOpen(res.invoice);
    });
  const setState = (next: DocumentState) =>
    run(next, async () => {
      const body = new FormData();
      body.set("invoiceState", JSON.stringify({ state: next, version: invoice.version }));
      const res = await apiPost(url("set-state", id), body);
      void showSuccess(res);
      onChanged();
    });
  /** 'Invia allo SDI' (issue 31): the server signs first when the tenant has a certificate ('Firma e invia'), and says so. */
  const sendToSdi = () =>
    run("sdi", async () => {
      if (!(await confirmDialog(SEND_SDI_CONFIRM))) return;
      const res = await apiPost(url("send-sdi", id));
      void showSuccess(res);
      onChanged();
    });
  const downloadPdf = () =>
    run("pdf", async () => {
      saveBase64File(await apiGet<Base64File>(url("download-pdf", id)));
    });
  /** Opens a linked document (the conversion, the source) in the same form. */
  const openLinked = (linkedId: number) =>
    run(`open-${linkedId}`, async () => {
      const res = await apiGet<{ invoice: InvoiceJson }>(`${invoiceApi.url}/get/${linkedId}`);
      onOpen(res.invoice);
    });
  const converted = invoice.convertedTo ?? null;
  const source = invoice.source ?? null;
  const remove = () =>
    run("delete", async () => {
      if (!(await confirmDialog(DELETE_DOCUMENT_CONFIRM))) return;
      const res = await apiDelete(`${invoiceApi.url}/${id}`);
      void showSuccess(res);
      onDeleted();
    });

  const button = (key: string, label: string, onClick: () => void, variant: "secondary" | "danger" = "secondary") => (
    <Button key={key} type="button" size="sm" variant={variant} loading={busy === key} disabled={busy !== null && busy !== key} onClick={onClick}>
      {label}
    </Button>
  );

  return (
    <div className="flex flex-wrap gap-2" role="toolbar" aria-label="Azioni sul documento">
      {button("preview", "Anteprima PDF", () => void run("preview", async () => void window.open(`${url("download-pdf", id)}?inline=1`, "_blank", "noopener")))}
      {button("pdf", "Scarica PDF", () => void downloadPdf())}
      {fiscal && issued && button("xml", "XML", () => (dirty ? void alertDialog(SAVE_FIRST) : setDialog("xml")))}
      {fiscal && issued && ((invoice.sdiState ?? null) === null || invoice.sdiState === "Scartata") && button("sdi", signs ? "Firma e invia" : "Invia allo SDI", () => void sendToSdi())}
      {issued && button("email", "Invia email", () => (dirty ? void alertDialog(SAVE_FIRST) : setDialog("email")))}
      {(NEXT_STATES[kind][state] ?? []).map((next) => button(next, STATE_ACTION[next] ?? next, () => void setState(next)))}
      {button("duplicate", "Duplica", () => void copy("duplicate", url("duplicate", id)))}
      {policy.creditNoteFrom && issued && button("credit", "Crea nota di credito", () => void copy("credit", url("credit-note", id), CREDIT_NOTE_CONFIRM))}
      {!converted && policy.conversions.includes("INVOICE") && button("toInvoice", "Converti in fattura", () => void copy("toInvoice", `${url("convert", id)}?to=INVOICE`))}
      {!converted && policy.conversions.includes("PROFORMA") && button("toProforma", "Converti in proforma", () => void copy("toProforma", `${url("convert", id)}?to=PROFORMA`))}
      {/* only where the server deletes it: never numbered, or the last of its series (else a credit note corrects it) */}
      {invoice.deletable && button("delete", "Elimina", () => void remove(), "danger")}
      {(converted || source) && (
        <p className="flex w-full flex-wrap gap-x-4 gap-y-1 text-sm text-gray-700" data-testid="document-links">
          {converted && <LinkedDocument label={CONVERTED_TO_LABEL} document={converted} onOpen={() => void openLinked(converted.id)} />}
          {source && <LinkedDocument label={SOURCE_LABELS[kind]} document={source} onOpen={() => void openLinked(source.id)} />}
        </p>
      )}
      {fiscal && invoice.sdiState && (
        <p className="flex w-full flex-wrap items-center gap-2 text-sm text-gray-700" data-testid="sdi-state">
          Stato SDI: <SdiStateBadge state={invoice.sdiState} />
        </p>
      )}
      {fiscal && invoice.sdiState === "Mancata consegna" && (
        <div role="status" className="flex w-full flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <span>{SDI_NOT_DELIVERED_NOTICE}</span>
          {button("email-mc", "Invia email", () => (dirty ? void alertDialog(SAVE_FIRST) : setDialog("email")))}
        </div>
      )}
      {fiscal && invoice.sdiState === "Scartata" && (
        <div role="status" className="w-full rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {SDI_DISCARDED_NOTICE}
        </div>
      )}
      {dialog === "xml" && (
        <XmlOptionsDialog
          invoice={invoice}
          onDone={(generated) => {
            setDialog(null);
            if (generated) onChanged();
          }}
        />
      )}
      {dialog === "email" && (
        <SendEmailDialog
          invoiceId={id}
          onSent={() => {
            setDialog(null);
            onChanged();
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}

/** 'Convertito in: Fattura 3 del 05/03/2026', the document a link that opens it. */
function LinkedDocument({ label, document, onOpen }: { label: string; document: { id: number; toString: string }; onOpen: () => void }) {
  return (
    <span>
      {label}:{" "}
      <Button type="button" size="sm" variant="link" onClick={onOpen}>
        {document.toString}
      </Button>
    </span>
  );
}

const cassaOptions = Object.entries(TIPI_CASSA).map(([value, label]) => ({ value, label: `${value} ${label}` }));
const causaleOptions = Object.entries(CAUSALI_PAGAMENTO).map(([value, label]) => ({ value, label: `${value} ${label}` }));

/**
 * The E-invoice XML options dialog (spec §2, §3, §5): 'Cassa previdenziale' when the document has a cassa, 'Causale
 * pagamento ritenuta' when it has a ritenuta, each required with the spec's message; then the file, or the SDI
 * pre-check's blocking problems listed with their codes. A document whose file exists needs no option: it is the
 * same file every time.
 * It first asks the file with no option (issue 30): the server takes the tenant's defaults (the cassa named in
 * Impostazioni, causale 'A' for a professional applying the ritenuta; db/documents/xml.ts xmlDefaultsOf), so with
 * them the file downloads at once and the dialog never shows; it asks only the options the server found no default
 * for, or shows the pre-check's problems.
 */
export function XmlOptionsDialog({ invoice, onDone }: { invoice: Pick<InvoiceJson, "id" | "totals">; onDone: (generated: boolean) => void }) {
  // null while the file is asked with the tenant's defaults; then the options the server wants
  const [asked, setAsked] = useState<{ cassa: boolean; causale: boolean } | null>(null);
  const needsCassa = asked?.cassa === true;
  const needsCausale = asked?.causale === true;
  const [previdential, setPrevidential] = useState("");
  const [paymentCausal, setPaymentCausal] = useState("");
  const [errors, setErrors] = useState<{ previdential?: string; paymentCausal?: string }>({});
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const tried = useRef(false);

  useEffect(() => {
    if (tried.current) return;
    tried.current = true;
    void (async () => {
      try {
        saveBase64File(await apiPostEntity<Base64File>(url("download-electronic-invoice-xml", invoice.id), "xmlOptions", { previdential: null, paymentCausal: null }));
        onDone(true);
      } catch (e) {
        const list = errorList(e);
        const cassa = list.includes(XML_OPTIONS_MESSAGES.previdential);
        const causale = list.includes(XML_OPTIONS_MESSAGES.paymentCausal);
        setAsked({ cassa, causale });
        if (!cassa && !causale) setProblems(list.length ? list : [errorMessage(e)]);
      }
    })();
  }, [invoice.id, onDone]);

  async function generate() {
    const next = {
      previdential: needsCassa && !previdential ? XML_OPTIONS_MESSAGES.previdential : undefined,
      paymentCausal: needsCausale && !paymentCausal ? XML_OPTIONS_MESSAGES.paymentCausal : undefined,
    };
    setErrors(next);
    if (next.previdential || next.paymentCausal) return;
    setBusy(true);
    setProblems([]);
    try {
      const file = await apiPostEntity<Base64File>(url("download-electronic-invoice-xml", invoice.id), "xmlOptions", {
        previdential: previdential || null,
        paymentCausal: paymentCausal || null,
      });
      saveBase64File(file);
      onDone(true);
    } catch (e) {
      const list = errorList(e);
      setProblems(list.length ? list : [errorMessage(e)]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onClose={() => onDone(false)}
      title={XML_OPTIONS_TITLE}
      size="md"
      busy={busy}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={() => onDone(false)} disabled={busy}>
            Annulla
          </Button>
          <Button type="button" loading={busy || asked === null} onClick={() => void generate()}>
            Genera XML
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        {asked === null && <p className="text-sm text-gray-600" role="status">Generazione del file in corso...</p>}
        {needsCassa && (
          <Field label="Cassa previdenziale" required error={errors.previdential}>
            <Select name="previdential" value={previdential} placeholder="-" options={cassaOptions} onChange={(e) => setPrevidential(e.target.value)} />
          </Field>
        )}
        {needsCausale && (
          <Field label="Causale pagamento ritenuta" required error={errors.paymentCausal}>
            <Select name="paymentCausal" value={paymentCausal} placeholder="-" options={causaleOptions} onChange={(e) => setPaymentCausal(e.target.value)} />
          </Field>
        )}
        {problems.length > 0 && (
          <div role="alert" className="rounded-md border border-danger-300 bg-danger-50 px-3 py-2 text-sm text-danger-800">
            <p className="font-semibold">{PRECHECK_TITLE}</p>
            <ul className="mt-1 list-disc pl-5">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </Modal>
  );
}
