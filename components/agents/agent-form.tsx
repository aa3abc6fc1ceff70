"use client";

import { useCallback, useState } from "react";
import { Controller } from "react-hook-form";
import { EntityForm } from "@/components/form/entity-form";
import { FormField } from "@/components/form/form-field";
import { AjaxSelect, type SelectableEntity } from "@/components/form/inputs";
import { FieldValueListDialog } from "@/components/field-values/field-value-list-dialog";
import { RowsGrid, type RowsGridColumn } from "@/components/grid/rows-grid";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { formatDecimalText } from "@/lib/client/input-values";
import type { ZodForm } from "@/lib/client/use-zod-form";
import type { Loaded } from "@/lib/schemas/entity";
import { agentApi, agentSchema, type AgentFormData, type AgentJson } from "@/lib/schemas/agent";
import type { FieldValueJson } from "@/lib/schemas/field-value";
import { CommissionRowForm, type CommissionRow } from "./commission-row-form";

/** The field-value list of the agents' titles (GET /api/field-values/get-filtered-list/title). */
export const AGENT_TITLE_FIELD = "title";
const TITLE_OPTIONS_URL = `/api/field-values/get-filtered-list/${AGENT_TITLE_FIELD}`;

type AgentForm = ZodForm<typeof agentSchema>;

export interface AgentFormProps {
  /** The agent to edit; without it the form creates one. */
  id?: number;
  onSaved?: (saved: AgentJson) => void;
  onClose: () => void;
}

/** 'Inserimento agente' / 'Modifica agente {name}': cards 'Dati personali', 'Indirizzi e contatti', 'Provvigioni'. */
export function AgentForm({ id, onSaved, onClose }: AgentFormProps) {
  return (
    <EntityForm<typeof agentSchema, Loaded<AgentJson>, AgentFormData>
      api={agentApi}
      id={id}
      schema={agentSchema}
      size="lg"
      title={(entity) => (entity.id ? `Modifica agente ${entity.toString ?? ""}`.trim() : "Inserimento agente")}
      onSaved={(saved) => onSaved?.(saved)}
      onClose={onClose}
    >
      {(form) => <AgentFormBody form={form} />}
    </EntityForm>
  );
}

function AgentFormBody({ form }: { form: AgentForm }) {
  const [titlesOpen, setTitlesOpen] = useState(false);
  const closeTitles = useCallback(() => setTitlesOpen(false), []);
  // a title created (or renamed) in the list becomes the agent's title
  const onTitleChanged = useCallback(
    (saved?: FieldValueJson) => {
      if (saved) form.setValue("title", { id: saved.id, toString: saved.fieldValue }, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    },
    [form],
  );

  return (
    <div className="flex flex-col gap-3">
      <Card title="Dati personali" bodyClassName="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <FormField
          control={form.control}
          name="title"
          label="Titolo"
          render={(field) => (
            <AjaxSelect
              url={TITLE_OPTIONS_URL}
              value={(field.value as SelectableEntity | null | undefined) ?? null}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              name={field.name}
              placeholder="Scegli un titolo"
              onCreate={() => setTitlesOpen(true)}
              createLabel="Gestisci titoli"
            />
          )}
        />
        <FormField control={form.control} name="firstName" label="Nome" render={(field) => <Input {...field} value={(field.value as string) ?? ""} maxLength={100} />} />
        <FormField control={form.control} name="lastName" label="Cognome" render={(field) => <Input {...field} value={(field.value as string) ?? ""} maxLength={100} />} />
      </Card>
      <Card title="Indirizzi e contatti" bodyClassName="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormField control={form.control} name="email1" label="Email" render={(field) => <Input {...field} value={(field.value as string) ?? ""} type="email" maxLength={254} />} />
        <FormField control={form.control} name="email2" label="Email 2" render={(field) => <Input {...field} value={(field.value as string) ?? ""} type="email" maxLength={254} />} />
        <FormField control={form.control} name="phone1" label="Telefono" render={(field) => <Input {...field} value={(field.value as string) ?? ""} type="tel" maxLength={50} />} />
        <FormField control={form.control} name="phone2" label="Telefono 2" render={(field) => <Input {...field} value={(field.value as string) ?? ""} type="tel" maxLength={50} />} />
      </Card>
      <Card title="Provvigioni">
        <CommissionsField form={form} />
      </Card>
      <FieldValueListDialog open={titlesOpen} fieldName={AGENT_TITLE_FIELD} title="Titoli" onClose={closeTitles} onChanged={onTitleChanged} />
    </div>
  );
}

/** "7.50" -> "7,5%", "100.00" -> "100%" (as the grids show percentages). */
function percentText(value: string | number): string {
  const text = formatDecimalText(value, 2);
  return `${text.includes(",") ? text.replace(/0+$/, "").replace(/,$/, "") : text}%`;
}

const COMMISSION_COLUMNS: readonly RowsGridColumn<CommissionRow>[] = [
  { key: "fromAmount", header: "Da importo", type: "currency", width: 200 },
  { key: "percentage", header: "Percentuale", type: "percentage", width: 140, render: (row) => percentText(row.percentage ?? "0") },
];

/** The commission rows (RowsGrid) with their row form; the list is the form's agentCommissions. */
function CommissionsField({ form }: { form: AgentForm }) {
  const [editing, setEditing] = useState<{ row: CommissionRow | null; resolve: (row: CommissionRow | null) => void } | null>(null);
  const editRow = useCallback((row: CommissionRow | null) => new Promise<CommissionRow | null>((resolve) => setEditing({ row, resolve })), []);
  const rowErrors = form.formState.isSubmitted ? form.formState.errors.agentCommissions : undefined;

  return (
    <>
      <Controller
        control={form.control}
        name="agentCommissions"
        render={({ field }) => (
          <RowsGrid<CommissionRow>
            rows={(field.value as CommissionRow[] | undefined) ?? []}
            onChange={(rows) => field.onChange(rows)}
            columns={COMMISSION_COLUMNS}
            editRow={editRow}
            addLabel="Aggiungi provvigione"
            emptyText="Nessuna provvigione"
          />
        )}
      />
      {rowErrors && (
        <p role="alert" className="mt-2 text-xs font-medium text-danger-700">
          {rowErrors.message ?? rowErrors.root?.message ?? "Righe di provvigione non valide"}
        </p>
      )}
      {editing && (
        <CommissionRowForm
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
