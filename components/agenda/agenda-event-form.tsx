"use client";

import { Controller, useWatch } from "react-hook-form";
import { EntityForm } from "@/components/form/entity-form";
import { CustomerJobFields } from "@/components/form/customer-job-fields";
import { DeleteRecordButton } from "@/components/form/delete-record-button";
import { FormField } from "@/components/form/form-field";
import { DateInput, TimeInput } from "@/components/form/inputs";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { ZodForm } from "@/lib/client/use-zod-form";
import { agendaEventApi, agendaEventSchema, type AgendaEventFormData, type AgendaEventJson } from "@/lib/schemas/agenda-event";
import type { Loaded } from "@/lib/schemas/entity";
import { nextDay } from "@/lib/rome-time";

export const NEW_AGENDA_EVENT_TITLE = "Inserimento appuntamento";
export const EDIT_AGENDA_EVENT_TITLE = "Modifica appuntamento";

type AgendaEventFormValues = ZodForm<typeof agendaEventSchema>;

export interface AgendaEventFormProps {
  /** The appointment to edit; without it the form creates one in `slot`. */
  id?: number | null;
  /** The slot selected in the calendar (create-form-data?start=&end=&allDay=1). */
  slot?: { start: string; end: string; allDay: boolean } | null;
  onSaved: (saved: AgendaEventJson) => void;
  onDeleted: () => void;
  onClose: () => void;
}

/**
 * 'Inserimento appuntamento' / 'Modifica appuntamento' on the shared form frame: title, start and end (Italian
 * date and time; days only when all-day), customer, job, place, participants, description.
 */
export function AgendaEventForm({ id, slot, onSaved, onDeleted, onClose }: AgendaEventFormProps) {
  return (
    <EntityForm<typeof agendaEventSchema, Loaded<AgendaEventJson>, AgendaEventFormData>
      api={agendaEventApi}
      id={id}
      createQuery={slot ? { start: slot.start, end: slot.end, ...(slot.allDay ? { allDay: "1" } : {}) } : undefined}
      schema={agendaEventSchema}
      size="md"
      title={(entity) => (entity.id ? EDIT_AGENDA_EVENT_TITLE : NEW_AGENDA_EVENT_TITLE)}
      onSaved={onSaved}
      onClose={onClose}
      footerExtra={({ entity }) =>
        entity.id !== null ? (
          <DeleteRecordButton
            url={`${agendaEventApi.url}/${entity.id}`}
            onDeleted={() => {
              onDeleted();
              onClose();
            }}
          />
        ) : null
      }
    >
      {(form, formData) => <AgendaEventFields form={form} formData={formData} />}
    </EntityForm>
  );
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

/** The day before 'yyyy-MM-dd'. */
function previousDay(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

/**
 * One of start/end: a date and (unless all-day) a time, kept as 'yyyy-MM-ddTHH:mm'. An all-day end is sent
 * exclusive (the midnight after the last day, as the calendar reads it) and shown as the last day.
 */
function DateTimeField({ value, onChange, onBlur, allDay, isEnd, label }: { value: string; onChange: (v: string) => void; onBlur: () => void; allDay: boolean; isEnd: boolean; label: string }) {
  const date = value.slice(0, 10);
  const time = value.slice(11, 16) || "09:00";
  const shownDate = allDay && isEnd && date && time === "00:00" ? previousDay(date) : date;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <DateInput
        aria-label={`${label}: data`}
        className="w-36"
        value={shownDate || null}
        onBlur={onBlur}
        onChange={(d) => {
          if (!d) return onChange("");
          onChange(allDay ? `${isEnd ? nextDay(d) : d}T00:00` : `${d}T${time}`);
        }}
      />
      {!allDay && <TimeInput aria-label={`${label}: ora`} value={time} start="00:00" end="23:45" stepMinutes={15} onBlur={onBlur} onChange={(t) => onChange(`${date}T${t}`)} />}
    </div>
  );
}

function AgendaEventFields({ form, formData }: { form: AgendaEventFormValues; formData: AgendaEventFormData }) {
  const allDay = useWatch({ control: form.control, name: "allDay" });
  const users = formData.users ?? [];
  return (
    <div className="grid min-w-0 grid-cols-1 gap-3 sm:grid-cols-2">
      <FormField control={form.control} name="title" label="Titolo" required className="sm:col-span-2" render={(field) => <Input {...field} value={str(field.value)} maxLength={200} />} />
      <Controller
        control={form.control}
        name="allDay"
        render={({ field }) => (
          <Checkbox
            name={field.name}
            className="sm:col-span-2"
            checked={field.value === true}
            onBlur={field.onBlur}
            onCheckedChange={(on) => {
              field.onChange(on === true);
              // an all-day appointment takes whole days: the end becomes the midnight after its last day
              const start = str(form.getValues("start"));
              const end = str(form.getValues("end"));
              if (on === true && start) {
                const last = end && end.slice(0, 10) > start.slice(0, 10) ? end.slice(0, 10) : start.slice(0, 10);
                form.setValue("start", `${start.slice(0, 10)}T00:00`, { shouldDirty: true });
                form.setValue("end", `${nextDay(last)}T00:00`, { shouldDirty: true });
              } else if (on !== true && start) {
                form.setValue("start", `${start.slice(0, 10)}T09:00`, { shouldDirty: true });
                form.setValue("end", `${start.slice(0, 10)}T10:00`, { shouldDirty: true });
              }
            }}
            label="Tutto il giorno"
          />
        )}
      />
      <FormField
        control={form.control}
        name="start"
        label="Inizio"
        required
        render={(field) => <DateTimeField label="Inizio" value={str(field.value)} onChange={field.onChange} onBlur={field.onBlur} allDay={allDay === true} isEnd={false} />}
      />
      <FormField
        control={form.control}
        name="end"
        label="Fine"
        required={allDay !== true}
        render={(field) => <DateTimeField label="Fine" value={str(field.value)} onChange={field.onChange} onBlur={field.onBlur} allDay={allDay === true} isEnd />}
      />
      <CustomerJobFields form={form} />
      <FormField control={form.control} name="place" label="Luogo" className="sm:col-span-2" render={(field) => <Input {...field} value={str(field.value)} maxLength={200} />} />
      <Controller
        control={form.control}
        name="participants"
        render={({ field }) => {
          const chosen = new Set(((field.value as { id: number }[] | undefined) ?? []).map((p) => p.id));
          return (
            <fieldset className="sm:col-span-2" data-testid="agenda-participants">
              <legend className="mb-1 text-sm font-medium text-gray-700">Partecipanti</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                {users.map((u) => (
                  <span key={u.id} className="flex items-center gap-1.5">
                    <span aria-hidden className="inline-block size-3 rounded-full" style={{ backgroundColor: u.color }} />
                    <Checkbox
                      checked={chosen.has(u.id)}
                      label={u.toString}
                      onCheckedChange={(on) => {
                        const rest = ((field.value as { id: number }[] | undefined) ?? []).filter((p) => p.id !== u.id);
                        field.onChange(on === true ? [...rest, { id: u.id, toString: u.toString }] : rest);
                      }}
                    />
                  </span>
                ))}
              </div>
            </fieldset>
          );
        }}
      />
      <FormField
        control={form.control}
        name="description"
        label="Descrizione"
        className="sm:col-span-2"
        render={(field) => <Textarea {...field} value={str(field.value)} rows={3} maxLength={5000} />}
      />
    </div>
  );
}
