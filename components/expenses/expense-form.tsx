"use client";

import { useEffect, useRef, useState } from "react";
import { useFieldArray, useWatch } from "react-hook-form";
import { ContactPicker } from "@/components/contacts/contact-picker";
import { EntityForm } from "@/components/form/entity-form";
import type { EntityFormContext, FormTabDef } from "@/components/form/entity-form-modal";
import { FormField } from "@/components/form/form-field";
import { AjaxSelect, DateInput, MoneyInput, type SelectableEntity } from "@/components/form/inputs";
import { FileList, newAttachmentBlobs, type AttachmentItem } from "@/components/form/inputs/file-list";
import { FormTab } from "@/components/form/tabs";
import { SAVE_TO_KEEP_WARNING } from "@/components/grid/rows-grid";
import { movementOfDeadline, PaidByMovement } from "@/components/bank-movements/paid-by-movement";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { choiceDialog, confirmDialog } from "@/components/ui/dialogs";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { apiGet, apiPost, apiPostEntity, isAbortError, showError } from "@/lib/client/api";
import { saveBase64File, type Base64File } from "@/lib/client/download";
import { pickFormValues, type ZodForm } from "@/lib/client/use-zod-form";
import { formatEuro } from "@/lib/format";
import { ATTACHMENT_PARTS_FIELD } from "@/lib/schemas/attachment";
import type { Loaded } from "@/lib/schemas/entity";
import {
  DEFAULT_DEADLINE_STATE,
  EXPENSE_DEADLINE_STATES,
  EXPENSE_MESSAGES,
  MIN_DEADLINE_AMOUNT,
  ORIGINAL_FILE_PART,
  XML_FILE_PART,
  expenseApi,
  expenseSchema,
  documentTypeLabel,
  EXPENSE_DOCUMENT_TYPES,
  expenseAmountDue,
  expenseTotal,
  isReceivedCredit,
  type CalculatedExpenseDeadline,
  type ExpenseFormData,
  type ExpenseJson,
} from "@/lib/schemas/expense";

type ExpenseFormApi = ZodForm<typeof expenseSchema>;
type LoadedExpense = Loaded<ExpenseJson>;

export const EXPENSE_CALCULATED_FIELDS_URL = `${expenseApi.url}/get-calculated-fields`;
/** spec §9: calculated-fields throttle. */
const CALCULATION_DELAY_MS = 300;

export const EXPENSE_TABS: readonly FormTabDef[] = [
  {
    key: "main",
    label: "Dati principali",
    fields: ["documentNumber", "documentDate", "documentType", "contact", "bankAccount", "paymentModality", "details", "taxable", "totalVat", "withholdingTaxPercentage", "withholdingTaxPercentagePlus", "deadlines"],
  },
  { key: "files", label: "Allegati", fields: ["files"] },
];

/** The fields whose change recomputes the deadlines (spec §4; the document type: a credit's are what the supplier gives back). */
const TRIGGERS = ["documentDate", "contact", "bankAccount", "paymentModality", "taxable", "totalVat", "withholdingTaxPercentage", "withholdingTaxPercentagePlus", "documentType"] as const;
/** Sent with the triggers, not edited here: an imported file's document-level adjustment and split-payment VAT (issue 28). */
const CARRIED = ["documentAdjustment", "splitPaymentVat"] as const;

export interface ExpenseFormProps {
  id?: number | null;
  onSaved?: (saved: ExpenseJson) => void;
  onClose: () => void;
}

const str = (v: unknown) => (typeof v === "string" ? v : "");
const cents = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const refId = (v: unknown) => (v as SelectableEntity | null | undefined)?.id ?? null;

/**
 * 'Inserimento fattura di acquisto' / 'Modifica fattura di acquisto' (spec §2, §3, §4): Dati principali (header,
 * amounts with the displayed total, Scadenze recomputed by the server on each trigger field) and Allegati (the files,
 * and the received e-invoice's XML and original). Salva sends the files with 'Caricamento... N%'. Duplica: confirm,
 * save, duplicate, then 'Rimani qui' or 'Apri' the copy.
 */
export function ExpenseForm({ id, onSaved, onClose }: ExpenseFormProps) {
  const [currentId, setCurrentId] = useState<number | null>(id ?? null);
  // Duplica saves first: the save's close is held back while its duplicate runs
  const duplicating = useRef(false);
  const formRef = useRef<ExpenseFormApi | null>(null);
  return (
    <EntityForm<typeof expenseSchema, LoadedExpense, ExpenseFormData>
      key={currentId ?? "new"}
      api={expenseApi}
      id={currentId}
      schema={expenseSchema}
      size="xl"
      tabs={EXPENSE_TABS}
      title={(entity) => (entity.id ? "Modifica fattura di acquisto" : "Inserimento fattura di acquisto")}
      toFormValues={(entity) => pickFormValues(expenseSchema, entity)}
      uploadProgress
      onSaved={(saved) => {
        onSaved?.(saved);
        if (duplicating.current) void duplicateAfterSave(saved, onSaved, setCurrentId);
      }}
      onClose={() => {
        if (!duplicating.current) onClose();
      }}
      footerExtra={(context) => <DuplicateButton context={context} formRef={formRef} duplicating={duplicating} />}
    >
      {(form, formData, context) => {
        formRef.current = form;
        return (
          <>
            <FormTab value="main">
              <MainTab form={form} formData={formData} received={receivedFacts(context.entity)} stored={context.entity.deadlines as readonly unknown[] | undefined} />
            </FormTab>
            <FormTab value="files">
              <FilesTab form={form} formData={formData} context={context} />
            </FormTab>
          </>
        );
      }}
    </EntityForm>
  );
}

/** After the save of a Duplica: POST duplicate/{id}, then the choice of §4. */
async function duplicateAfterSave(saved: ExpenseJson, onSaved: ExpenseFormProps["onSaved"], open: (id: number) => void) {
  try {
    const res = await apiPost<{ expense: ExpenseJson }>(`${expenseApi.url}/duplicate/${saved.id}`, new FormData());
    onSaved?.(res.expense);
    const choice = await choiceDialog(EXPENSE_MESSAGES.duplicateDone(res.expense.toString), [
      { value: "stay", label: "Rimani qui" },
      { value: "open", label: "Apri", variant: "primary" },
    ]);
    if (choice === "open") open(res.expense.id);
  } catch (e) {
    await showError(e);
  }
}

/** 'Duplica' (a saved invoice): 'Confermi la duplicazione?', then the form's own save, then the copy. */
function DuplicateButton({ context, formRef, duplicating }: { context: EntityFormContext<LoadedExpense>; formRef: React.RefObject<ExpenseFormApi | null>; duplicating: React.RefObject<boolean> }) {
  const button = useRef<HTMLButtonElement>(null);
  const wasSaving = useRef(false);
  // the save is over (done or refused): a later Salva is a plain save again
  useEffect(() => {
    if (wasSaving.current && !context.saving) duplicating.current = false;
    wasSaving.current = context.saving;
  }, [context.saving, duplicating]);
  if (context.entity.id === null) return null;
  async function run() {
    if (!(await confirmDialog(EXPENSE_MESSAGES.confirmDuplicate))) return;
    const valid = (await formRef.current?.trigger()) ?? false;
    duplicating.current = valid;
    // an invalid form shows its messages through the normal submit
    button.current?.closest("form")?.requestSubmit();
  }
  return (
    <Button ref={button} type="button" variant="secondary" className="mr-auto" disabled={context.saving} onClick={() => void run()}>
      Duplica
    </Button>
  );
}

interface SupplierDefaults {
  supplierPaymentModality?: { id: number; toString: string } | null;
  supplierBankAccount?: { id: number; toString: string } | null;
}

/** spec §4: choosing a supplier prefills the payment modality and bank account from its defaults. */
async function prefillFromSupplier(form: ExpenseFormApi, contactId: number) {
  try {
    const res = await apiGet<{ contact: SupplierDefaults }>(`/api/contacts/get/${contactId}`);
    const set = { shouldDirty: true } as const;
    if (res.contact.supplierPaymentModality) form.setValue("paymentModality", res.contact.supplierPaymentModality, set);
    if (res.contact.supplierBankAccount) form.setValue("bankAccount", res.contact.supplierBankAccount, set);
  } catch (e) {
    await showError(e);
  }
}

/**
 * What a received file told about the invoice (issue 28), as the API answers it: the TipoDocumento, the warnings
 * about the supplier's identifiers as SDI delivered them and the signature's state. Each is shown only when the
 * answer has it; `fromFile`: the record came from (or carries) a received file, so its type is not edited here.
 */
export interface ReceivedFacts {
  documentType: string | null;
  fromFile: boolean;
  supplierWarnings: string[];
  signature: string | null;
}

/** The received file's facts of a loaded expense (fields the answer may not carry: absent is nothing to show). */
export function receivedFacts(entity: object): ReceivedFacts {
  const e = entity as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
  const signature = text(e.signature);
  return {
    documentType: text(e.documentType),
    fromFile: signature !== null || e.hasXmlInvoiceFile === true,
    supplierWarnings: Array.isArray(e.supplierWarnings) ? e.supplierWarnings.filter((w): w is string => typeof w === "string" && w.trim() !== "") : [],
    signature,
  };
}

/** 'Firma digitale' and the warnings on the supplier's identifiers of a received file (nothing when it has none). */
export function ReceivedDocumentCard({ facts }: { facts: ReceivedFacts }) {
  if (!facts.signature && facts.supplierWarnings.length === 0) return null;
  return (
    <Card title="Fattura elettronica ricevuta" data-testid="expense-received">
      <div className="flex flex-col gap-3">
        {facts.signature && (
          <Field label="Firma digitale" className="sm:max-w-sm">
            <Input readOnly value={facts.signature} aria-label="Firma digitale" data-testid="expense-signature" />
          </Field>
        )}
        {facts.supplierWarnings.length > 0 && (
          <div role="note" aria-label="Avvisi sul fornitore" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <p className="font-medium">Attenzione: i dati del fornitore, così come consegnati dallo SDI, non superano i nostri controlli.</p>
            <ul className="mt-1 list-disc pl-5">
              {facts.supplierWarnings.map((w) => (
                <li key={w} className="break-words">
                  {w}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </Card>
  );
}

/** 'Tipo documento': read from the received file (not editable), or chosen for one typed by hand. */
function DocumentTypeField({ form, facts }: { form: ExpenseFormApi; facts: ReceivedFacts }) {
  if (facts.documentType === null) return null;
  if (facts.fromFile)
    return (
      <Field label="Tipo documento" hint="Dal file ricevuto: non modificabile">
        <Input readOnly value={documentTypeLabel(facts.documentType)} aria-label="Tipo documento" data-testid="expense-document-type" />
      </Field>
    );
  return (
    <FormField
      control={form.control}
      name={"documentType" as never}
      label="Tipo documento"
      render={(field) => <Select {...field} value={str(field.value) || "TD01"} aria-label="Tipo documento" data-testid="expense-document-type" options={EXPENSE_DOCUMENT_TYPES.map((t) => ({ value: t, label: documentTypeLabel(t) }))} />}
    />
  );
}

function MainTab({ form, formData, received, stored }: { form: ExpenseFormApi; formData: ExpenseFormData; received: ReceivedFacts; stored?: readonly unknown[] }) {
  const [taxable, totalVat, w1, w2, adjustment, splitVat, documentType] = useWatch({
    control: form.control,
    name: ["taxable", "totalVat", "withholdingTaxPercentage", "withholdingTaxPercentagePlus", "documentAdjustment", "splitPaymentVat", "documentType"],
  });
  const amounts = { taxable: cents(taxable), totalVat: cents(totalVat), withholdingTaxPercentage: cents(w1), withholdingTaxPercentagePlus: cents(w2), documentAdjustment: cents(adjustment), splitPaymentVat: cents(splitVat) };
  const total = expenseTotal(amounts);
  // split payment received: what is owed to the supplier is the total less the VAT paid to the State
  const amountDue = expenseAmountDue(amounts);
  const credit = isReceivedCredit(str(documentType));
  useRecomputedDeadlines(form);
  const money = (name: "taxable" | "totalVat" | "withholdingTaxPercentage" | "withholdingTaxPercentagePlus", label: string, hint?: string) => (
    <FormField control={form.control} name={name} label={label} hint={hint} render={(field) => <MoneyInput {...field} value={field.value as number | string | null | undefined} />} />
  );
  return (
    <div className="flex flex-col gap-4">
      <ReceivedDocumentCard facts={received} />
      <Card title="Intestazione">
        <div className="flex flex-col gap-3">
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-4">
            <FormField control={form.control} name="documentNumber" label="Numero documento" render={(field) => <Input {...field} value={str(field.value)} maxLength={50} />} />
            <FormField control={form.control} name="documentDate" label="Data documento" required render={(field) => <DateInput {...field} value={field.value as string | null | undefined} />} />
            <FormField
              control={form.control}
              name="contact"
              label="Fornitore"
              required
              className="sm:col-span-2"
              render={(field) => (
                <ContactPicker
                  role="SUPPLIER"
                  value={field.value as SelectableEntity | null | undefined}
                  onChange={(v) => {
                    field.onChange(v);
                    if (v) void prefillFromSupplier(form, Number(v.id));
                  }}
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                />
              )}
            />
          </div>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <DocumentTypeField form={form} facts={received} />
            <FormField
              control={form.control}
              name="bankAccount"
              label="Conto corrente"
              render={(field) => (
                <AjaxSelect url="/api/bank-accounts/get-filtered-list" value={field.value as SelectableEntity | null | undefined} onChange={field.onChange} onBlur={field.onBlur} name={field.name} ref={field.ref} />
              )}
            />
            <FormField
              control={form.control}
              name="paymentModality"
              label="Modalità di pagamento"
              render={(field) => (
                <AjaxSelect url="/api/payment-modalities/get-filtered-list" value={field.value as SelectableEntity | null | undefined} onChange={field.onChange} onBlur={field.onBlur} name={field.name} ref={field.ref} />
              )}
            />
          </div>
          <FormField control={form.control} name="details" label="Dettagli" render={(field) => <Textarea {...field} value={str(field.value)} rows={2} maxLength={5000} />} />
        </div>
      </Card>
      <Card title="Importi">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-5">
          {money("taxable", "Imponibile")}
          {money("totalVat", "IVA")}
          {money("withholdingTaxPercentage", "Ritenuta d'acconto", "Importo, negativo se trattenuto")}
          {money("withholdingTaxPercentagePlus", "Altra ritenuta", "Importo, negativo se trattenuto")}
          {amounts.documentAdjustment !== 0 && (
            <Field label="Sconti e arrotondamenti" hint="Del documento, dal file ricevuto">
              <Input readOnly value={formatEuro(amounts.documentAdjustment)} aria-label="Sconti e arrotondamenti" data-testid="expense-adjustment" />
            </Field>
          )}
          <Field label="Totale" hint={credit ? "Nota di credito: riduce quanto dovuto al fornitore" : undefined}>
            <Input readOnly value={formatEuro(total)} aria-label="Totale" data-testid="expense-total" className="font-semibold" />
          </Field>
          {amountDue !== total && (
            <Field label="Netto da pagare al fornitore" hint="Scissione dei pagamenti: l'IVA va versata all'Erario">
              <Input readOnly value={formatEuro(amountDue)} aria-label="Netto da pagare al fornitore" data-testid="expense-amount-due" className="font-semibold" />
            </Field>
          )}
        </div>
      </Card>
      {/* a credit's deadlines are what the supplier gives back: compared with the amount unsigned */}
      <DeadlinesCard form={form} formData={formData} total={credit ? Math.abs(amountDue) : amountDue} credit={credit} stored={stored} />
    </div>
  );
}

/**
 * spec §4, §7: whenever a trigger field changes, POST get-calculated-fields after 300 ms (an earlier pending request
 * is cancelled) and the answer's deadlines replace the form's. Opening the form recomputes nothing: the stored
 * deadlines stay until a trigger changes.
 */
export function useRecomputedDeadlines(form: ExpenseFormApi) {
  const watched = useWatch({ control: form.control, name: [...TRIGGERS] });
  const key = JSON.stringify(watched.map((v) => (v && typeof v === "object" ? refId(v) : (v ?? null))));
  const lastKey = useRef(key);
  useEffect(() => {
    if (key === lastKey.current) return;
    lastKey.current = key;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const values = form.getValues();
      const carried = CARRIED.filter((k) => values[k] !== undefined).map((k) => [k, values[k]]);
      const body = Object.fromEntries([...TRIGGERS.map((k) => [k, values[k] ?? null]), ...carried]);
      apiPostEntity<{ deadlines: CalculatedExpenseDeadline[] }>(EXPENSE_CALCULATED_FIELDS_URL, expenseApi.field, body, undefined, { signal: controller.signal })
        .then((res) => form.setValue("deadlines", res.deadlines as never, { shouldDirty: true }))
        .catch((e: unknown) => {
          if (!isAbortError(e)) void showError(e);
        });
    }, CALCULATION_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, form]);
}

type FormDeadline = { id?: number; deadlineDate: string | null; amount: number | string | null; deadlineState: string; paymentDate: string | null; bankAccount: SelectableEntity | null; description?: string };

/** Scadenze: Data scadenza, Importo, Stato scadenza, Data pagamento (only in 'Saldato'), Conto corrente, Descrizione. */
function DeadlinesCard({
  form,
  formData,
  total,
  credit = false,
  stored,
}: {
  form: ExpenseFormApi;
  formData: ExpenseFormData;
  total: number;
  credit?: boolean;
  /** The loaded deadlines: the bank movement that paid each (issue 32), found by the deadline's id. */
  stored?: readonly unknown[];
}) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "deadlines" as never });
  const deadlines = (useWatch({ control: form.control, name: "deadlines" }) ?? []) as FormDeadline[];
  const changed = form.getFieldState("deadlines", form.formState).isDirty;
  const sum = deadlines.reduce((s, d) => s + (Number(d.amount) || 0), 0);
  const states = formData.deadlineStates ?? EXPENSE_DEADLINE_STATES;
  return (
    <Card title="Scadenze">
      {credit && (
        <p role="note" aria-label="Scadenze della nota di credito" className="mb-2 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900">
          Nota di credito: le scadenze sono importi che il fornitore deve restituire (nello Scadenziario: Da incassare).
        </p>
      )}
      {fields.length === 0 && <p className="text-sm text-gray-500">Nessuna scadenza</p>}
      <div className="flex flex-col gap-2" aria-label="Scadenze" role="group">
        {fields.map((f, i) => {
          const state = deadlines[i]?.deadlineState;
          // paid by a bank movement: amount, state and payment date as the match left them (undone in Banca)
          const movement = movementOfDeadline(stored, deadlines[i]?.id);
          return (
            <div key={f.id} data-testid="expense-deadline" className="grid grid-cols-1 items-end gap-2 border-b border-gray-100 pb-2 sm:grid-cols-2 md:grid-cols-12">
              <FormField control={form.control} name={`deadlines.${i}.deadlineDate`} label="Data scadenza" required className="md:col-span-3" render={(field) => <DateInput {...field} value={field.value as string | null | undefined} />} />
              <FormField control={form.control} name={`deadlines.${i}.amount`} label="Importo" required className="md:col-span-2" render={(field) => <MoneyInput {...field} value={field.value as number | string | null | undefined} disabled={!!movement} />} />
              <FormField
                control={form.control}
                name={`deadlines.${i}.deadlineState`}
                label="Stato scadenza"
                required
                className="md:col-span-3"
                render={(field) => (
                  <Select
                    {...field}
                    value={str(field.value)}
                    disabled={!!movement}
                    options={states.map((v) => ({ value: v, label: v }))}
                    onChange={(e) => {
                      field.onChange(e.target.value);
                      // spec §4: the payment date belongs to 'Saldato' only
                      if (e.target.value !== "Saldato") form.setValue(`deadlines.${i}.paymentDate`, null as never, { shouldDirty: true });
                    }}
                  />
                )}
              />
              <FormField control={form.control} name={`deadlines.${i}.paymentDate`} label="Data pagamento" className="md:col-span-4" render={(field) => <DateInput {...field} value={field.value as string | null | undefined} disabled={state !== "Saldato" || !!movement} />} />
              <FormField
                control={form.control}
                name={`deadlines.${i}.bankAccount`}
                label="Conto corrente"
                className="md:col-span-6"
                render={(field) => <AjaxSelect url="/api/bank-accounts/get-filtered-list" value={field.value as SelectableEntity | null | undefined} onChange={field.onChange} onBlur={field.onBlur} name={field.name} ref={field.ref} />}
              />
              <FormField control={form.control} name={`deadlines.${i}.description`} label="Descrizione" className="md:col-span-5" render={(field) => <Input {...field} value={str(field.value)} maxLength={1000} />} />
              <Button
                type="button"
                size="sm"
                variant="ghost"
                className="justify-self-end md:col-span-1"
                aria-label={`Elimina scadenza ${i + 1}`}
                disabled={!!movement}
                onClick={async () => {
                  if (await confirmDialog(EXPENSE_MESSAGES.deleteDeadline, { danger: true })) remove(i);
                }}
              >
                ✕
              </Button>
              {movement && (
                <div className="sm:col-span-2 md:col-span-12">
                  <PaidByMovement movement={movement} />
                </div>
              )}
            </div>
          );
        })}
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button
          type="button"
          size="sm"
          variant="secondary"
          onClick={() =>
            append({
              deadlineDate: (form.getValues("documentDate") as string | undefined) ?? "",
              amount: Math.max(MIN_DEADLINE_AMOUNT, total - sum),
              deadlineState: DEFAULT_DEADLINE_STATE,
              paymentDate: null,
              bankAccount: (form.getValues("bankAccount") as SelectableEntity | null | undefined) ?? null,
              description: "",
            } as never)
          }
        >
          Aggiungi scadenza
        </Button>
        {deadlines.length > 0 && sum !== total && (
          <p className="text-amber-800">
            Totale scadenze {formatEuro(sum)} su {formatEuro(total)}
          </p>
        )}
      </div>
      {changed && (
        <p role="note" className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {SAVE_TO_KEEP_WARNING}
        </p>
      )}
    </Card>
  );
}

/** GET {url}/{path}/{id} → { filename, contentBase64, contentType } saved as a file. */
async function download(url: string) {
  try {
    saveBase64File(await apiGet<Base64File>(url));
  } catch (e) {
    await showError(e);
  }
}

/** Allegati: the files (filesContent[index]) and the received e-invoice's two files. */
function FilesTab({ form, formData, context }: { form: ExpenseFormApi; formData: ExpenseFormData; context: EntityFormContext<LoadedExpense> }) {
  const files = (useWatch({ control: form.control, name: "files" }) ?? []) as AttachmentItem[];
  const id = context.entity.id;
  const opts = formData.files ?? { canUpload: true, canDelete: true, editable: true, maxBytes: 100 * 1024 * 1024 };
  const onChange = (items: AttachmentItem[]) => {
    form.setValue("files", items as never, { shouldDirty: true });
    const blobs = newAttachmentBlobs(items);
    context.setFile(ATTACHMENT_PARTS_FIELD, blobs.some(Boolean) ? blobs : null);
  };
  return (
    <div className="flex flex-col gap-4">
      <Card title="Fattura elettronica">
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <EinvoiceFileField
            form={form}
            context={context}
            label="File XML della fattura elettronica"
            part={XML_FILE_PART}
            flag="hasXmlInvoiceFile"
            accept=".xml,.p7m,application/xml,text/xml"
            downloadUrl={id !== null ? `${expenseApi.url}/download-electronic-invoice-xml-file/${id}` : null}
          />
          <EinvoiceFileField
            form={form}
            context={context}
            label="File originale (firmato)"
            part={ORIGINAL_FILE_PART}
            flag="hasOriginalInvoiceFile"
            accept=".p7m,.xml"
            downloadUrl={id !== null ? `${expenseApi.url}/download-electronic-invoice-original-file/${id}` : null}
          />
        </div>
      </Card>
      <Card title="Allegati" bodyClassName="overflow-x-auto">
        <FileList
          value={files}
          onChange={onChange}
          onOpen={(item) => {
            if (id !== null && item.id !== undefined) void download(`${expenseApi.url}/get-file/${id}/files/${item.id}`);
          }}
          canUpload={opts.canUpload}
          canDelete={opts.canDelete}
          editable={opts.editable}
          maxBytes={opts.maxBytes}
          disabled={context.saving}
        />
      </Card>
    </div>
  );
}

/** One e-invoice file: stored (Scarica, Rimuovi), or a new one chosen (sent as `part` with the save, replacing it). */
function EinvoiceFileField({
  form,
  context,
  label,
  part,
  flag,
  accept,
  downloadUrl,
}: {
  form: ExpenseFormApi;
  context: EntityFormContext<LoadedExpense>;
  label: string;
  part: string;
  flag: "hasXmlInvoiceFile" | "hasOriginalInvoiceFile";
  accept: string;
  downloadUrl: string | null;
}) {
  const input = useRef<HTMLInputElement>(null);
  const kept = useWatch({ control: form.control, name: flag }) !== false;
  const stored = context.entity[flag] === true && kept;
  const chosen = context.files[part] as File | null | undefined;
  return (
    <div className="flex flex-col gap-2" data-testid={`einvoice-${flag}`}>
      <span className="text-sm font-medium text-gray-700">{label}</span>
      <p className="text-sm text-gray-600">{chosen ? `Nuovo file: ${chosen.name} (sarà caricato al salvataggio)` : stored ? "File presente" : "Nessun file"}</p>
      <div className="flex flex-wrap gap-2">
        <input
          ref={input}
          type="file"
          className="sr-only"
          accept={accept}
          aria-label={label}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) context.setFile(part, file);
            e.target.value = "";
          }}
        />
        <Button type="button" size="sm" variant="secondary" disabled={context.saving} onClick={() => input.current?.click()}>
          {stored || chosen ? "Sostituisci" : "Carica"}
        </Button>
        {stored && downloadUrl && !chosen && (
          <Button type="button" size="sm" variant="secondary" onClick={() => void download(downloadUrl)}>
            Scarica
          </Button>
        )}
        {chosen && (
          <Button type="button" size="sm" variant="ghost" onClick={() => context.setFile(part, null)}>
            Annulla
          </Button>
        )}
        {stored && !chosen && (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            onClick={async () => {
              if (await confirmDialog("Confermi l'eliminazione? (Non sarà comunque effettiva fino al salvataggio)", { danger: true })) form.setValue(flag, false, { shouldDirty: true });
            }}
          >
            Rimuovi
          </Button>
        )}
      </div>
    </div>
  );
}
