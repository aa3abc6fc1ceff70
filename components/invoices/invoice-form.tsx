"use client";

import { useCallback, useEffect, useMemo, useRef, useState, type MutableRefObject } from "react";
import { Controller, useFieldArray, useWatch } from "react-hook-form";
import { BankAccountForm } from "@/components/bank-accounts/bank-account-form";
import { movementOfDeadline, PaidByMovement } from "@/components/bank-movements/paid-by-movement";
import { ContactPicker } from "@/components/contacts/contact-picker";
import { PaymentModalityForm } from "@/components/payment-modalities/payment-modality-form";
import { EntityForm } from "@/components/form/entity-form";
import type { EntityFormContext, FormTabDef } from "@/components/form/entity-form-modal";
import { FormField } from "@/components/form/form-field";
import { AjaxSelect, DateInput, DecimalInput, MoneyInput, type SelectableEntity } from "@/components/form/inputs";
import { FormTab } from "@/components/form/tabs";
import { RowsGrid } from "@/components/grid/rows-grid";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { confirmDialog } from "@/components/ui/dialogs";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { apiGet, apiPostEntity, errorMessage, isAbortError, showError } from "@/lib/client/api";
import { pickFormValues, type ZodForm } from "@/lib/client/use-zod-form";
import { formatEuro, formatMoney } from "@/lib/format";
import type { CalculationResult } from "@/lib/fiscal/calculate";
import type { Figure } from "@/lib/fiscal/types";
import { DOCUMENT_WORDINGS, liveTotals, totalsWithSteps, vatSummaryOf, type CalculationContext } from "@/lib/invoice-calculation";
import {
  DEADLINE_STATES,
  INVOICE_MESSAGES,
  invoiceApi,
  invoiceSchema,
  PA_DOCUMENT_TYPES,
  type DocumentKind,
  type InvoiceFormData,
  type InvoiceJson,
  type InvoiceTotals,
} from "@/lib/schemas/invoice";
import type { Loaded } from "@/lib/schemas/entity";
import { DocumentStateBadge } from "./document-state-badge";
import { DocumentHistory } from "./document-history";
import { InvoiceActions } from "./invoice-actions";
import { InvoiceAttachments } from "./invoice-attachments";
import { invoiceRowColumns } from "./invoice-row-cells";
import { InvoiceRowForm, newInvoiceRow, type InvoiceRow } from "./invoice-row-form";
import { isLocked, policyOf } from "@/lib/documents/policy";

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
    fields: ["date", "contact", "sectional", "documentType", "bankAccount", "paymentModality", "address", "details", "inpsRevenge", "professionistFund", "withholdingTaxPercentage", "stampAmount", "paDocument", "correctedInvoice", "rows", "deadlines"],
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
 * (Intestazione, Documento PA, Righe, Totali from get-calculated-fields, Scadenze), Note e allegati; Salva (Ctrl+S),
 * and 'Salva ed emetti' (Ctrl+Enter) on a Bozza: saved and numbered in one call, the form then on the issued document.
 */
export function InvoiceForm({ id, kind, createUrl, onSaved, onClose }: InvoiceFormProps) {
  // a copy made from the form (Duplica, Crea nota di credito, Converti) opens in its place
  const [currentId, setCurrentId] = useState<number | null>(id ?? null);
  // deadlines changed by hand are sent as they are; else the server computes them from the modality on the saved totals
  const manualDeadlines = useRef(false);
  return (
    <EntityForm<typeof invoiceSchema, LoadedInvoice, InvoiceFormData>
      key={currentId ?? "new"}
      api={invoiceApi}
      id={currentId}
      createQuery={{ kind }}
      createUrl={currentId === null ? createUrl : undefined}
      schema={invoiceSchema}
      size="xl"
      tabs={INVOICE_TABS}
      title={(entity) => {
        const words = policyOf(entity.kind ?? kind).words;
        return entity.id ? `${words.edit} ${entity.number ?? "(bozza)"}` : words.insert;
      }}
      toFormValues={(entity) => ({ ...pickFormValues(invoiceSchema, entity), kind: entity.kind ?? kind })}
      readOnly={isLockedDocument}
      uploadProgress
      toPayload={(values) => ({ ...values, deadlines: manualDeadlines.current ? values.deadlines : [] })}
      onSaved={(saved) => onSaved?.(saved)}
      onClose={onClose}
      footerExtra={(context) => (
        <IssueButton
          context={context}
          onIssued={(saved) => {
            // a new document goes on in the form of the issued one (update-form-data: its history, its actions' reloads)
            if (currentId !== saved.id) setCurrentId(saved.id);
            else context.reload();
          }}
        />
      )}
    >
      {(form, formData, context) => (
        <>
          <FormTab value="main">
            {context.entity.id !== null && (
              <div className="mb-3">
                <InvoiceActions
                  invoice={context.entity as LoadedInvoice & { id: number }}
                  dirty={form.formState.isDirty}
                  signs={formData.sdiSigns}
                  onChanged={() => {
                    onSaved?.(context.entity as InvoiceJson);
                    context.reload();
                  }}
                  onOpen={(created) => {
                    onSaved?.(created);
                    manualDeadlines.current = false;
                    setCurrentId(created.id);
                  }}
                  onDeleted={() => {
                    onSaved?.(context.entity as InvoiceJson);
                    onClose();
                  }}
                />
              </div>
            )}
            <MainTab form={form} formData={formData} entity={context.entity} manualDeadlines={manualDeadlines} />
          </FormTab>
          <FormTab value="notes">
            <div className="flex flex-col gap-4">
              <Card title="Allegati">
                <InvoiceAttachments form={form} context={context} readOnly={isLockedDocument(context.entity)} />
              </Card>
              <Card title="Storico">
                <DocumentHistory history={formData.history ?? []} sdiEvents={formData.sdiEvents ?? []} isNew={context.entity.id === null} />
              </Card>
            </div>
          </FormTab>
        </>
      )}
    </EntityForm>
  );
}

/** An issued invoice or credit note (neither Bozza nor Scartata): locked, corrected by a credit note. */
const isLockedDocument = (entity: Pick<LoadedInvoice, "id" | "kind" | "state">) => entity.id !== null && isLocked(entity);

/**
 * 'Salva ed emetti' beside Salva on a Bozza, new or saved (issue 30): the form's values are validated, the issue
 * confirmed (ISSUE_CONFIRM), then saved with ?issue=1 — saved and numbered in one transaction, a refusal of either
 * writing nothing — and the form stays open on the issued document, its PDF, XML and 'Invia email' at hand.
 * Keyboard (anywhere in this form, inputs included; not in a dialog opened over it): Ctrl+S (⌘S) saves as Salva,
 * Ctrl+Enter (⌘Enter) saves and issues a Bozza (else saves); the browser's own Ctrl+S is prevented.
 */
function IssueButton({ context, onIssued }: { context: EntityFormContext<LoadedInvoice>; onIssued: (saved: InvoiceJson) => void }) {
  const [busy, setBusy] = useState(false);
  const anchor = useRef<HTMLSpanElement>(null);
  const { entity } = context;
  const draft = entity.state === "Bozza";
  const readOnly = isLockedDocument(entity);
  const latest = useRef({ context, onIssued, draft, readOnly, busy });
  latest.current = { context, onIssued, draft, readOnly, busy };

  async function issue() {
    const { context: ctx, onIssued: issued } = latest.current;
    setBusy(true);
    try {
      const saved = await ctx.submit({ query: "issue=1", keepOpen: true, confirm: () => confirmDialog(ISSUE_CONFIRM) });
      if (saved) issued(saved as InvoiceJson);
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const save = event.key === "s" || event.key === "S";
      const issueKey = event.key === "Enter";
      if (!save && !issueKey) return;
      // only this form's dialog: not a row's or a confirmation opened over it
      const dialog = anchor.current?.closest("[role='dialog']");
      if (!dialog || !(event.target instanceof Node) || !dialog.contains(event.target)) return;
      event.preventDefault();
      const now = latest.current;
      if (now.readOnly || now.busy || now.context.saving) return;
      if (issueKey && now.draft) void issue();
      else void now.context.submit();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <span ref={anchor} className="contents">
      {draft && (
        <Button type="button" variant="secondary" loading={busy} disabled={context.saving} onClick={() => void issue()} title="Ctrl+Invio">
          Salva ed emetti
        </Button>
      )}
    </span>
  );
}

const str = (v: unknown) => (typeof v === "string" ? v : "");
const idOf = (v: unknown) => {
  const id = (v as SelectableEntity | null | undefined)?.id;
  return id === undefined || id === null || id === "" ? null : Number(id);
};

/** The Sezionale select's options: enabled sectionals only (a disabled one cannot number a document). */
const SECTIONAL_OPTIONS = { url: "/api/invoice-sectionals/get-filtered-list", params: { enabled: "1" } } as const;

/** What create-form-data answers for a customer (db/documents/draft.ts draftOf). */
interface CustomerDraft {
  invoice: Pick<InvoiceJson, "address" | "publicAdministration" | "sectional" | "bankAccount" | "paymentModality">;
  formData: Pick<InvoiceFormData, "calculation">;
}

/**
 * The customer's defaults when Cliente changes: GET create-form-data?kind=&contact= answers them by the server's rule
 * (draftOf), so the form guesses nothing — address, payment modality and bank account (kept when the customer has
 * none), PA flag, and on a new document the sectional of the customer's typology, unless the user chose one by hand
 * (`sectionalChosen`); formData.calculation.customer gives the live totals the customer's flags (split payment, PA,
 * private person). A later choice's answer wins over an earlier one still on its way.
 */
export function useCustomerDefaults(form: InvoiceFormApi, { kind, isNew, setCustomer }: { kind: DocumentKind; isNew: boolean; setCustomer: (c: CalculationContext["customer"]) => void }) {
  const sectionalByHand = useRef(false);
  const latest = useRef(0);
  const customerChanged = useCallback(
    async (contactId: number | null) => {
      const call = ++latest.current;
      if (contactId === null) return setCustomer(null);
      try {
        const res = await apiGet<CustomerDraft>(`${invoiceApi.url}/create-form-data?${new URLSearchParams({ kind, contact: String(contactId) })}`);
        if (call !== latest.current) return;
        const d = res.invoice;
        setCustomer(res.formData.calculation.customer);
        const set = { shouldDirty: true } as const;
        form.setValue("address", d.address, set);
        if (d.paymentModality) form.setValue("paymentModality", d.paymentModality, set);
        if (d.bankAccount) form.setValue("bankAccount", d.bankAccount, set);
        form.setValue("publicAdministration", d.publicAdministration, set);
        if (isNew && !sectionalByHand.current) form.setValue("sectional", d.sectional, set);
      } catch (e) {
        if (call === latest.current) await showError(e);
      }
    },
    [form, kind, isNew, setCustomer],
  );
  const sectionalChosen = useCallback(() => {
    sectionalByHand.current = true;
  }, []);
  return { customerChanged, sectionalChosen };
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

/**
 * 'Valore marca da bollo virtuale'. The bollo is the law's (lib/fiscal/calculate.ts 7a): due whenever the amounts not
 * subject to VAT exceed € 77,47, whoever bears it; 'Marca da bollo a proprio carico' only says who (ticked: the issuer;
 * off: recharged to the customer on an 'Imposta di bollo' row). So the amount does not follow the checkbox, which would
 * lock it exactly when the customer pays it: it is enabled when the document's live calculation says the bollo is
 * due (and while the calculation cannot tell, e.g. a row being typed, so that it never blocks the user), disabled
 * otherwise, when no bollo is charged whatever it says.
 */
export function StampAmountField({ form, context }: { form: InvoiceFormApi; context: CalculationContext }) {
  const values = useWatch({ control: form.control });
  const live = useMemo(() => liveTotals(values, context), [values, context]);
  const due = live.calc ? live.calc.stamp.due : true;
  return (
    <FormField
      control={form.control}
      name="stampAmount"
      label="Valore marca da bollo virtuale"
      hint={due ? undefined : STAMP_NOT_DUE}
      render={(field) => <MoneyInput {...field} value={field.value as number | string | null | undefined} disabled={!due || field.disabled} />}
    />
  );
}

export const STAMP_NOT_DUE = "Non dovuto: importi senza IVA fino a € 77,47";

function MainTab({ form, formData, entity, manualDeadlines }: { form: InvoiceFormApi; formData: InvoiceFormData; entity: LoadedInvoice; manualDeadlines: MutableRefObject<boolean> }) {
  const [withholding, pa, contact] = useWatch({ control: form.control, name: ["withholdingTaxApply", "publicAdministration", "contact"] });
  // the customer as the calculation reads it (split payment, PA, private person): from the form data, then from each choice
  const [customer, setCustomer] = useState(formData.calculation.customer);
  const calculation = useMemo(() => ({ ...formData.calculation, customer }), [formData.calculation, customer]);
  const { customerChanged, sectionalChosen } = useCustomerDefaults(form, { kind: entity.kind, isNew: entity.id === null, setCustomer });
  // '+' beside Conto corrente and Modalità di pagamento: the Tabelle's own form, the saved record chosen
  const [creating, setCreating] = useState<"bankAccount" | "paymentModality" | null>(null);
  const refSelect = (name: "bankAccount" | "paymentModality", label: string, url: string, createLabel: string) => (
    <FormField
      control={form.control}
      name={name}
      label={label}
      render={(field) => (
        <AjaxSelect
          url={url}
          value={field.value as SelectableEntity | null | undefined}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          onCreate={() => setCreating(name)}
          createLabel={createLabel}
        />
      )}
    />
  );
  const created = (name: "bankAccount" | "paymentModality") => (saved: { id: number; toString: string }) => form.setValue(name, { id: saved.id, toString: saved.toString }, { shouldDirty: true });
  // Tipo documento is the FatturaPA TipoDocumento: proforma and quotes never become one
  const isFiscal = policyOf(entity.kind).xml;
  const locked = isLockedDocument(entity);
  return (
    <div className="flex flex-col gap-4">
      {locked && (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {policyOf(entity.kind).lockedMessage}
        </p>
      )}
      {/* an issued document's header is shown, not edited (disabled propagates to every control inside) */}
      <fieldset disabled={locked} className="contents">
      <Card title="Intestazione" actions={entity.id !== null ? <DocumentStateBadge state={entity.displayedState ?? entity.state} /> : undefined}>
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
                    void customerChanged(v ? Number(v.id) : null);
                  }}
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                />
              )}
            />
          </div>
          {/* Tipo documento and Sezionale hold short texts: the payment references keep the room their names need */}
          <div className={`grid grid-cols-1 gap-3 ${isFiscal ? "sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,0.8fr)_minmax(0,1.1fr)_minmax(0,1.1fr)]" : "sm:grid-cols-[minmax(0,0.8fr)_minmax(0,1.1fr)_minmax(0,1.1fr)]"}`}>
            {isFiscal && (
              <FormField
                control={form.control}
                name="documentType"
                label="Tipo documento"
                render={(field) => <Select {...field} value={str(field.value)} options={formData.documentTypes.map((t) => ({ value: t.value, label: `${t.value} ${t.label}` }))} />}
              />
            )}
            {/* every kind is numbered per sectional (db/documents/numbering.ts seriesKey); a numbered document keeps its series */}
            <FormField
              control={form.control}
              name="sectional"
              label="Sezionale"
              render={(field) => (
                <AjaxSelect
                  url={SECTIONAL_OPTIONS.url}
                  params={SECTIONAL_OPTIONS.params}
                  value={field.value as SelectableEntity | null | undefined}
                  onChange={(v) => {
                    sectionalChosen();
                    field.onChange(v);
                  }}
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                  disabled={entity.number !== null}
                />
              )}
            />
            {refSelect("bankAccount", "Conto corrente", "/api/bank-accounts/get-filtered-list", "Nuovo conto corrente")}
            {refSelect("paymentModality", "Modalità di pagamento", "/api/payment-modalities/get-filtered-list", "Nuova modalità di pagamento")}
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
            <StampAmountField form={form} context={calculation} />
            <div className="flex items-end pb-2">
              <CheckboxField form={form} name="publicAdministration" label="Fattura alla Pubblica Amministrazione" />
            </div>
          </div>
        </div>
      </Card>
      {/* a credit note not made from an invoice names it here (to issue it: number and date, DatiFattureCollegate) */}
      {policyOf(entity.kind).correctsInvoice && !entity.source && <CorrectedInvoiceCard form={form} />}
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
      </fieldset>
      <Card title="Righe">
        <RowsField form={form} contactId={idOf(contact)} readOnly={locked} defaultVat={formData.defaultVat ?? null} />
      </Card>
      <CalculatedCards form={form} entity={entity} context={calculation} locked={locked} manualDeadlines={manualDeadlines} />
      {creating === "bankAccount" && <BankAccountForm onClose={() => setCreating(null)} onSaved={created("bankAccount")} />}
      {creating === "paymentModality" && <PaymentModalityForm onClose={() => setCreating(null)} onSaved={created("paymentModality")} />}
    </div>
  );
}

/** 'Fattura rettificata': the number and date of the invoice a credit note corrects, when it was not made from it. */
function CorrectedInvoiceCard({ form }: { form: InvoiceFormApi }) {
  return (
    <Card title="Fattura rettificata">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-4">
        <FormField control={form.control} name="correctedInvoice.number" label="Numero fattura rettificata" render={(field) => <Input {...field} value={str(field.value)} maxLength={20} />} />
        <FormField control={form.control} name="correctedInvoice.date" label="Data fattura rettificata" render={(field) => <DateInput {...field} value={field.value as string | null | undefined} />} />
        <p className="self-end pb-2 text-xs text-gray-600 sm:col-span-2">Numero e data della fattura che la nota di credito rettifica: richiesti per emetterla (la fattura elettronica li riporta).</p>
      </div>
    </Card>
  );
}

/** A Riga generica with nothing typed in it (no description, no price): 'Aggiungi riga' or Enter made it, nothing filled it. */
const isBlankRow = (r: InvoiceRow) => r.rowType === "GENERICA" && !str(r.description).trim() && !r.amount;

/** The edit icon's row form holds what the grid's cells do not show. */
export const ROW_FORM_TITLE = "Tipo riga, ritenuta, anticipazione, nascondi importo";

/**
 * Righe (issue 30): an inline grid (RowsGrid with invoiceRowColumns' editors, multi-select, drag to reorder) —
 * description with its product / service / job picker, quantity, unit price, Aliquota and line total edited in place;
 * 'Aggiungi riga' adds a Riga generica on the tenant's usual rate (newInvoiceRow); the edit icon opens the row form.
 */
function RowsField({ form, contactId, readOnly, defaultVat }: { form: InvoiceFormApi; contactId: number | null; readOnly: boolean; defaultVat: { id: number; toString: string } | null }) {
  const [editing, setEditing] = useState<{ row: InvoiceRow | null; resolve: (row: InvoiceRow | null) => void; remove?: () => void } | null>(null);
  const withholds = useWatch({ control: form.control, name: "withholdingTaxApply" }) === true;
  const columns = useMemo(() => invoiceRowColumns({ contactId, documentWithholds: withholds }), [contactId, withholds]);
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
            <RowsGrid<InvoiceRow>
              rows={rows}
              onChange={(next) => field.onChange(next)}
              columns={columns}
              editRow={editRow}
              newRow={() => newInvoiceRow(defaultVat, withholds)}
              isBlank={isBlankRow}
              editTitle={ROW_FORM_TITLE}
              selectable={!readOnly}
              readOnly={readOnly}
              emptyText="Nessuna riga"
            />
            {editing && (
              <InvoiceRowForm
                row={editing.row}
                contactId={contactId}
                defaultVat={defaultVat}
                documentWithholds={form.getValues("withholdingTaxApply") === true}
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

interface ServerDeadline {
  deadlineDate: string;
  amount: number;
  deadlineState: string;
  bankAccount: SelectableEntity | null;
}
type FormDeadline = { deadlineDate: string | null; amount: number | string | null; deadlineState: string; paymentDate: string | null; bankAccount: SelectableEntity | null; id?: number };

// rivalsa and cassa are part of the imponibile (Σ ImponibileImporto, the VAT's base): with either, the card reads
// the rows' imponibile first ('Imponibile'), then what they add, then the imponibile they make (taxableWith): shown as
// 'Imponibile' above them, the total already held them and they read as added twice
const TOTAL_LINES: readonly [keyof InvoiceTotals, string][] = [
  ["inpsRevengeAmount", "Rivalsa INPS"],
  ["professionistFundAmount", "Cassa professionisti"],
  ["taxable", "Imponibile"],
  ["totalVat", "IVA"],
  ["withholdingTaxAmount", "Ritenuta d'acconto"],
  ["stampAmount", "Marca da bollo"],
  ["total", "Totale documento"],
  ["netToPay", "Netto a pagare"],
];

const sameDeadlines = (a: readonly Pick<FormDeadline, "deadlineDate" | "amount">[], b: readonly Pick<ServerDeadline, "deadlineDate" | "amount">[]) =>
  a.length === b.length && a.every((d, i) => d.deadlineDate === b[i].deadlineDate && Number(d.amount) === b[i].amount);

/**
 * Totali and Scadenze. The totals are computed here on every change, with the server's calculation; each figure
 * opens its working. The deadlines the payment modality gives come from get-calculated-fields (after 300 ms; an
 * earlier request is cancelled) and follow date, modality and totals until the user edits them: then they are kept
 * and sent as they are, their sum checked against the netto a pagare ('Ricalcola scadenze' goes back).
 */
export function CalculatedCards({
  form,
  entity,
  context,
  locked,
  manualDeadlines,
}: {
  form: InvoiceFormApi;
  entity: LoadedInvoice;
  context: CalculationContext;
  locked: boolean;
  manualDeadlines: MutableRefObject<boolean>;
}) {
  const values = useWatch({ control: form.control });
  const [serverDeadlines, setServerDeadlines] = useState<ServerDeadline[] | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [, setManualShown] = useState(false);
  const live = useMemo(() => (locked ? null : liveTotals(values, context)), [values, context, locked]);
  const totals: Record<keyof InvoiceTotals, Figure | number> | null = locked ? entity.totals : live?.calc ? totalsWithSteps(live.calc) : null;
  const netToPay = totals ? figureOf(totals.netToPay) : 0;

  const { rows: _rows, deadlines: _deadlines, ...header } = values;
  const key = JSON.stringify({ ...header, rows: values.rows, netToPay });
  // a quote asks for no payment: no deadlines
  const isQuote = policyOf(entity.kind).deadlines === null;
  const run = useCallback(
    (signal: AbortSignal) => {
      const url = entity.id ? `${CALCULATED_FIELDS_URL}?id=${entity.id}` : CALCULATED_FIELDS_URL;
      const { netToPay: _net, ...doc } = JSON.parse(key) as Record<string, unknown>;
      apiPostEntity<{ deadlines: ServerDeadline[] }>(url, invoiceApi.field, { ...doc, deadlines: [] }, undefined, { signal })
        .then((res) => {
          setServerDeadlines(res.deadlines);
          setServerError(null);
        })
        .catch((e: unknown) => {
          if (!isAbortError(e)) setServerError(errorMessage(e));
        });
    },
    [key, entity.id],
  );
  useEffect(() => {
    if (locked || isQuote) return;
    const controller = new AbortController();
    const timer = setTimeout(() => run(controller.signal), CALCULATION_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [run, locked, isQuote]);

  // the modality's deadlines replace the form's while the user has not edited them; stored ones that differ from what
  // the modality gives for the STORED document (edited in an earlier session), or settled ones (paid, netted by a credit
  // note), are the user's. That is decided once, from a calculation of the document as it was loaded: the live answer
  // may already be for rows the user changed before it came, and would make the stored deadlines look hand-made
  // (then the save was refused: 'La somma delle scadenze … deve essere uguale al netto a pagare').
  const loadedKey = useRef(key);
  const [decided, setDecided] = useState(() => entity.id === null || locked || isQuote || entity.deadlines.length === 0);
  useEffect(() => {
    if (decided) return;
    const stored = entity.deadlines;
    const keep = () => {
      manualDeadlines.current = true;
      setManualShown(true);
    };
    if (stored.some((d) => d.deadlineState !== "Da saldare")) {
      keep();
      setDecided(true);
      return;
    }
    const controller = new AbortController();
    const { netToPay: _net, ...doc } = JSON.parse(loadedKey.current) as Record<string, unknown>;
    apiPostEntity<{ deadlines: ServerDeadline[] }>(`${CALCULATED_FIELDS_URL}?id=${entity.id}`, invoiceApi.field, { ...doc, deadlines: [] }, undefined, { signal: controller.signal })
      .then((res) => {
        if (!sameDeadlines(stored, res.deadlines)) keep();
        setDecided(true);
      })
      .catch((e: unknown) => {
        if (isAbortError(e)) return;
        // not known: the stored deadlines stay as they are (nothing the user wrote is replaced)
        keep();
        setDecided(true);
      });
    return () => controller.abort();
  }, [decided, entity.id, entity.deadlines, manualDeadlines]);
  useEffect(() => {
    if (!serverDeadlines || locked || !decided) return;
    const current = (form.getValues("deadlines") ?? []) as FormDeadline[];
    if (manualDeadlines.current || sameDeadlines(current, serverDeadlines)) return;
    form.setValue(
      "deadlines",
      serverDeadlines.map((d) => ({ deadlineDate: d.deadlineDate, amount: d.amount, deadlineState: "Da saldare", paymentDate: null, bankAccount: d.bankAccount })) as never,
    );
  }, [serverDeadlines, form, locked, decided, manualDeadlines]);

  const setManual = (manual: boolean) => {
    manualDeadlines.current = manual;
    setManualShown(manual);
    if (!manual && serverDeadlines) {
      form.setValue(
        "deadlines",
        serverDeadlines.map((d) => ({ deadlineDate: d.deadlineDate, amount: d.amount, deadlineState: "Da saldare", paymentDate: null, bankAccount: d.bankAccount })) as never,
        { shouldDirty: true },
      );
    }
  };

  const error = live?.error ?? serverError;
  const added = figureOf(totals?.inpsRevengeAmount) + figureOf(totals?.professionistFundAmount);
  return (
    <div className="flex flex-col gap-4">
      <Card title="Totali" bodyClassName="grid grid-cols-1 gap-x-8 gap-y-3 md:grid-cols-2">
        {error && (
          <p role="alert" className="text-sm text-danger-700 md:col-span-2">
            {error}
          </p>
        )}
        <dl className="flex flex-col gap-1 self-start text-sm" data-testid="invoice-totals">
          {added !== 0 && <TotalLine label="Imponibile" amount={figureOf(totals?.taxable) - added} steps={[]} strong={false} />}
          {TOTAL_LINES.map(([k, label]) => {
            const figure = totals?.[k];
            const amount = figureOf(figure);
            if (amount === 0 && k !== "taxable" && k !== "total" && k !== "netToPay" && k !== "totalVat") return null;
            const steps = typeof figure === "object" ? figure.steps : [];
            const shown = k === "taxable" && added !== 0 ? taxableWith(totals) : label;
            return <TotalLine key={k} label={shown} amount={amount} steps={steps ?? []} strong={k === "total" || k === "netToPay"} />;
          })}
        </dl>
        <div className="flex flex-col gap-3">
          {live?.calc && <VatSummary calc={live.calc} />}
          {live?.calc && <Wordings calc={live.calc} kind={entity.kind} />}
        </div>
      </Card>
      {!isQuote && <DeadlinesCard form={form} locked={locked} netToPay={netToPay} onManual={setManual} manual={manualDeadlines.current} stored={entity.deadlines} />}
    </div>
  );
}

const figureOf = (v: Figure | number | undefined) => (typeof v === "number" ? v : (v?.amount ?? 0));

/** The imponibile after rivalsa and cassa: 'Imponibile con rivalsa INPS e cassa' (naming those the document has). */
const taxableWith = (totals: Record<keyof InvoiceTotals, Figure | number> | null) =>
  `Imponibile con ${[figureOf(totals?.inpsRevengeAmount) !== 0 ? "rivalsa INPS" : null, figureOf(totals?.professionistFundAmount) !== 0 ? "cassa" : null].filter(Boolean).join(" e ")}`;

/** A step's label as the fiscal library writes it ("4.00% su 1525,00") in the form's Italian ("4,00% su 1525,00"). */
const italianStep = (label: string) => label.replace(/(\d+)\.(\d+)%/g, "$1,$2%");

/** A figure; with its working, a click opens it (base × rate = amount, from the calculation's steps). */
function TotalLine({ label, amount, steps, strong }: { label: string; amount: number; steps: readonly { label: string; amount: number }[]; strong: boolean }) {
  const row = (
    <span className={`flex justify-between gap-4 ${strong ? "font-semibold" : ""}`}>
      <dt>{label}</dt>
      <dd className="text-right tabular-nums">{formatEuro(amount)}</dd>
    </span>
  );
  if (steps.length === 0) return row;
  return (
    <details className="group">
      <summary className="cursor-pointer list-none rounded hover:bg-gray-50" title="Mostra il calcolo">
        {row}
      </summary>
      <ul className="mb-1 ml-3 border-l border-gray-200 pl-2 text-xs text-gray-600" aria-label={`Calcolo ${label}`}>
        {steps.map((s, i) => (
          <li key={i} className="flex justify-between gap-3">
            <span>{italianStep(s.label)}</span>
            <span className="tabular-nums">{formatEuro(s.amount)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** IVA per rate and natura. */
function VatSummary({ calc }: { calc: CalculationResult }) {
  const lines = vatSummaryOf(calc);
  if (lines.length === 0) return null;
  return (
    <table className="w-full self-start text-xs text-gray-700" aria-label="Riepilogo IVA">
      <thead>
        <tr className="text-left text-gray-500">
          <th className="font-medium">Aliquota</th>
          <th className="text-right font-medium">Imponibile</th>
          <th className="text-right font-medium">Imposta</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={`${l.vatRate}-${l.natura ?? ""}`}>
            <td>{l.natura ? `${l.vatRate.replace(".", ",")}% ${l.natura}` : `${l.vatRate.replace(".", ",")}%`}</td>
            <td className="text-right tabular-nums">{formatEuro(l.taxable)}</td>
            <td className="text-right tabular-nums">{formatEuro(l.vat)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Split payment, forfettario, bollo virtuale, proforma: the wordings the PDF will carry, and the calculation's notes. */
function Wordings({ calc, kind }: { calc: CalculationResult; kind: DocumentKind }) {
  const { notice, stampWording } = policyOf(kind).pdf;
  const lines = [
    ...(notice ? [DOCUMENT_WORDINGS[notice]] : []),
    ...(calc.splitPaymentVat.amount > 0 ? [DOCUMENT_WORDINGS.splitPayment] : []),
    ...(calc.isForfettario ? [DOCUMENT_WORDINGS.forfettario] : []),
    ...(calc.stamp.due && stampWording ? [DOCUMENT_WORDINGS.stamp] : []),
    ...calc.notes,
  ];
  if (lines.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1 text-xs text-gray-600" aria-label="Diciture">
      {lines.map((l) => (
        <li key={l}>{l}</li>
      ))}
    </ul>
  );
}

const EMPTY_DEADLINE = (date: string, amount: number): FormDeadline => ({ deadlineDate: date, amount, deadlineState: "Da saldare", paymentDate: null, bankAccount: null });

/** Scadenze: the rows (Data scadenza, Importo, Stato, Data pagamento, Conto corrente), their sum against the netto a pagare. */
function DeadlinesCard({
  form,
  locked,
  netToPay,
  manual,
  onManual,
  stored,
}: {
  form: InvoiceFormApi;
  locked: boolean;
  netToPay: number;
  manual: boolean;
  onManual: (manual: boolean) => void;
  /** The loaded deadlines: the bank movement that paid each (issue 32), found by the deadline's id. */
  stored?: readonly unknown[];
}) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "deadlines" });
  const deadlines = (useWatch({ control: form.control, name: "deadlines" }) ?? []) as FormDeadline[];
  const sum = deadlines.reduce((s, d) => s + (Number(d.amount) || 0), 0);
  const edit = () => {
    if (!manual) onManual(true);
  };
  const date = form.getValues("date") as string | null;
  return (
    <Card
      title="Scadenze"
      actions={
        locked ? undefined : manual ? (
          <Button type="button" size="sm" variant="secondary" onClick={() => onManual(false)}>
            Ricalcola scadenze
          </Button>
        ) : undefined
      }
    >
      {fields.length === 0 && <p className="text-sm text-gray-500">Nessuna scadenza</p>}
      <div className="flex flex-col gap-2" aria-label="Scadenze" role="group" onInput={edit}>
        {fields.map((f, i) => (
          <div key={f.id} className="grid grid-cols-1 items-end gap-2 border-b border-gray-100 pb-2 sm:grid-cols-2 md:grid-cols-[13rem_9rem_10rem_13rem_minmax(10rem,1fr)_auto]">
            <FormField control={form.control} name={`deadlines.${i}.deadlineDate`} label="Data scadenza" required render={(field) => <DateInput {...field} value={field.value as string | null | undefined} disabled={locked} onChange={(v) => { edit(); field.onChange(v); }} />} />
            <FormField control={form.control} name={`deadlines.${i}.amount`} label="Importo" required render={(field) => <MoneyInput {...field} value={field.value as number | string | null | undefined} disabled={locked} onChange={(v) => { edit(); field.onChange(v); }} />} />
            <FormField
              control={form.control}
              name={`deadlines.${i}.deadlineState`}
              label="Stato"
              render={(field) => <Select {...field} value={str(field.value)} disabled={locked} options={DEADLINE_STATES.map((v) => ({ value: v, label: v }))} onChange={(e) => { edit(); field.onChange(e.target.value); }} />}
            />
            <FormField control={form.control} name={`deadlines.${i}.paymentDate`} label="Data pagamento" render={(field) => <DateInput {...field} value={field.value as string | null | undefined} disabled={locked} onChange={(v) => { edit(); field.onChange(v); }} />} />
            <FormField
              control={form.control}
              name={`deadlines.${i}.bankAccount`}
              label="Conto corrente"
              className="sm:col-span-2 md:col-span-1"
              render={(field) => (
                <AjaxSelect url="/api/bank-accounts/get-filtered-list" value={field.value as SelectableEntity | null | undefined} onChange={(v) => { edit(); field.onChange(v); }} onBlur={field.onBlur} name={field.name} ref={field.ref} disabled={locked} />
              )}
            />
            {!locked && (
              <Button type="button" size="sm" variant="ghost" aria-label={`Elimina scadenza ${i + 1}`} onClick={() => { edit(); remove(i); }}>
                ✕
              </Button>
            )}
            {(() => {
              const movement = movementOfDeadline(stored, deadlines[i]?.id);
              return movement ? (
                <div className="sm:col-span-2 md:col-span-6">
                  <PaidByMovement movement={movement} />
                </div>
              ) : null;
            })()}
          </div>
        ))}
      </div>
      {!locked && (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm">
          <Button
            type="button"
            size="sm"
            variant="secondary"
            onClick={() => {
              edit();
              append(EMPTY_DEADLINE(date ?? "", Math.max(1, netToPay - sum)) as never);
            }}
          >
            Aggiungi scadenza
          </Button>
          {manual && sum !== netToPay && (
            <p role="alert" className="text-danger-700">
              {INVOICE_MESSAGES.deadlinesSum(formatMoney(sum), formatMoney(netToPay))}
            </p>
          )}
        </div>
      )}
    </Card>
  );
}
