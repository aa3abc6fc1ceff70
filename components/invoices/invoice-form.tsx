"use client";

import { useCallback, useEffect, useState } from "react";
import { Controller, useWatch } from "react-hook-form";
import { ContactPicker } from "@/components/contacts/contact-picker";
import { EntityForm } from "@/components/form/entity-form";
import type { EntityFormContext, FormTabDef } from "@/components/form/entity-form-modal";
import { FormField } from "@/components/form/form-field";
import { AjaxSelect, DateInput, DecimalInput, MoneyInput, type SelectableEntity } from "@/components/form/inputs";
import { FormTab } from "@/components/form/tabs";
import { RowsGrid, type RowsGridColumn } from "@/components/grid/rows-grid";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { confirmDialog } from "@/components/ui/dialogs";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { apiGet, apiPost, apiPostEntity, errorMessage, isAbortError, showError, showSuccess } from "@/lib/client/api";
import { pickFormValues, type ZodForm } from "@/lib/client/use-zod-form";
import { formatDate, formatEuro } from "@/lib/format";
import { EDITABLE_STATES, INVOICE_MESSAGES, invoiceApi, invoiceSchema, LOCKED_KINDS, PA_DOCUMENT_TYPES, type DocumentKind, type InvoiceFormData, type InvoiceJson } from "@/lib/schemas/invoice";
import type { Loaded } from "@/lib/schemas/entity";
import { DocumentStateBadge } from "./document-state-badge";
import { InvoiceRowForm, ROW_TYPE_LABELS, type InvoiceRow } from "./invoice-row-form";
import { KIND_WORDS } from "./invoice-kinds";

type InvoiceFormApi = ZodForm<typeof invoiceSchema>;
type LoadedInvoice = Loaded<InvoiceJson>;

export const CALCULATED_FIELDS_URL = `${invoiceApi.url}/get-calculated-fields`;
export const ISSUE_CONFIRM = "Confermi l'emissione del documento? Riceverà il numero e non potrà più tornare in Bozza.";
export const NUMBER_ON_ISSUE = "Assegnato all'emissione";
const CALCULATION_DELAY_MS = 300;

export const INVOICE_TABS: readonly FormTabDef[] = [
  {
    key: "main",
    label: "Dati principali",
    fields: ["date", "contact", "documentType", "bankAccount", "paymentModality", "address", "details", "inpsRevenge", "professionistFund", "withholdingTaxPercentage", "stampAmount", "paDocument", "rows", "deadlines"],
  },
  { key: "notes", label: "Note e allegati" },
];

export interface InvoiceFormProps {
  id?: number | null;
  /** The kind of a new document (an existing one keeps its own). */
  kind: DocumentKind;
  /** A new document's form data from another call of the create-form-data shape (create-from-activities). */
  createUrl?: string;
  onSaved?: (saved: InvoiceJson) => void;
  onClose: () => void;
}

/**
 * 'Inserimento fattura' / 'Modifica fattura' (and the other kinds; spec §2 Invoice form): Dati principali
 * (Intestazione, Documento PA, Righe, Totali from get-calculated-fields, Scadenze), Note e allegati; Salva, and
 * 'Emetti' on a saved Bozza (set-state Emessa: the number is given then).
 */
export function InvoiceForm({ id, kind, createUrl, onSaved, onClose }: InvoiceFormProps) {
  return (
    <EntityForm<typeof invoiceSchema, LoadedInvoice, InvoiceFormData>
      api={invoiceApi}
      id={id}
      createQuery={{ kind }}
      createUrl={createUrl}
      schema={invoiceSchema}
      size="xl"
      tabs={INVOICE_TABS}
      title={(entity) => {
        const words = KIND_WORDS[entity.kind ?? kind];
        return entity.id ? `${words.edit} ${entity.number ?? "(bozza)"}` : words.insert;
      }}
      toFormValues={(entity) => ({ ...pickFormValues(invoiceSchema, entity), kind: entity.kind ?? kind })}
      // the deadlines are the modality's, computed by the server on the netto a pagare (editing them comes later)
      toPayload={(values) => ({ ...values, deadlines: [] })}
      onSaved={(saved) => onSaved?.(saved)}
      onClose={onClose}
      footerExtra={(context) => <IssueButton context={context} onIssued={(saved) => onSaved?.(saved)} />}
    >
      {(form, formData, context) => (
        <>
          <FormTab value="main">
            <MainTab form={form} formData={formData} entity={context.entity} />
          </FormTab>
          <FormTab value="notes">
            <FormField control={form.control} name="details" label="Note" render={(field) => <Textarea {...field} value={str(field.value)} rows={8} maxLength={5000} />} />
          </FormTab>
        </>
      )}
    </EntityForm>
  );
}

/** 'Emetti' on a saved Bozza: confirmed, then set-state Emessa (the number is given), and the form reloads. */
function IssueButton({ context, onIssued }: { context: EntityFormContext<LoadedInvoice>; onIssued: (saved: InvoiceJson) => void }) {
  const [busy, setBusy] = useState(false);
  const { entity } = context;
  if (entity.id === null || entity.state !== "Bozza") return null;
  async function issue() {
    if (!(await confirmDialog(ISSUE_CONFIRM))) return;
    setBusy(true);
    const body = new FormData();
    body.set("invoiceState", JSON.stringify({ state: "Emessa", version: entity.version }));
    try {
      const res = await apiPost<{ invoice: InvoiceJson }>(`${invoiceApi.url}/set-state/${entity.id}`, body);
      void showSuccess(res);
      onIssued(res.invoice);
      context.reload();
    } catch (e) {
      await showError(e);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button type="button" variant="secondary" className="mr-auto" loading={busy} disabled={context.saving} onClick={() => void issue()}>
      Emetti
    </Button>
  );
}

const str = (v: unknown) => (typeof v === "string" ? v : "");
const idOf = (v: unknown) => {
  const id = (v as SelectableEntity | null | undefined)?.id;
  return id === undefined || id === null || id === "" ? null : Number(id);
};

interface CustomerDefaults {
  address?: string;
  postalCode?: string;
  city?: string;
  province?: string;
  publicAdministration?: boolean;
  customerPaymentModality?: { id: number; toString: string } | null;
  customerBankAccount?: { id: number; toString: string } | null;
}

/** A customer chosen: its address, payment defaults and PA flag fill the header (as create-form-data?contactId= does). */
async function fillFromCustomer(form: InvoiceFormApi, contactId: number) {
  try {
    const res = await apiGet<{ contact: CustomerDefaults }>(`/api/contacts/update-form-data/${contactId}`);
    const c = res.contact;
    const place = [c.postalCode, c.city, c.province ? `(${c.province})` : ""].filter(Boolean).join(" ");
    const set = { shouldDirty: true } as const;
    form.setValue("address", [c.address, place].filter(Boolean).join(", "), set);
    if (c.customerPaymentModality) form.setValue("paymentModality", c.customerPaymentModality, set);
    if (c.customerBankAccount) form.setValue("bankAccount", c.customerBankAccount, set);
    form.setValue("publicAdministration", c.publicAdministration === true, set);
  } catch (e) {
    await showError(e);
  }
}

function CheckboxField({ form, name, label }: { form: InvoiceFormApi; name: "withholdingTaxApply" | "stampBorneByIssuer" | "publicAdministration"; label: string }) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => <Checkbox name={field.name} checked={field.value === true} onBlur={field.onBlur} onCheckedChange={field.onChange} label={label} />}
    />
  );
}

function MainTab({ form, formData, entity }: { form: InvoiceFormApi; formData: InvoiceFormData; entity: LoadedInvoice }) {
  const [withholding, pa, contact] = useWatch({ control: form.control, name: ["withholdingTaxApply", "publicAdministration", "contact"] });
  const refSelect = (name: "bankAccount" | "paymentModality", label: string, url: string) => (
    <FormField
      control={form.control}
      name={name}
      label={label}
      render={(field) => <AjaxSelect url={url} value={field.value as SelectableEntity | null | undefined} onChange={field.onChange} onBlur={field.onBlur} name={field.name} ref={field.ref} />}
    />
  );
  // Tipo documento is the FatturaPA TipoDocumento: proforma and quotes never become one
  const isFiscal = LOCKED_KINDS.includes(entity.kind);
  const locked = entity.id !== null && isFiscal && !EDITABLE_STATES.includes(entity.state);
  return (
    <div className="flex flex-col gap-4">
      {locked && (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {INVOICE_MESSAGES.locked}
        </p>
      )}
      <Card title="Intestazione" actions={entity.id !== null ? <DocumentStateBadge state={entity.state} /> : undefined}>
        <div className="flex flex-col gap-3">
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-4">
            <Field label="Numero">
              <Input readOnly value={entity.number ?? ""} placeholder={NUMBER_ON_ISSUE} />
            </Field>
            <FormField control={form.control} name="date" label="Data documento" required render={(field) => <DateInput {...field} value={field.value as string | null | undefined} />} />
            <FormField
              control={form.control}
              name="contact"
              label="Cliente"
              required
              className="sm:col-span-2"
              render={(field) => (
                <ContactPicker
                  role="CUSTOMER"
                  value={field.value as SelectableEntity | null | undefined}
                  onChange={(v) => {
                    field.onChange(v);
                    if (v) void fillFromCustomer(form, Number(v.id));
                  }}
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                />
              )}
            />
          </div>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            {isFiscal && (
              <FormField
                control={form.control}
                name="documentType"
                label="Tipo documento"
                render={(field) => <Select {...field} value={str(field.value)} options={formData.documentTypes.map((t) => ({ value: t.value, label: `${t.value} ${t.label}` }))} />}
              />
            )}
            {refSelect("bankAccount", "Conto corrente", "/api/bank-accounts/get-filtered-list")}
            {refSelect("paymentModality", "Modalità di pagamento", "/api/payment-modalities/get-filtered-list")}
          </div>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <FormField control={form.control} name="address" label="Indirizzo" render={(field) => <Textarea {...field} value={str(field.value)} rows={2} maxLength={1000} />} />
            <FormField control={form.control} name="details" label="Dettagli" render={(field) => <Textarea {...field} value={str(field.value)} rows={2} maxLength={5000} />} />
          </div>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <FormField control={form.control} name="inpsRevenge" label="Rivalsa INPS %" render={(field) => <DecimalInput {...field} value={field.value as string | null | undefined} percent />} />
            <FormField
              control={form.control}
              name="professionistFund"
              label="Cassa professionisti %"
              render={(field) => <DecimalInput {...field} value={field.value as string | null | undefined} percent />}
            />
            <div className="flex items-end pb-2">
              <CheckboxField form={form} name="withholdingTaxApply" label="Ritenuta d'acconto" />
            </div>
            {withholding === true && (
              <FormField
                control={form.control}
                name="withholdingTaxPercentage"
                label="Ritenuta d'acconto %"
                render={(field) => <DecimalInput {...field} value={field.value as string | null | undefined} percent />}
              />
            )}
          </div>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <div className="flex items-end pb-2">
              <CheckboxField form={form} name="stampBorneByIssuer" label="Marca da bollo a proprio carico" />
            </div>
            <FormField control={form.control} name="stampAmount" label="Valore marca da bollo virtuale" render={(field) => <MoneyInput {...field} value={field.value as number | string | null | undefined} />} />
            <div className="flex items-end pb-2">
              <CheckboxField form={form} name="publicAdministration" label="Fattura alla Pubblica Amministrazione" />
            </div>
          </div>
        </div>
      </Card>
      {pa === true && (
        <Card title="Documento PA">
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-5">
            <FormField
              control={form.control}
              name="paDocument.type"
              label="Fattura emessa per"
              render={(field) => <Select {...field} value={str(field.value)} placeholder="-" options={PA_DOCUMENT_TYPES.map((t) => ({ value: t, label: t }))} onChange={(e) => field.onChange(e.target.value || null)} />}
            />
            <FormField control={form.control} name="paDocument.number" label="Numero documento PA" render={(field) => <Input {...field} value={str(field.value)} maxLength={20} />} />
            <FormField control={form.control} name="paDocument.date" label="Data documento PA" render={(field) => <DateInput {...field} value={field.value as string | null | undefined} />} />
            <FormField control={form.control} name="paDocument.cig" label="CIG" render={(field) => <Input {...field} value={str(field.value)} maxLength={15} />} />
            <FormField control={form.control} name="paDocument.cup" label="CUP" render={(field) => <Input {...field} value={str(field.value)} maxLength={15} />} />
          </div>
        </Card>
      )}
      <Card title="Righe">
        <RowsField form={form} contactId={idOf(contact)} readOnly={locked} />
      </Card>
      <CalculatedCards form={form} id={entity.id} />
    </div>
  );
}

/** "2.00" and "2" read alike: a quantity without its trailing zeros, with the Italian comma. */
const quantityText = (q: unknown) =>
  String(q ?? "1")
    .replace(/(\.\d*?)0+$/, "$1")
    .replace(/\.$/, "")
    .replace(".", ",");
const money = (cents: unknown) => (typeof cents === "number" ? formatEuro(cents) : "");

const ROW_COLUMNS: readonly RowsGridColumn<InvoiceRow>[] = [
  { key: "rowType", header: "Tipo", width: 110, render: (r) => ROW_TYPE_LABELS[r.rowType as keyof typeof ROW_TYPE_LABELS] ?? "" },
  { key: "description", header: "Descrizione", render: (r) => <span className={r.rowType === "SEZIONE" ? "font-semibold" : undefined}>{str(r.description)}</span> },
  { key: "quantity", header: "Quantità", width: 90, type: "decimal", render: (r) => (r.rowType === "SEZIONE" || r.hideAmount ? "" : quantityText(r.quantity)) },
  { key: "amount", header: "Importo", width: 120, type: "currency", render: (r) => (r.rowType === "SEZIONE" || r.hideAmount ? "" : money(r.amount)) },
  { key: "vat", header: "Aliquota", width: 140, render: (r) => (r.vat as SelectableEntity | null | undefined)?.toString ?? "" },
];

/** Righe: the rows (RowsGrid, multi-select, double click edits) and the row form. */
function RowsField({ form, contactId, readOnly }: { form: InvoiceFormApi; contactId: number | null; readOnly: boolean }) {
  const [editing, setEditing] = useState<{ row: InvoiceRow | null; resolve: (row: InvoiceRow | null) => void; remove?: () => void } | null>(null);
  return (
    <Controller
      control={form.control}
      name="rows"
      render={({ field }) => {
        const rows = (field.value as InvoiceRow[] | undefined) ?? [];
        const editRow = (row: InvoiceRow | null, index: number | null) =>
          new Promise<InvoiceRow | null>((resolve) =>
            setEditing({
              row,
              resolve,
              remove:
                index === null
                  ? undefined
                  : () => {
                      resolve(null);
                      field.onChange(rows.filter((_, i) => i !== index));
                    },
            }),
          );
        return (
          <>
            <RowsGrid<InvoiceRow> rows={rows} onChange={(next) => field.onChange(next)} columns={ROW_COLUMNS} editRow={editRow} selectable={!readOnly} readOnly={readOnly} reorderable={false} emptyText="Nessuna riga" />
            {editing && (
              <InvoiceRowForm
                row={editing.row}
                contactId={contactId}
                onDone={(row) => {
                  editing.resolve(row);
                  setEditing(null);
                }}
                onDelete={
                  editing.remove
                    ? () => {
                        editing.remove!();
                        setEditing(null);
                      }
                    : undefined
                }
              />
            )}
          </>
        );
      }}
    />
  );
}

/** A total with its working (lib/fiscal/types.ts Figure). */
interface Figure {
  amount: number;
  steps?: { label: string }[];
}
interface Calculated {
  totals: Record<string, Figure | number>;
  deadlines: { deadlineDate: string; amount: number; deadlineState: string; bankAccount: SelectableEntity | null }[];
}

const TOTAL_LINES: readonly [string, string][] = [
  ["taxable", "Imponibile"],
  ["inpsRevengeAmount", "Rivalsa INPS"],
  ["professionistFundAmount", "Cassa professionisti"],
  ["totalVat", "IVA"],
  ["withholdingTaxAmount", "Ritenuta d'acconto"],
  ["stampAmount", "Marca da bollo"],
  ["total", "Totale"],
  ["netToPay", "Netto a pagare"],
];

const figureOf = (v: Figure | number | undefined) => (typeof v === "number" ? v : (v?.amount ?? 0));

/** Totali and Scadenze: POST get-calculated-fields on every change (after 300 ms; an earlier request is cancelled). */
function CalculatedCards({ form, id }: { form: InvoiceFormApi; id: number | null }) {
  const values = useWatch({ control: form.control });
  const [calc, setCalc] = useState<Calculated | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(values);
  const run = useCallback(
    (signal: AbortSignal) => {
      const url = id ? `${CALCULATED_FIELDS_URL}?id=${id}` : CALCULATED_FIELDS_URL;
      apiPostEntity<Calculated>(url, invoiceApi.field, { ...(JSON.parse(key) as object), deadlines: [] }, undefined, { signal })
        .then((res) => {
          setCalc({ totals: res.totals, deadlines: res.deadlines });
          setError(null);
        })
        .catch((e: unknown) => {
          if (!isAbortError(e)) setError(errorMessage(e));
        });
    },
    [key, id],
  );
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => run(controller.signal), CALCULATION_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [run]);

  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <Card title="Totali">
        {error && (
          <p role="alert" className="mb-2 text-sm text-danger-700">
            {error}
          </p>
        )}
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="invoice-totals">
          {TOTAL_LINES.map(([k, label]) => (
            <div key={k} className={`contents ${k === "netToPay" || k === "total" ? "font-semibold" : ""}`}>
              <dt>{label}</dt>
              <dd className="text-right tabular-nums">{formatEuro(figureOf(calc?.totals[k]))}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card title="Scadenze">
        {!calc || calc.deadlines.length === 0 ? (
          <p className="text-sm text-gray-500">Nessuna scadenza</p>
        ) : (
          <table className="w-full text-sm" aria-label="Scadenze">
            <thead>
              <tr className="text-left text-gray-600">
                <th className="py-1 font-medium">Data scadenza</th>
                <th className="py-1 text-right font-medium">Importo</th>
                <th className="py-1 pl-3 font-medium">Stato</th>
              </tr>
            </thead>
            <tbody>
              {calc.deadlines.map((d, i) => (
                <tr key={`${d.deadlineDate}-${i}`} className="border-t border-gray-100">
                  <td className="py-1">{formatDate(d.deadlineDate)}</td>
                  <td className="py-1 text-right tabular-nums">{formatEuro(d.amount)}</td>
                  <td className="py-1 pl-3">{d.deadlineState}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}

