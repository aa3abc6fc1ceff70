"use client";

import { Controller, useWatch } from "react-hook-form";
import { EntityForm } from "@/components/form/entity-form";
import { DeleteRecordButton } from "@/components/form/delete-record-button";
import { FormField } from "@/components/form/form-field";
import { AjaxSelect, DateInput, OptionSelect, TimeInput } from "@/components/form/inputs";
import { Checkbox } from "@/components/ui/checkbox";
import { Textarea } from "@/components/ui/textarea";
import type { ZodForm } from "@/lib/client/use-zod-form";
import { formatDuration } from "@/lib/format";
import { entryInstants } from "@/lib/rome-time";
import type { Loaded, Option } from "@/lib/schemas/entity";
import { timeEntryApi, timeEntrySchema, type TimeEntryFormData, type TimeEntryJson } from "@/lib/schemas/time-entry";
import { notifyTimeEntriesChanged } from "./time-entry-events";

export const NEW_TIME_ENTRY_TITLE = "Inserimento ore lavorate";
export const EDIT_TIME_ENTRY_TITLE = "Modifica ore lavorate";
export const INVOICED_NOTE = "Fatturata: la registrazione non può essere modificata né eliminata.";
export const RUNNING_NOTE = "In corso: fermare il cronometro con STOP prima di modificarla.";

type TimeEntryFormValues = ZodForm<typeof timeEntrySchema>;

export interface TimeEntryFormProps {
  /** The entry to edit (the one STOP returns); without it the form creates one. */
  id?: number | null;
  /** A new entry on this job (create-form-data?activityId=N: the job form's 'Ore lavorate' tab). */
  activity?: Option | null;
  onSaved?: (saved: TimeEntryJson) => void;
  /** After 'Elimina' (the caller reloads its list). */
  onDeleted?: () => void;
  onClose: () => void;
}

/**
 * 'Inserimento ore lavorate' / 'Modifica ore lavorate': a day with an Italian start and end time (an end
 * at or before the start is the next day), the job, description and Fatturabile; Utente for ROLE_ADMIN
 * only (formData.users is empty for the others). An invoiced entry is read-only.
 */
export function TimeEntryForm({ id, activity, onSaved, onDeleted, onClose }: TimeEntryFormProps) {
  return (
    <EntityForm<typeof timeEntrySchema, Loaded<TimeEntryJson>, TimeEntryFormData>
      api={timeEntryApi}
      id={id}
      createQuery={activity ? { activityId: String(activity.id) } : undefined}
      schema={timeEntrySchema}
      size="md"
      title={(entity) => (entity.id ? EDIT_TIME_ENTRY_TITLE : NEW_TIME_ENTRY_TITLE)}
      // the jobs' hours shown elsewhere (the /lavori grid, a job's Ore lavorate tab) are read again
      onSaved={(saved) => {
        notifyTimeEntriesChanged();
        onSaved?.(saved);
      }}
      onClose={onClose}
      footerExtra={({ entity }) =>
        entity.id !== null && !entity.invoiced && entity.endTime !== null ? (
          <DeleteRecordButton
            url={`${timeEntryApi.url}/${entity.id}`}
            onDeleted={() => {
              notifyTimeEntriesChanged();
              onDeleted?.();
              onClose();
            }}
          />
        ) : null
      }
    >
      {(form, formData, { entity }) => <TimeEntryFields form={form} formData={formData} entity={entity} />}
    </EntityForm>
  );
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

function TimeEntryFields({ form, formData, entity }: { form: TimeEntryFormValues; formData: TimeEntryFormData; entity: Loaded<TimeEntryJson> }) {
  const users = formData.users ?? [];
  const locked = entity.invoiced || (entity.id !== null && entity.endTime === null);
  return (
    // an invoiced (or running) entry is shown, not edited: the server refuses its save anyway
    <fieldset disabled={locked} className="grid min-w-0 grid-cols-1 gap-3 sm:grid-cols-2">
      {entity.invoiced && (
        <p className="rounded-md border border-primary-200 bg-primary-50 px-3 py-2 text-sm text-primary-900 sm:col-span-2" data-testid="time-entry-invoiced">
          {INVOICED_NOTE}
        </p>
      )}
      {!entity.invoiced && entity.id !== null && entity.endTime === null && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-gray-900 sm:col-span-2">{RUNNING_NOTE}</p>
      )}
      {users.length > 0 && (
        <FormField
          control={form.control}
          name="user"
          label="Utente"
          className="sm:col-span-2"
          // a user disabled since keeps their own entries
          render={(field) => <OptionSelect name={field.name} ref={field.ref} onBlur={field.onBlur} value={field.value as Option | null | undefined} onChange={field.onChange} options={users} />}
        />
      )}
      <FormField
        control={form.control}
        name="activity"
        label="Lavoro"
        required
        className="sm:col-span-2"
        render={(field) => (
          <AjaxSelect
            url="/api/activities/get-filtered-list"
            value={field.value as Option | null | undefined}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            ref={field.ref}
            disabled={locked}
          />
        )}
      />
      <FormField control={form.control} name="date" label="Data" required render={(field) => <DateInput {...field} value={field.value as string | null} />} />
      <Duration form={form} />
      <FormField control={form.control} name="startTime" label="Ora inizio" required render={(field) => <TimeInput {...field} value={str(field.value)} />} />
      <FormField control={form.control} name="endTime" label="Ora fine" required render={(field) => <TimeInput {...field} value={str(field.value)} />} />
      <FormField
        control={form.control}
        name="description"
        label="Descrizione"
        className="sm:col-span-2"
        render={(field) => <Textarea {...field} value={str(field.value)} rows={3} maxLength={2000} />}
      />
      <Controller
        control={form.control}
        name="billable"
        render={({ field }) => <Checkbox name={field.name} checked={field.value !== false} onBlur={field.onBlur} onCheckedChange={field.onChange} label="Fatturabile" />}
      />
    </fieldset>
  );
}

/** The length of the entry as typed (Italian clock, DST included); an end at or before the start is the next day. */
export function entryDuration(date: unknown, startTime: unknown, endTime: unknown): string {
  if (typeof date !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return "";
  if (typeof startTime !== "string" || typeof endTime !== "string" || !startTime || !endTime || startTime === endTime) return "";
  const when = entryInstants(date, startTime, endTime);
  if ("missing" in when) return "";
  return `${formatDuration(when.minutes)}${endTime < startTime ? " (fino al giorno dopo)" : ""}`;
}

function Duration({ form }: { form: TimeEntryFormValues }) {
  const [date, startTime, endTime] = useWatch({ control: form.control, name: ["date", "startTime", "endTime"] });
  const text = entryDuration(date, startTime, endTime);
  return (
    <div className="flex flex-col gap-1 text-sm">
      <span className="font-medium text-gray-700">Durata</span>
      <output className="flex h-9 items-center text-gray-900 tabular-nums" data-testid="time-entry-duration">
        {text || "-"}
      </output>
    </div>
  );
}
