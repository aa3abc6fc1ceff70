"use client";

import { useState, type Ref } from "react";
import { AjaxSelect, type SelectableEntity } from "@/components/form/inputs";
import type { ContactJson, ContactRole } from "@/lib/schemas/contact";
import { ContactForm } from "./contact-form";

export const CONTACT_OPTIONS_URL = "/api/contacts/get-filtered-list";

export interface ContactPickerProps {
  value: SelectableEntity | null | undefined;
  onChange: (value: SelectableEntity | null) => void;
  onBlur?: () => void;
  /** Only customers (sales documents, jobs) or only suppliers (purchase invoices); new contacts start so. */
  role?: ContactRole;
  id?: string;
  name?: string;
  ref?: Ref<HTMLInputElement>;
  disabled?: boolean;
  placeholder?: string;
  "aria-label"?: string;
  /** After the nested form saved a contact (new, or changed through 'Visualizza'), with all of it (e.g. the supplier's defaults, spec §4). */
  onSaved?: (saved: ContactJson) => void;
}

/**
 * The contact of a form (a job's Cliente, an invoice's Cliente, a purchase invoice's Fornitore): an ajax
 * select over GET /api/contacts/get-filtered-list (with role), '+' to create a contact and 'Visualizza
 * cliente' / 'Visualizza fornitore' to open the chosen one, both in the contact form as a nested modal;
 * the saved contact becomes the value. Use with a Controller, like AjaxSelect.
 */
export function ContactPicker({ value, onChange, onBlur, role, id, name, ref, disabled, placeholder, "aria-label": ariaLabel, onSaved }: ContactPickerProps) {
  const [open, setOpen] = useState<{ id?: number } | null>(null);
  const who = role === "SUPPLIER" ? "fornitore" : "cliente";
  return (
    <>
      <AjaxSelect
        url={CONTACT_OPTIONS_URL}
        params={role ? { role } : undefined}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        id={id}
        name={name}
        ref={ref}
        disabled={disabled}
        placeholder={placeholder ?? `Cerca ${who}...`}
        aria-label={ariaLabel}
        onCreate={() => setOpen({})}
        createLabel={`Nuovo ${who}`}
        onView={(v) => setOpen({ id: Number(v.id) })}
        viewLabel={`Visualizza ${who}`}
      />
      {open && (
        <ContactForm
          id={open.id}
          role={role}
          onClose={() => setOpen(null)}
          onSaved={(saved) => {
            onChange({ id: saved.id, toString: saved.toString });
            onSaved?.(saved);
          }}
        />
      )}
    </>
  );
}
