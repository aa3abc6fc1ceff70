"use client";

import { useEffect, useState } from "react";
import { Controller, useWatch } from "react-hook-form";
import { registerContactJobsTab } from "@/components/contacts/contact-form";
import { ContactPicker } from "@/components/contacts/contact-picker";
import { EntityForm } from "@/components/form/entity-form";
import type { FormTabDef } from "@/components/form/entity-form-modal";
import { FormField } from "@/components/form/form-field";
import { DateInput, IntegerInput, MoneyInput, type SelectableEntity } from "@/components/form/inputs";
import { FormTab } from "@/components/form/tabs";
import { DELETE_CONFIRM } from "@/components/grid/entity-grid";
import { useHasRole } from "@/components/shell/session-roles";
import { TimeEntryForm } from "@/components/time-entries/time-entry-form";
import { useTimeEntriesChanged } from "@/components/time-entries/time-entry-events";
import { Button, Spinner } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { confirmDialog } from "@/components/ui/dialogs";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { apiDelete, apiGet, errorMessage, isAbortError, showError, showSuccess } from "@/lib/client/api";
import type { ZodForm } from "@/lib/client/use-zod-form";
import { pickFormValues } from "@/lib/client/use-zod-form";
import { formatDate, formatDateTime, formatDuration, formatEuro, formatMoney, formatScaled } from "@/lib/format";
import type { GridPage, GridRow } from "@/components/grid/grid-types";
import { ACTIVITY_PAYMENT_TYPES, ACTIVITY_STATES, activityApi, activitySchema, FIXED_PRICE, type ActivityFormData, type ActivityJson } from "@/lib/schemas/activity";
import type { Loaded } from "@/lib/schemas/entity";
import { ActivityStateBadge } from "./activity-state-badge";
import { notifyActivityDeleted } from "./activity-events";
import { ContactJobsTab } from "./contact-jobs-tab";

type ActivityFormApi = ZodForm<typeof activitySchema>;
type LoadedActivity = Loaded<ActivityJson>;

export const NEW_ACTIVITY_TITLE = "Inserimento lavoro";
export const NUMBER_ON_SAVE = "Assegnato al salvataggio";
export const TIME_ENTRIES_URL = "/api/time-entries";

/** The tabs (spec §2 Job form) and the fields whose errors select each one. */
export const ACTIVITY_TABS: readonly FormTabDef[] = [
  { key: "main", label: "Dati principali", fields: ["contact", "activityNumber", "name", "activityState", "paymentType", "activityAmount", "activityExpirationDate", "finished", "description"] },
  { key: "hours", label: "Ore lavorate" },
  { key: "history", label: "Storico dei cambi di stato" },
];

/** Every tab as tall as Dati principali: the dialog keeps its size while switching. */
const TAB_BODY = "sm:min-h-[31rem]";

export interface ActivityFormProps {
  /** The job to edit; without it the form creates one. */
  id?: number | null;
  /** A customer fixed by the caller (the customer form's 'Aggiungi lavoro'): Cliente is read-only and create-form-data gets ?contactId=. */
  contact?: { id: number; toString: string } | null;
  /** After a save, with the saved job (the time tracker selects a new one). */
  onSaved?: (saved: ActivityJson) => void;
  onClose: () => void;
}

/**
 * 'Inserimento lavoro' / 'Modifica lavoro {name}' (spec §2 Job form): Dati principali, Ore lavorate (the
 * job's time entries), Storico dei cambi di stato; Salva, 'Elimina lavoro' on a saved job. Opened by the
 * /lavori grid, the customer form's Lavori tab and the time tracker ('Crea nuovo lavoro').
 */
export function ActivityForm({ id, contact, onSaved, onClose }: ActivityFormProps) {
  return (
    <EntityForm<typeof activitySchema, LoadedActivity, ActivityFormData>
      api={activityApi}
      id={id}
      createQuery={contact ? { contactId: String(contact.id) } : undefined}
      schema={activitySchema}
      size="lg"
      tabs={ACTIVITY_TABS}
      title={(entity) => (entity.id ? `Modifica lavoro ${entity.name}` : NEW_ACTIVITY_TITLE)}
      // a fixed customer is the job's even if create-form-data could not name it
      toFormValues={(entity) => ({ ...pickFormValues(activitySchema, entity), contact: entity.contact ?? contact ?? null })}
      // 'Importo lavoro' is hidden for a job paid by the hour: no amount of it is kept
      toPayload={(values) => ({ ...values, activityAmount: values.paymentType === FIXED_PRICE ? values.activityAmount : null })}
      onSaved={(saved) => onSaved?.(saved)}
      onClose={onClose}
      footerExtra={(context) => (context.entity.id === null ? null : <DeleteButton id={context.entity.id} disabled={context.saving} onDeleted={onClose} />)}
    >
      {(form, formData, context) => (
        <>
          <FormTab value="main" className={TAB_BODY}>
            <MainTab form={form} formData={formData} entity={context.entity} fixedContact={contact ?? null} />
          </FormTab>
          <FormTab value="hours" className={TAB_BODY}>
            <HoursTab entity={context.entity} />
          </FormTab>
          <FormTab value="history" className={TAB_BODY}>
            <HistoryTab entity={context.entity} />
          </FormTab>
        </>
      )}
    </EntityForm>
  );
}

/** 'Elimina lavoro': 'Confermi l'eliminazione?', then DELETE; a refusal (invoiced hours, a running timer) is the server's message. */
function DeleteButton({ id, disabled, onDeleted }: { id: number; disabled: boolean; onDeleted: () => void }) {
  const [deleting, setDeleting] = useState(false);
  async function remove() {
    if (!(await confirmDialog(DELETE_CONFIRM))) return;
    setDeleting(true);
    try {
      const response = await apiDelete(`${activityApi.url}/${id}`);
      void showSuccess(response);
      notifyActivityDeleted(id);
      onDeleted();
    } catch (error) {
      setDeleting(false);
      await showError(error);
    }
  }
  return (
    <Button type="button" variant="danger" className="mr-auto" loading={deleting} disabled={disabled} onClick={() => void remove()}>
      Elimina lavoro
    </Button>
  );
}

const str = (v: unknown) => (typeof v === "string" ? v : "");
const idOf = (v: unknown) => {
  const id = (v as SelectableEntity | null | undefined)?.id;
  return id === undefined || id === null || id === "" ? null : Number(id);
};

function MainTab({ form, formData, entity, fixedContact }: { form: ActivityFormApi; formData: ActivityFormData; entity: LoadedActivity; fixedContact: { id: number; toString: string } | null }) {
  const [paymentType, chosen] = useWatch({ control: form.control, name: ["paymentType", "contact"] });
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {fixedContact ? (
          // the caller's customer: shown, not chosen (and so never 'richiesto')
          <Field label="Cliente" className="sm:col-span-2">
            <Input readOnly value={entity.contact?.toString ?? fixedContact.toString} />
          </Field>
        ) : (
          <FormField
            control={form.control}
            name="contact"
            label="Cliente"
            required
            className="sm:col-span-2"
            render={(field) => (
              <ContactPicker role="CUSTOMER" value={field.value as SelectableEntity | null | undefined} onChange={field.onChange} onBlur={field.onBlur} name={field.name} ref={field.ref} />
            )}
          />
        )}
        <NumberField form={form} isNew={entity.id === null} />
      </div>
      <FormField control={form.control} name="name" label="Nome lavoro" required render={(field) => <Input {...field} value={str(field.value)} maxLength={200} autoFocus={entity.id === null} />} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <FormField
          control={form.control}
          name="activityState"
          label="Stato lavoro"
          required
          render={(field) => <Select {...field} value={str(field.value)} options={ACTIVITY_STATES.map((s) => ({ value: s, label: s }))} />}
        />
        <FormField
          control={form.control}
          name="paymentType"
          label="Tipo pagamento"
          required
          render={(field) => <Select {...field} value={str(field.value)} options={ACTIVITY_PAYMENT_TYPES.map((t) => ({ value: t, label: t }))} />}
        />
        {paymentType === FIXED_PRICE && (
          <FormField control={form.control} name="activityAmount" label="Importo lavoro" render={(field) => <MoneyInput {...field} value={field.value as number | string | null | undefined} />} />
        )}
      </div>
      {paymentType !== FIXED_PRICE && <HourlyRateNote entity={entity} contactId={idOf(chosen)} tenantHourlyPrice={formData.tenantHourlyPrice} />}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <FormField
          control={form.control}
          name="activityExpirationDate"
          label="Scadenza prevista"
          render={(field) => <DateInput {...field} value={field.value as string | null | undefined} />}
        />
        <div className="flex items-end pb-2 sm:col-span-2">
          <Controller
            control={form.control}
            name="finished"
            render={({ field }) => <Checkbox name={field.name} checked={field.value === true} onBlur={field.onBlur} onCheckedChange={field.onChange} label="Completato" />}
          />
        </div>
      </div>
      <FormField control={form.control} name="description" label="Descrizione" render={(field) => <Textarea {...field} value={str(field.value)} rows={4} maxLength={5000} />} />
    </div>
  );
}

/** Numero: given at the first save; on a saved job read-only until 'Modifica' (another free number). */
function NumberField({ form, isNew }: { form: ActivityFormApi; isNew: boolean }) {
  const [unlocked, setUnlocked] = useState(false);
  if (isNew) {
    return (
      <Field label="Numero">
        <Input readOnly value="" placeholder={NUMBER_ON_SAVE} />
      </Field>
    );
  }
  return (
    <FormField
      control={form.control}
      name="activityNumber"
      label="Numero"
      hint={unlocked ? "Un numero non usato da altri lavori" : undefined}
      render={(field) => (
        <div className="flex items-center gap-1">
          <IntegerInput {...field} value={field.value as number | string | null | undefined} readOnly={!unlocked} className="min-w-0 flex-1" />
          {!unlocked && (
            <Button
              type="button"
              variant="secondary"
              title="Modifica il numero del lavoro"
              onClick={() => {
                setUnlocked(true);
                form.setFocus("activityNumber");
              }}
            >
              Modifica
            </Button>
          )}
        </div>
      )}
    />
  );
}

/**
 * 'Lavoro pagato a ore': the rate is the customer's (Prezzo orario of its form), else the Impostazioni's.
 * A saved job knows which and how much; a new job (or another customer chosen) names the tenant's figure.
 */
function HourlyRateNote({ entity, contactId, tenantHourlyPrice }: { entity: LoadedActivity; contactId: number | null; tenantHourlyPrice: number }) {
  const known = entity.id !== null && contactId !== null && contactId === entity.contact?.id;
  const text = !known
    ? `Tariffa oraria: quella del cliente (Prezzo orario nella sua scheda) o, se non indicata, quella delle Impostazioni (${formatEuro(tenantHourlyPrice)} l'ora).`
    : entity.hourlyRateFrom === "customer"
      ? `Tariffa oraria: quella del cliente, ${formatEuro(entity.hourlyRate)} l'ora.`
      : `Tariffa oraria: il cliente non ne ha una, vale quella delle Impostazioni (${formatEuro(entity.hourlyRate)} l'ora).`;
  return (
    <p role="note" data-testid="hourly-rate-note" className="rounded-md border border-primary-200 bg-primary-50 px-3 py-2 text-sm text-primary-900">
      {text}
    </p>
  );
}

/** A time entry as the list answers it (GET /api/time-entries, columns of the 'time-entries' grid). */
interface TimeEntryRow extends GridRow {
  date?: string | null;
  startTime?: string | null;
  endTime?: string | null;
  user?: { id: number; toString: string } | null;
  description?: string | null;
  /** Hundredths of an hour. */
  hours?: number | null;
  /** Cents. */
  amount?: number | null;
  billable?: boolean | null;
  invoiced?: boolean | null;
}

const ENTRY_COLUMNS = "date,startTime,endTime,user,description,hours,amount,billable,invoiced";
const ENTRIES_LIMIT = 1000;

const yesNo = (v: unknown) => (v ? "Sì" : "No");
const TH = "border-b border-border px-2 py-1.5 text-left font-medium whitespace-nowrap";
const TD = "px-2 py-1.5";

export const ADD_HOURS_LABEL = "Aggiungi ore lavorate";

/**
 * Ore lavorate: the job's figures and its time entries (the list the user may see), with their total, and 'Aggiungi
 * ore lavorate' (the entry's form on this job). When entries change (this button, the tracker's STOP) the list and
 * the figures are read again.
 */
function HoursTab({ entity }: { entity: LoadedActivity }) {
  const isAdmin = useHasRole("ROLE_ADMIN");
  const id = entity.id;
  const [page, setPage] = useState<{ rows: TimeEntryRow[]; count: number | null; hours: number | null; amount: number | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [changes, setChanges] = useState(0);
  // the figures as loaded with the form, then as read again after a change
  const [figures, setFigures] = useState<Pick<LoadedActivity, "workedMinutes" | "toInvoice" | "toInvoiceMinutes"> | null>(null);
  useTimeEntriesChanged(() => setChanges((n) => n + 1));

  useEffect(() => {
    if (id === null) return;
    const controller = new AbortController();
    apiGet<GridPage>(TIME_ENTRIES_URL, { addedParams: { activityId: id }, startRow: 0, limit: ENTRIES_LIMIT, columns: ENTRY_COLUMNS, totals: 1 }, { signal: controller.signal })
      .then((res) => setPage({ rows: res.data as TimeEntryRow[], count: res.count, hours: res.totals?.hours ?? null, amount: res.totals?.amount ?? null }))
      .catch((e: unknown) => {
        if (!isAbortError(e)) setError(errorMessage(e));
      });
    if (changes > 0)
      apiGet<{ activity: ActivityJson }>(`${activityApi.url}/get/${id}`, undefined, { signal: controller.signal })
        .then(({ activity: job }) => setFigures({ workedMinutes: job.workedMinutes, toInvoice: job.toInvoice, toInvoiceMinutes: job.toInvoiceMinutes }))
        .catch(() => {}); // the list above says what went wrong
    return () => controller.abort();
  }, [id, changes]);
  const shown = { ...entity, ...figures };

  if (id === null) return <p className="py-6 text-center text-gray-500">Le ore si registrano sul lavoro salvato.</p>;

  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure label="Ore lavorate" value={shown.workedMinutes ? formatDuration(shown.workedMinutes) : "0 minuti"} />
        <Figure label="Da fatturare" value={formatEuro(shown.toInvoice)} />
        {entity.paymentType !== FIXED_PRICE && <Figure label="Ore da fatturare" value={formatDuration(shown.toInvoiceMinutes)} />}
      </dl>
      <div>
        <Button type="button" size="sm" variant="secondary" onClick={() => setAdding(true)}>
          {ADD_HOURS_LABEL}
        </Button>
      </div>
      {adding && <TimeEntryForm activity={{ id, toString: entity.toString }} onClose={() => setAdding(false)} />}
      {error && (
        <p role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      )}
      {!page && !error && (
        <div role="status" className="flex items-center gap-2 py-4 text-gray-500">
          <Spinner /> Caricamento...
        </div>
      )}
      {page && (
        <>
          {!isAdmin && <p className="text-xs text-gray-500">Sono elencate le tue registrazioni; le ore lavorate del lavoro sono quelle di tutti gli utenti.</p>}
          <div className="overflow-x-auto rounded-md border border-border">
            <table className="w-full border-collapse text-sm" aria-label="Ore lavorate sul lavoro">
              <thead className="bg-gray-50">
                <tr>
                  <th className={TH}>Data</th>
                  <th className={TH}>Inizio</th>
                  <th className={TH}>Fine</th>
                  <th className={TH}>Utente</th>
                  <th className={TH}>Descrizione</th>
                  <th className={`${TH} text-right`}>Ore</th>
                  <th className={`${TH} text-right`}>Importo</th>
                  <th className={TH}>Fatturabile</th>
                  <th className={TH}>Fatturato</th>
                </tr>
              </thead>
              <tbody>
                {page.rows.length === 0 && (
                  <tr>
                    <td colSpan={9} className="px-2 py-3 text-gray-500">
                      Nessuna registrazione
                    </td>
                  </tr>
                )}
                {page.rows.map((r) => (
                  <tr key={r.id} className="border-b border-gray-100" style={r.rowColor ? { backgroundColor: r.rowColor } : undefined}>
                    <td className={`${TD} whitespace-nowrap`}>{formatDate(r.date ?? null)}</td>
                    <td className={TD}>{r.startTime ?? ""}</td>
                    <td className={TD}>{r.endTime ?? <span className="text-amber-700">in corso</span>}</td>
                    <td className={`${TD} whitespace-nowrap`}>{r.user?.toString ?? ""}</td>
                    <td className={`${TD} min-w-40`}>{r.description ?? ""}</td>
                    <td className={`${TD} text-right`}>{formatScaled(r.hours ?? null, 2)}</td>
                    <td className={`${TD} text-right whitespace-nowrap`}>{formatMoney(r.amount ?? null)}</td>
                    <td className={TD}>{yesNo(r.billable)}</td>
                    <td className={TD}>{yesNo(r.invoiced)}</td>
                  </tr>
                ))}
              </tbody>
              {page.rows.length > 0 && (
                <tfoot className="bg-gray-50 font-medium">
                  <tr>
                    <td className={TD} colSpan={5}>
                      Totale
                    </td>
                    <td className={`${TD} text-right`} data-testid="hours-total">
                      {formatScaled(page.hours ?? 0, 2)}
                    </td>
                    <td className={`${TD} text-right whitespace-nowrap`}>{formatMoney(page.amount ?? 0)}</td>
                    <td className={TD} colSpan={2} />
                  </tr>
                </tfoot>
              )}
            </table>
          </div>
          {page.count !== null && page.count > page.rows.length && (
            <p className="text-xs text-gray-500">
              Mostrate le prime {page.rows.length} registrazioni di {page.count}: il totale è di tutte (l&apos;elenco completo è in Lista lavori eseguiti).
            </p>
          )}
        </>
      )}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md border border-border bg-white px-3 py-2">
      <dt className="text-xs text-gray-500">{label}</dt>
      <dd className="text-base font-semibold text-gray-900">{value}</dd>
    </div>
  );
}

/** Storico dei cambi di stato: every change with who made it; the first line is the creation. */
function HistoryTab({ entity }: { entity: LoadedActivity }) {
  const logs = entity.activityStateLogs;
  if (entity.id === null) return <p className="py-6 text-center text-gray-500">La storia degli stati inizia al salvataggio del lavoro.</p>;
  return (
    <div className="overflow-x-auto rounded-md border border-border">
      <table className="w-full border-collapse text-sm" aria-label="Storico dei cambi di stato">
        <thead className="bg-gray-50">
          <tr>
            <th className={TH}>Data e ora</th>
            <th className={TH}>Da</th>
            <th className={TH}>A</th>
            <th className={TH}>Utente</th>
          </tr>
        </thead>
        <tbody>
          {logs.length === 0 && (
            <tr>
              <td colSpan={4} className="px-2 py-3 text-gray-500">
                Nessun cambio di stato
              </td>
            </tr>
          )}
          {logs.map((log, i) => (
            <tr key={`${log.created}-${i}`} className="border-b border-gray-100">
              <td className={`${TD} whitespace-nowrap`}>{formatDateTime(log.created)}</td>
              <td className={TD}>{log.stateBefore === null ? <span className="text-gray-600">Creazione</span> : <ActivityStateBadge state={log.stateBefore} />}</td>
              <td className={TD}>
                <ActivityStateBadge state={log.stateAfter} />
              </td>
              <td className={TD}>{log.user ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

// The customer form's Lavori tab (spec §2 Grids). ContactForm cannot import the jobs: ActivityForm →
// ContactPicker → ContactForm would close an import cycle (import-x/no-cycle counts dynamic imports too).
// So the job form registers the tab when its module loads, handing itself over as the job form the tab
// opens: every page that can open a job (the /lavori grid, the top bar's time tracker) shows the customer's
// jobs in every contact form it opens. A caller may still pass ContactForm's jobsTab, which wins.
registerContactJobsTab((contact) => <ContactJobsTab contact={contact} JobForm={ActivityForm} />);
