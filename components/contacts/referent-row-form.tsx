"use client";

import type { z } from "zod";
import { FormField } from "@/components/form/form-field";
import { RowFormModal } from "@/components/form/row-form-modal";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useZodForm } from "@/lib/client/use-zod-form";
import { contactReferentSchema } from "@/lib/schemas/contact";

/** A referent as the contact form holds it: the row schema's input (saved rows have id, new ones tempId). */
export type ReferentRow = z.input<typeof contactReferentSchema> & Record<string, unknown>;

const text = (v: unknown) => (typeof v === "string" ? v : "");

/**
 * 'Inserimento referente' / 'Modifica referente': Nome, Cognome, Ruolo, Email, Telefono, Note, validated
 * with the handler's row schema (at least a name; a valid e-mail). OK hands the normalised row back.
 */
export function ReferentRowForm({ row, onDone }: { row: ReferentRow | null; onDone: (row: ReferentRow | null) => void }) {
  const start = row ?? {};
  const form = useZodForm(contactReferentSchema, {
    firstName: text(start.firstName),
    lastName: text(start.lastName),
    role: text(start.role),
    email: text(start.email),
    phone: text(start.phone),
    notes: text(start.notes),
  });
  const textField = (name: "firstName" | "lastName" | "role" | "email" | "phone", label: string, props: { type?: string; maxLength: number; autoFocus?: boolean }) => (
    <FormField control={form.control} name={name} label={label} render={(field) => <Input {...field} value={text(field.value)} {...props} />} />
  );

  return (
    <RowFormModal
      form={form}
      title={row ? "Modifica referente" : "Inserimento referente"}
      testId="referent-row-form"
      onValid={(values) => onDone({ ...start, ...values })}
      onCancel={() => onDone(null)}
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {textField("firstName", "Nome", { maxLength: 100, autoFocus: true })}
        {textField("lastName", "Cognome", { maxLength: 100 })}
      </div>
      {textField("role", "Ruolo", { maxLength: 100 })}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {textField("email", "Email", { type: "email", maxLength: 254 })}
        {textField("phone", "Telefono", { type: "tel", maxLength: 50 })}
      </div>
      <FormField control={form.control} name="notes" label="Note" render={(field) => <Textarea {...field} value={text(field.value)} rows={2} maxLength={2000} />} />
    </RowFormModal>
  );
}
