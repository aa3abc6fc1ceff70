"use client";

import { useCallback, useMemo, useState, type ReactNode } from "react";
import { Controller, useWatch } from "react-hook-form";
import { EntityForm } from "@/components/form/entity-form";
import type { FormTabDef } from "@/components/form/entity-form-modal";
import { FormField } from "@/components/form/form-field";
import { MoneyInput } from "@/components/form/inputs";
import { StepButton } from "@/components/form/inputs/step-button";
import { FormTab } from "@/components/form/tabs";
import { RowsGrid, type RowsGridColumn } from "@/components/grid/rows-grid";
import { BankAccountForm } from "@/components/bank-accounts/bank-account-form";
import { PaymentModalityForm } from "@/components/payment-modalities/payment-modality-form";
import { useHasRole } from "@/components/shell/session-roles";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { COUNTRY_CODES, PROVINCE, VAT_COUNTRY_CODES } from "@/lib/fiscal/codes";
import { formatEuro } from "@/lib/format";
import type { ZodForm } from "@/lib/client/use-zod-form";
import { CONTACT_KIND_LABELS, contactApi, contactSchema, defaultWithholdingAgent, type ContactFormData, type ContactJson, type ContactKind, type ContactRole } from "@/lib/schemas/contact";
import type { Loaded, Option } from "@/lib/schemas/entity";
import { ReferentRowForm, type ReferentRow } from "./referent-row-form";

type ContactForm = ZodForm<typeof contactSchema>;

/** The tabs (issue 9) and the fields whose errors select each one. */
export const CONTACT_TABS: readonly FormTabDef[] = [
  { key: "main", label: "Dati principali", fields: ["kind", "companyName", "firstName", "lastName", "code", "isCustomer", "isSupplier", "vatCountry", "vatNumber", "fiscalCode"] },
  { key: "address", label: "Indirizzo e contatti", fields: ["address", "postalCode", "city", "province", "country", "email", "pec", "phone", "mobile", "website"] },
  {
    key: "billing",
    label: "Fatturazione",
    fields: ["sdiCode", "publicAdministration", "splitPayment", "withholdingAgent", "customerPaymentModality", "customerBankAccount", "supplierPaymentModality", "supplierBankAccount", "hourlyPrice", "agent"],
  },
  { key: "referents", label: "Referenti", fields: ["referents"] },
  { key: "jobs", label: "Lavori" },
  { key: "notes", label: "Note", fields: ["notes"] },
];

export const NEW_CONTACT_TITLE = "Inserimento cliente/fornitore";

/** Every tab as tall as the tallest (Indirizzo e contatti): the dialog keeps its size while switching. */
const TAB_BODY = "sm:min-h-[27rem]";

export interface ContactFormProps {
  /** The contact to edit; without it the form creates one. */
  id?: number | null;
  /** A new contact starts as a supplier (create-form-data?role=SUPPLIER) or a customer (default). */
  role?: ContactRole;
  /** After a save, with the saved contact (a picker selects it). */
  onSaved?: (saved: ContactJson) => void;
  onClose: () => void;
  /**
   * The 'Lavori' tab's content (spec §2: the customer's jobs table, 'Aggiungi lavoro'); default the one the
   * jobs registered (registerContactJobsTab).
   */
  jobsTab?: (contact: Loaded<ContactJson>) => ReactNode;
}

type JobsTabRenderer = (contact: Loaded<ContactJson>) => ReactNode;

/**
 * The Lavori tab of every contact form, registered by the jobs (components/activities/activity-form.tsx,
 * when its module loads). ContactForm cannot import it: the tab opens ActivityForm, whose Cliente is a
 * ContactPicker opening ContactForm, and import-x/no-cycle refuses that cycle (dynamic imports included).
 * A registration keeps the arrow one way (activities → contacts); whatever page can open a job (the /lavori
 * grid, the time tracker of the top bar) gets the tab in every contact form it opens.
 */
let registeredJobsTab: JobsTabRenderer | null = null;

export function registerContactJobsTab(render: JobsTabRenderer): void {
  registeredJobsTab = render;
}

/**
 * 'Inserimento cliente/fornitore' / 'Modifica {toString}': the contact in six tabs. Opened by the
 * Anagrafica grid and, as a nested modal, by any contact picker (ContactPicker's '+' and 'Visualizza'),
 * which gets the saved contact back through onSaved.
 */
export function ContactForm({ id, role, onSaved, onClose, jobsTab }: ContactFormProps) {
  const jobs = jobsTab ?? registeredJobsTab;
  return (
    <EntityForm<typeof contactSchema, Loaded<ContactJson>, ContactFormData>
      api={contactApi}
      id={id}
      createQuery={role === "SUPPLIER" ? { role } : undefined}
      schema={contactSchema}
      size="lg"
      tabs={CONTACT_TABS}
      title={(entity) => (entity.id ? `Modifica ${entity.toString ?? ""}`.trim() : NEW_CONTACT_TITLE)}
      onSaved={(saved) => onSaved?.(saved)}
      onClose={onClose}
    >
      {(form, formData, context) => (
        <>
          <FormTab value="main" className={TAB_BODY}>
            <MainTab form={form} formData={formData} />
          </FormTab>
          <FormTab value="address" className={TAB_BODY}>
            <AddressTab form={form} />
          </FormTab>
          <FormTab value="billing" className={TAB_BODY}>
            <BillingTab form={form} formData={formData} />
          </FormTab>
          <FormTab value="referents" className={TAB_BODY}>
            <ReferentsTab form={form} />
          </FormTab>
          <FormTab value="jobs" className={TAB_BODY}>
            {jobs ? jobs(context.entity) : <p className="py-6 text-center text-gray-500">L&apos;elenco dei lavori del cliente è in preparazione.</p>}
          </FormTab>
          <FormTab value="notes" className={TAB_BODY}>
            <FormField control={form.control} name="notes" label="Note" render={(field) => <Textarea {...field} value={str(field.value)} rows={8} maxLength={5000} />} />
          </FormTab>
        </>
      )}
    </EntityForm>
  );
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

function TextField({ form, name, label, required, hint, className, ...props }: { form: ContactForm; name: "companyName" | "firstName" | "lastName" | "code" | "vatNumber" | "fiscalCode" | "address" | "postalCode" | "city" | "province" | "email" | "pec" | "phone" | "mobile" | "website" | "sdiCode"; label: string; required?: boolean; hint?: ReactNode; className?: string; maxLength: number; type?: string; autoFocus?: boolean; list?: string; autoComplete?: string }) {
  return <FormField control={form.control} name={name} label={label} required={required} hint={hint} className={className} render={(field) => <Input {...field} value={str(field.value)} {...props} />} />;
}

function Flag({ form, name, label, onChanged }: { form: ContactForm; name: "isCustomer" | "isSupplier" | "publicAdministration" | "splitPayment" | "withholdingAgent"; label: string; onChanged?: (on: boolean) => void }) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Checkbox
          name={field.name}
          checked={field.value === true}
          onBlur={field.onBlur}
          onCheckedChange={(on) => {
            field.onChange(on);
            onChanged?.(on);
          }}
          label={label}
        />
      )}
    />
  );
}

/** Nations in Italian, Italia first ("DE - Germania" as a VAT country). */
function useCountryOptions() {
  return useMemo(() => {
    const names = new Intl.DisplayNames(["it"], { type: "region" });
    const name = (code: string) => (code === "EL" ? "Grecia (partita IVA)" : (names.of(code) ?? code));
    const sorted = (codes: readonly string[]) => [...codes].sort((a, b) => (a === "IT" ? -1 : b === "IT" ? 1 : name(a).localeCompare(name(b), "it")));
    return {
      countries: sorted(COUNTRY_CODES).map((code) => ({ value: code, label: name(code) })),
      vatCountries: sorted(VAT_COUNTRY_CODES).map((code) => ({ value: code, label: `${code} - ${name(code)}` })),
    };
  }, []);
}

function MainTab({ form, formData }: { form: ContactForm; formData: ContactFormData }) {
  const kind = useWatch({ control: form.control, name: "kind" }) as ContactKind | undefined;
  const { vatCountries } = useCountryOptions();
  const roleError = form.formState.errors.isCustomer?.message;
  const setKind = (next: ContactKind) => {
    form.setValue("kind", next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    // a company withholds (sostituto d'imposta), a person does not: the default follows the kind
    form.setValue("withholdingAgent", defaultWithholdingAgent(next, form.getValues("publicAdministration") === true), { shouldDirty: true });
  };
  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-wrap items-center gap-x-5 gap-y-2">
        <legend className="sr-only">Tipo</legend>
        {(["COMPANY", "PERSON"] as const).map((k) => (
          <label key={k} className="inline-flex cursor-pointer items-center gap-2 text-sm text-gray-800">
            <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} className="h-4 w-4 accent-primary-600" />
            {CONTACT_KIND_LABELS[k]}
          </label>
        ))}
      </fieldset>
      {kind === "PERSON" ? (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <TextField form={form} name="firstName" label="Nome" required maxLength={100} autoFocus />
          <TextField form={form} name="lastName" label="Cognome" required maxLength={100} />
        </div>
      ) : (
        <TextField form={form} name="companyName" label="Ragione sociale" required maxLength={200} autoFocus />
      )}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <TextField form={form} name="code" label="Codice" required={formData.contactWithCode} maxLength={50} hint={formData.contactWithCode ? "Richiesto dalle Impostazioni" : undefined} />
        <div className="flex flex-col gap-1 sm:col-span-2">
          <span className="text-sm font-medium text-gray-700">È un</span>
          <div className="flex min-h-9 flex-wrap items-center gap-x-5 gap-y-2">
            <Flag form={form} name="isCustomer" label="Cliente" onChanged={() => form.formState.isSubmitted && void form.trigger("isCustomer")} />
            <Flag form={form} name="isSupplier" label="Fornitore" onChanged={() => form.formState.isSubmitted && void form.trigger("isCustomer")} />
          </div>
          {roleError && (
            <p role="alert" className="text-xs font-medium text-danger-700">
              {roleError}
            </p>
          )}
        </div>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <FormField
          control={form.control}
          name="vatCountry"
          label="Paese IVA"
          render={(field) => <Select {...field} value={str(field.value) || "IT"} options={vatCountries} />}
        />
        <TextField form={form} name="vatNumber" label="Partita IVA" maxLength={40} />
        <TextField form={form} name="fiscalCode" label="Codice fiscale" maxLength={40} hint={kind === "PERSON" ? "16 caratteri" : "11 cifre, o 16 caratteri per le ditte individuali"} />
      </div>
    </div>
  );
}

function AddressTab({ form }: { form: ContactForm }) {
  const country = useWatch({ control: form.control, name: "country" });
  const italian = !country || country === "IT";
  const { countries } = useCountryOptions();
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-6">
        <TextField form={form} name="address" label="Indirizzo" maxLength={200} className="sm:col-span-6" autoComplete="off" />
        <TextField form={form} name="postalCode" label="CAP" maxLength={20} className="sm:col-span-1" />
        <TextField form={form} name="city" label="Città" maxLength={100} className="sm:col-span-3" />
        <TextField form={form} name="province" label="Provincia" maxLength={italian ? 2 : 20} className="sm:col-span-2" list={italian ? "contact-provinces" : undefined} hint={italian ? "Sigla, es. MI" : undefined} />
        <FormField
          control={form.control}
          name="country"
          label="Nazione"
          className="sm:col-span-3"
          render={(field) => (
            <Select
              {...field}
              value={str(field.value) || "IT"}
              options={countries}
              onChange={(e) => {
                field.onChange(e);
                // a foreign contact's VAT number belongs to its nation (Greece: EL), unless one is typed already
                if (!form.getValues("vatNumber")) form.setValue("vatCountry", e.target.value === "GR" ? "EL" : e.target.value, { shouldDirty: true });
              }}
            />
          )}
        />
      </div>
      <datalist id="contact-provinces">
        {PROVINCE.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField form={form} name="email" label="Email" type="email" maxLength={254} />
        <TextField form={form} name="pec" label="PEC" type="email" maxLength={254} />
        <TextField form={form} name="phone" label="Telefono" type="tel" maxLength={50} />
        <TextField form={form} name="mobile" label="Cellulare" type="tel" maxLength={50} />
        <TextField form={form} name="website" label="Sito web" maxLength={200} className="sm:col-span-2" />
      </div>
    </div>
  );
}

type RefField = "customerPaymentModality" | "customerBankAccount" | "supplierPaymentModality" | "supplierBankAccount" | "agent";

/** A reference chosen among the formData's list (ROLE_USER may not list the Tabelle), with an optional '+'. */
function RefSelect({ form, name, label, options, onCreate, createLabel }: { form: ContactForm; name: RefField; label: string; options: readonly Option[]; onCreate?: () => void; createLabel?: string }) {
  return (
    <FormField
      control={form.control}
      name={name}
      label={label}
      render={(field) => {
        const value = field.value as Option | null | undefined;
        // a saved reference missing from the list (just created elsewhere) still shows
        const all = value && !options.some((o) => o.id === value.id) ? [...options, value] : options;
        return (
          <div className="flex items-center gap-1">
            <Select
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={value ? String(value.id) : ""}
              onChange={(e) => field.onChange(all.find((o) => String(o.id) === e.target.value) ?? null)}
              placeholder="-"
              options={all.map((o) => ({ value: String(o.id), label: o.toString }))}
              className="min-w-0 flex-1"
            />
            {onCreate && (
              <StepButton label={createLabel ?? "Crea nuovo"} onClick={onCreate}>
                +
              </StepButton>
            )}
          </div>
        );
      }}
    />
  );
}

/** update-form-data of a supplier, for ROLE_DOCUMENT (db/queries/contacts.ts supplierBalance): cents. */
type SupplierFormData = ContactFormData & { supplierBalance?: { owed: number; credits: number; balance: number } };

/**
 * 'Saldo fornitore' (issue 28), read-only, as the server computed it when the form opened: the open amounts of its
 * purchase invoices minus its received credit notes. Nothing when the answer has none (a new contact, no ROLE_DOCUMENT).
 */
export function SupplierBalanceField({ balance }: { balance: SupplierFormData["supplierBalance"] }) {
  if (!balance) return null;
  const hint =
    balance.credits > 0
      ? `Da pagare ${formatEuro(balance.owed)} meno note di credito ricevute ${formatEuro(balance.credits)}${balance.balance < 0 ? ": il fornitore ci deve la differenza" : ""}`
      : "Importi ancora da pagare delle sue fatture d'acquisto";
  return (
    <Field label="Saldo fornitore" hint={hint} className="sm:col-span-2">
      <Input readOnly value={formatEuro(balance.balance)} aria-label="Saldo fornitore" data-testid="supplier-balance" className="font-semibold sm:max-w-48" />
    </Field>
  );
}

function BillingTab({ form, formData }: { form: ContactForm; formData: ContactFormData }) {
  const canEditTables = useHasRole("ROLE_DOCUMENT");
  const [modalities, setModalities] = useState<Option[]>(formData.paymentModalities);
  const [accounts, setAccounts] = useState<Option[]>(formData.bankAccounts);
  const [creating, setCreating] = useState<{ kind: "modality" | "account"; field: RefField } | null>(null);
  const [isCustomer, isSupplier, pa] = useWatch({ control: form.control, name: ["isCustomer", "isSupplier", "publicAdministration"] });
  const close = useCallback(() => setCreating(null), []);
  const choose = (field: RefField, saved: Option, add: (fn: (list: Option[]) => Option[]) => void) => {
    const option = { id: saved.id, toString: saved.toString };
    add((list) => [...list.filter((o) => o.id !== option.id), option].sort((a, b) => a.toString.localeCompare(b.toString, "it")));
    form.setValue(field, option, { shouldDirty: true });
  };
  const create = (kind: "modality" | "account", field: RefField) => (canEditTables ? () => setCreating({ kind, field }) : undefined);

  return (
    <div className="flex flex-col gap-3">
      <Card title="Fatturazione elettronica" bodyClassName="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          form={form}
          name="sdiCode"
          label="Codice destinatario"
          required={pa === true}
          maxLength={20}
          hint={pa ? "Codice univoco ufficio di 6 caratteri (IPA)" : "7 caratteri; 0000000 per chi riceve via PEC o nel cassetto fiscale"}
        />
        <div className="flex flex-col gap-2 pt-1 sm:pt-6">
          <Flag
            form={form}
            name="publicAdministration"
            label="Pubblica Amministrazione"
            onChanged={(on) => {
              // the PA pays the VAT to the Treasury (split payment) and withholds: both become the default
              if (on) {
                form.setValue("splitPayment", true, { shouldDirty: true });
                form.setValue("withholdingAgent", true, { shouldDirty: true });
              }
              if (form.formState.isSubmitted) void form.trigger("sdiCode");
            }}
          />
          <Flag form={form} name="splitPayment" label="Split payment (scissione dei pagamenti)" />
          <Flag form={form} name="withholdingAgent" label="Sostituto d'imposta" />
        </div>
      </Card>
      {isCustomer !== false && (
        <Card title="Pagamenti del cliente" bodyClassName="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <RefSelect form={form} name="customerPaymentModality" label="Modalità di pagamento" options={modalities} onCreate={create("modality", "customerPaymentModality")} createLabel="Nuova modalità di pagamento" />
          <RefSelect form={form} name="customerBankAccount" label="Conto corrente" options={accounts} onCreate={create("account", "customerBankAccount")} createLabel="Nuovo conto corrente" />
        </Card>
      )}
      {isSupplier === true && (
        <Card title="Pagamenti al fornitore (fatture d'acquisto)" bodyClassName="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <RefSelect form={form} name="supplierPaymentModality" label="Modalità di pagamento" options={modalities} onCreate={create("modality", "supplierPaymentModality")} createLabel="Nuova modalità di pagamento" />
          <RefSelect form={form} name="supplierBankAccount" label="Conto corrente" options={accounts} onCreate={create("account", "supplierBankAccount")} createLabel="Nuovo conto corrente" />
          <SupplierBalanceField balance={(formData as SupplierFormData).supplierBalance} />
        </Card>
      )}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormField
          control={form.control}
          name="hourlyPrice"
          label="Prezzo orario"
          hint={`Vuoto: quello delle Impostazioni (${formatEuro(formData.tenantHourlyPrice)})`}
          render={(field) => <MoneyInput {...field} value={field.value as number | string | null | undefined} />}
        />
        <RefSelect form={form} name="agent" label="Agente" options={formData.agents} />
      </div>
      {creating?.kind === "modality" && <PaymentModalityForm onClose={close} onSaved={(saved) => choose(creating.field, saved, setModalities)} />}
      {creating?.kind === "account" && <BankAccountForm onClose={close} onSaved={(saved) => choose(creating.field, saved, setAccounts)} />}
    </div>
  );
}

const REFERENT_COLUMNS: readonly RowsGridColumn<ReferentRow>[] = [
  { key: "name", header: "Nome e cognome", render: (r) => `${str(r.firstName)} ${str(r.lastName)}`.trim() },
  { key: "role", header: "Ruolo", value: (r) => r.role },
  { key: "email", header: "Email", value: (r) => r.email },
  { key: "phone", header: "Telefono", value: (r) => r.phone },
];

/** The referents (RowsGrid) with their row form; the list is the form's referents, saved with the contact. */
function ReferentsTab({ form }: { form: ContactForm }) {
  const [editing, setEditing] = useState<{ row: ReferentRow | null; resolve: (row: ReferentRow | null) => void } | null>(null);
  const editRow = useCallback((row: ReferentRow | null) => new Promise<ReferentRow | null>((resolve) => setEditing({ row, resolve })), []);
  const rowErrors = form.formState.isSubmitted ? form.formState.errors.referents : undefined;
  return (
    <>
      <Controller
        control={form.control}
        name="referents"
        render={({ field }) => (
          <RowsGrid<ReferentRow>
            rows={(field.value as ReferentRow[] | undefined) ?? []}
            onChange={(rows) => field.onChange(rows)}
            columns={REFERENT_COLUMNS}
            editRow={editRow}
            addLabel="Aggiungi referente"
            emptyText="Nessun referente"
          />
        )}
      />
      {rowErrors && (
        <p role="alert" className="mt-2 text-xs font-medium text-danger-700">
          {rowErrors.message ?? rowErrors.root?.message ?? "Referenti non validi"}
        </p>
      )}
      {editing && (
        <ReferentRowForm
          row={editing.row}
          onDone={(row) => {
            editing.resolve(row);
            setEditing(null);
          }}
        />
      )}
    </>
  );
}
