"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState, type ReactElement, type Ref } from "react";
import { Controller, useWatch, type Control, type FieldPath } from "react-hook-form";
import type { z } from "zod";
import { EntityFormModal, type FormTabDef } from "@/components/form/entity-form-modal";
import { FormField } from "@/components/form/form-field";
import { AjaxSelect, DecimalInput, ImageField, MoneyInput, TimeInput, type SelectableEntity } from "@/components/form/inputs";
import { FormTab } from "@/components/form/tabs";
import { TENANT_SETTINGS_EVENT } from "@/components/shell/tenant-settings-event";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { apiGet } from "@/lib/client/api";
import { LOGO_ASPECT } from "@/lib/client/image-crop";
import { CALENDAR_MARGINS, EMAIL_PLACEHOLDERS_HINT, STAMP_SETTINGS, TAX_REGIMES, tenantSettingsSchema } from "@/lib/schemas/tenant";
import { InvoiceSectionalsPanel } from "./invoice-sectionals-panel";
import { SdiChannelPanel } from "./sdi-channel-panel";

export const TENANT_GET_URL = "/api/tenants/get-actual";
export const TENANT_POST_URL = "/api/tenants/post-actual";
export const TENANT_LOGO_URL = "/api/tenants/get-logo";
export const TENANT_LOGO_DELETE_URL = "/api/tenants/delete-logo";
export const PAYMENT_MODALITIES_LIST_URL = "/api/payment-modalities/get-filtered-list";
/** Dispatched on window after the logo changed (saved or deleted), for the top bar. */
export const TENANT_LOGO_CHANGED_EVENT = "tenant-logo-changed";

/** The four tabs (spec §2) and the fields whose errors select each one. */
export const TENANT_TABS: readonly FormTabDef[] = [
  {
    key: "main",
    label: "Dati principali",
    fields: ["denomination", "fiscalCode", "vat", "address", "city", "postalCode", "province", "phone", "email", "twoFactorRequired"],
  },
  {
    key: "registry",
    label: "Impostazioni anagrafiche/preventivi",
    fields: ["hourlyPrice", "contactWithCode", "footer", "invoiceProformaDetails"],
  },
  {
    key: "invoicing",
    label: "Impostazioni fatturazione",
    fields: [
      "invoiceDetails",
      "taxRegime",
      "paymentModality",
      "inpsRevengeName",
      "inpsRevenge",
      "professionistFundName",
      "professionistFund",
      "withholdingTaxApply",
      "withholdingTaxPercentage",
      "stampApply",
      "stampAmount",
      "invoiceCheckNumerationDates",
      "invoiceEmailSubject",
      "invoiceEmailBody",
    ],
  },
  {
    key: "agenda",
    label: "Impostazioni agenda",
    fields: ["officeTimeStart", "officeTimeEnd", "marginCalendarStart", "marginCalendarEnd", "hideSaturday", "hideSunday"],
  },
  // issue 31: the PEC channel to SDI and the signing certificate, saved by its own panel (components/settings/sdi-channel-panel.tsx)
  { key: "sdi", label: "Fatturazione elettronica", fields: [] },
];

type TenantForm = z.input<typeof tenantSettingsSchema>;
type TenantEntity = Record<string, unknown>;

const FORM_KEYS = Object.keys(tenantSettingsSchema.shape) as (keyof TenantForm)[];
const TEXT_KEYS = new Set<string>([
  "denomination",
  "fiscalCode",
  "vat",
  "address",
  "city",
  "postalCode",
  "province",
  "phone",
  "email",
  "footer",
  "invoiceProformaDetails",
  "invoiceDetails",
  "taxRegime",
  "inpsRevengeName",
  "professionistFundName",
  "invoiceEmailSubject",
  "invoiceEmailBody",
  "officeTimeStart",
  "officeTimeEnd",
  "inpsRevenge",
  "professionistFund",
  "withholdingTaxPercentage",
]);
const FLAG_KEYS = new Set<string>(["contactWithCode", "withholdingTaxApply", "stampApply", "invoiceCheckNumerationDates", "hideSaturday", "hideSunday", "twoFactorRequired", "bankAutoMatch"]);

/** The loaded tenant reduced to the form's fields (nulls as "" / false), version included. */
export function tenantToFormValues(tenant: TenantEntity): TenantForm {
  const out: Record<string, unknown> = {};
  for (const key of FORM_KEYS) {
    const value = tenant[key];
    if (TEXT_KEYS.has(key)) out[key] = value === null || value === undefined ? "" : String(value);
    else if (FLAG_KEYS.has(key)) out[key] = Boolean(value);
    else out[key] = value ?? null;
  }
  return out as TenantForm;
}

/** The logo stored now, as a data: URL (null when there is none or it cannot be read). */
async function fetchLogo(): Promise<string | null> {
  try {
    const response = await apiGet<{ base64?: string | null; contentType?: string | null }>(TENANT_LOGO_URL);
    return response.base64 ? `data:${response.contentType ?? "image/jpeg"};base64,${response.base64}` : null;
  } catch {
    return null; // spec §8: logo failures are silent
  }
}

function toSelectable(value: unknown): SelectableEntity | null {
  if (!value || typeof value !== "object") return null;
  const { id, toString } = value as { id?: unknown; toString?: unknown };
  return typeof id === "number" ? { id, toString: typeof toString === "string" ? toString : String(id) } : null;
}

function announceLogoChange() {
  window.dispatchEvent(new Event(TENANT_LOGO_CHANGED_EVENT));
}

/**
 * Impostazioni (spec §2, §3, §4, §5): the tenant settings in four tabs, with the
 * logo upload (crop, JPEG, progress toast) and the invoice sectionals. Mount
 * once in the shell: it opens on TENANT_SETTINGS_EVENT (the Impostazioni menu item).
 */
export function TenantSettingsModal() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onOpen = () => setOpen(true);
    window.addEventListener(TENANT_SETTINGS_EVENT, onOpen);
    return () => window.removeEventListener(TENANT_SETTINGS_EVENT, onOpen);
  }, []);
  if (!open) return null;
  return <TenantSettingsForm onClose={() => setOpen(false)} />;
}

/** The settings form itself (always open while mounted). */
export function TenantSettingsForm({ onClose }: { onClose: () => void }) {
  const router = useRouter();
  return (
    <EntityFormModal<typeof tenantSettingsSchema, TenantEntity>
      entityName="tenant"
      loadUrl={TENANT_GET_URL}
      saveUrl={TENANT_POST_URL}
      schema={tenantSettingsSchema}
      title="Impostazioni"
      tabs={TENANT_TABS}
      size="xl"
      uploadProgress
      onClose={onClose}
      toFormValues={tenantToFormValues}
      onSaved={() => {
        announceLogoChange();
        router.refresh();
      }}
    >
      {(form, _formData, context) => (
        <>
          <FormTab value="main">
            <MainTab control={form.control} logo={context.files.logoContent as Blob | null | undefined} setLogo={(blob) => context.setFile("logoContent", blob)} onLogoDeleted={() => {
              announceLogoChange();
              router.refresh();
            }} />
          </FormTab>
          <FormTab value="registry">
            <RegistryTab control={form.control} />
          </FormTab>
          <FormTab value="invoicing">
            <InvoicingTab control={form.control} />
          </FormTab>
          <FormTab value="agenda">
            <AgendaTab control={form.control} />
          </FormTab>
          <FormTab value="sdi">
            <SdiChannelPanel />
          </FormTab>
        </>
      )}
    </EntityFormModal>
  );
}

type TenantControl = Control<TenantForm, unknown, z.output<typeof tenantSettingsSchema>>;

function TextField({
  control,
  name,
  label,
  required,
  className,
  multiline,
  rows,
  hint,
}: {
  control: TenantControl;
  name: FieldPath<TenantForm>;
  label: string;
  required?: boolean;
  className?: string;
  multiline?: boolean;
  rows?: number;
  hint?: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      label={label}
      required={required}
      className={className}
      hint={hint}
      render={(field): ReactElement => {
        const value = typeof field.value === "string" ? field.value : "";
        return multiline ? (
          <Textarea name={field.name} ref={field.ref} value={value} onChange={field.onChange} onBlur={field.onBlur} rows={rows} />
        ) : (
          <Input name={field.name} ref={field.ref} value={value} onChange={field.onChange} onBlur={field.onBlur} />
        );
      }}
    />
  );
}

function FlagField({ control, name, label, className }: { control: TenantControl; name: FieldPath<TenantForm>; label: string; className?: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox className={className} checked={field.value === true} onCheckedChange={field.onChange} onBlur={field.onBlur} name={field.name} label={label} />
      )}
    />
  );
}

function MainTab({
  control,
  logo,
  setLogo,
  onLogoDeleted,
}: {
  control: TenantControl;
  logo: Blob | null | undefined;
  setLogo: (blob: Blob | null) => void;
  onLogoDeleted: () => void;
}) {
  const [logoSrc, setLogoSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void fetchLogo().then((src) => live && setLogoSrc(src));
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <TextField control={control} name="denomination" label="Ragione sociale" required className="md:col-span-2" />
      <div className="flex flex-col gap-1 md:col-span-2">
        <span className="text-sm font-medium text-gray-700">Logo</span>
        <ImageField
          label="Logo"
          value={logo}
          onChange={setLogo}
          src={logoSrc}
          deleteUrl={TENANT_LOGO_DELETE_URL}
          onDeleted={() => {
            setLogoSrc(null);
            onLogoDeleted();
          }}
          aspect={LOGO_ASPECT}
        />
      </div>
      <TextField control={control} name="fiscalCode" label="Codice fiscale" />
      <TextField control={control} name="vat" label="Partita IVA" />
      <TextField control={control} name="address" label="Indirizzo" className="md:col-span-2" />
      <TextField control={control} name="city" label="Città" />
      <div className="grid grid-cols-2 gap-3">
        <TextField control={control} name="postalCode" label="CAP" />
        <TextField control={control} name="province" label="Provincia" />
      </div>
      <TextField control={control} name="phone" label="Telefono" />
      <TextField control={control} name="email" label="Email" />
      {/* Sicurezza: two-factor login for every user (a user without it is led to set it up: components/shell/two-factor-notice.tsx) */}
      <div className="flex flex-col gap-1 border-t border-border pt-3 md:col-span-2" data-testid="security-settings">
        <span className="text-sm font-medium text-gray-700">Sicurezza</span>
        <FlagField control={control} name="twoFactorRequired" label="Autenticazione a due fattori obbligatoria per tutti gli utenti" />
        <p className="text-xs text-gray-500">Chi non l&apos;ha ancora attivata dovrà configurarla dal proprio Profilo al prossimo accesso.</p>
        {/* the audit log (Impostazioni › Sicurezza in the menu) */}
        <a className="w-fit text-sm text-primary-700 underline-offset-2 hover:underline" href="/sicurezza">
          Registro degli eventi di sicurezza
        </a>
      </div>
    </div>
  );
}

function RegistryTab({ control }: { control: TenantControl }) {
  return (
    <div className="grid gap-3">
      <FormField
        control={control}
        name="hourlyPrice"
        label="Prezzo orario"
        hint="Usato per i lavori pagati a ore quando il cliente non ha un prezzo proprio"
        className="max-w-xs"
        render={(field) => <MoneyInput {...field} value={field.value as number | string | null | undefined} />}
      />
      <FlagField control={control} name="contactWithCode" label="I contatti devono avere un codice identificativo" />
      <TextField control={control} name="footer" label="Piè di pagina di fatture e ricevute" multiline rows={3} />
      <TextField control={control} name="invoiceProformaDetails" label="Dettagli predefiniti delle fatture proforma" multiline rows={3} />
    </div>
  );
}

function InvoicingTab({ control }: { control: TenantControl }) {
  const withholdingTaxApply = useWatch({ control, name: "withholdingTaxApply" });
  const [stampApply, stampAmount] = useWatch({ control, name: ["stampApply", "stampAmount"] });
  // a typed amount that is not the law's (an unparsed text is the field's own error)
  const stampAmountOff = typeof stampAmount === "number" && stampAmount !== STAMP_SETTINGS.lawAmount;
  return (
    // one column on a phone, tracks that shrink to the dialog (minmax(0, 1fr)): an auto track grew to the sectionals'
    // table and pushed the fields, the percentages' figures with them, past the screen's edge
    <div className="grid grid-cols-1 gap-4">
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        <FormField
          control={control}
          name="taxRegime"
          label="Regime fiscale"
          required
          render={(field) => (
            <Select
              name={field.name}
              ref={field.ref}
              value={typeof field.value === "string" ? field.value : ""}
              onChange={field.onChange}
              onBlur={field.onBlur}
              placeholder="-"
              options={TAX_REGIMES.map((r) => ({ value: r.code, label: `${r.code} - ${r.label}` }))}
            />
          )}
        />
        <FormField
          control={control}
          name="paymentModality"
          label="Modalità di pagamento abituale"
          render={(field) => (
            <AjaxSelect
              url={PAYMENT_MODALITIES_LIST_URL}
              name={field.name}
              ref={field.ref}
              value={toSelectable(field.value)}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
        <TextField control={control} name="inpsRevengeName" label="Nome rivalsa INPS" />
        <FormField
          control={control}
          name="inpsRevenge"
          label="% Rivalsa INPS"
          render={(field) => <DecimalInput {...field} value={field.value as string} percent />}
        />
        <TextField control={control} name="professionistFundName" label="Nome cassa professionisti" />
        <FormField
          control={control}
          name="professionistFund"
          label="% Cassa professionisti"
          render={(field) => <DecimalInput {...field} value={field.value as string} percent />}
        />
        <div className="flex flex-col gap-2">
          <FlagField control={control} name="withholdingTaxApply" label="Ritenuta d'acconto" />
          <FormField
            control={control}
            name="withholdingTaxPercentage"
            label="% Ritenuta d'acconto"
            render={(field) => <DecimalInput {...field} value={field.value as string} percent disabled={withholdingTaxApply !== true} />}
          />
        </div>
        <div className="flex flex-col gap-2">
          <div className="flex flex-col gap-1">
            <Controller
              control={control}
              name="stampApply"
              render={({ field }) => (
                <Checkbox checked={field.value === true} onCheckedChange={field.onChange} onBlur={field.onBlur} name={field.name} label={STAMP_SETTINGS.borneByIssuer} aria-describedby="stamp-apply-hint" />
              )}
            />
            <p id="stamp-apply-hint" className="text-xs text-gray-500">
              {STAMP_SETTINGS.hint}
            </p>
          </div>
          <FormField
            control={control}
            name="stampAmount"
            label={STAMP_SETTINGS.amount}
            render={(field) => <MoneyInput {...field} value={field.value as number | string | null | undefined} disabled={stampApply !== true} />}
          />
          {stampAmountOff ? (
            <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-2 py-1 text-xs font-medium text-amber-900">
              {STAMP_SETTINGS.amountWarning}
            </p>
          ) : null}
        </div>
      </div>
      <FlagField
        control={control}
        name="invoiceCheckNumerationDates"
        label="Controlla che le date delle fatture seguano l'ordine dei numeri"
      />
      {/* Banca (issue 32): an import confirms by itself the movements whose top suggestion is certain */}
      <FlagField control={control} name="bankAutoMatch" label="Abbina automaticamente i movimenti certi (numero e importo corrispondono)" />
      <TextField control={control} name="invoiceDetails" label="Dettagli predefiniti delle fatture" multiline rows={3} />
      <TextField control={control} name="invoiceEmailSubject" label="Oggetto dell'email di invio fattura" hint={EMAIL_PLACEHOLDERS_HINT} />
      <TextField control={control} name="invoiceEmailBody" label="Testo dell'email di invio fattura" multiline rows={6} hint={`Una riga vuota separa i paragrafi. ${EMAIL_PLACEHOLDERS_HINT}`} />
      <InvoiceSectionalsSlot />
    </div>
  );
}

const marginOptions = CALENDAR_MARGINS.map((m) => ({ value: String(m), label: `${m} minuti` }));

/** The calendar margin choices (0, 30, 60, 120 minutes) as a select; "" while nothing is chosen. */
function renderMarginSelect(field: { name: string; ref: Ref<HTMLSelectElement>; value: unknown; onChange: (v: unknown) => void; onBlur: () => void }) {
  return (
    <Select
      name={field.name}
      ref={field.ref}
      value={field.value === null || field.value === undefined ? "" : String(field.value)}
      onChange={(e) => field.onChange(e.target.value === "" ? "" : Number(e.target.value))}
      onBlur={field.onBlur}
      placeholder="-"
      options={marginOptions}
    />
  );
}

function AgendaTab({ control }: { control: TenantControl }) {

  return (
    <div className="grid gap-3 md:grid-cols-2">
      <FormField
        control={control}
        name="officeTimeStart"
        label="Inizio attività"
        render={(field) => <TimeInput {...field} value={field.value as string} />}
      />
      <FormField
        control={control}
        name="officeTimeEnd"
        label="Fine attività"
        render={(field) => <TimeInput {...field} value={field.value as string} />}
      />
      <FormField
        control={control}
        name="marginCalendarStart"
        label="Mostrare del tempo in agenda prima dell'apertura attività"
        required
        render={renderMarginSelect}
      />
      <FormField
        control={control}
        name="marginCalendarEnd"
        label="Mostrare del tempo in agenda dopo la chiusura attività"
        required
        render={renderMarginSelect}
      />
      <FlagField control={control} name="hideSaturday" label="Nascondi sabato" />
      <FlagField control={control} name="hideSunday" label="Nascondi domenica" />
    </div>
  );
}

function InvoiceSectionalsSlot() {
  return (
    <div className="border-t border-border pt-3">
      <InvoiceSectionalsPanel />
    </div>
  );
}
