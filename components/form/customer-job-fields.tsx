"use client";

import { useEffect, useRef } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { ContactPicker } from "@/components/contacts/contact-picker";
import { FormField } from "./form-field";
import { AjaxSelect, type SelectableEntity } from "./inputs";

/** The fields a form with a customer and a job of that customer holds (to-dos, appointments). */
interface CustomerJobValues {
  contact?: unknown;
  activity?: unknown;
}

/**
 * 'Cliente' and 'Lavoro' as a pair: the job's list is filtered by the chosen customer, and a job chosen for
 * another customer is cleared when the customer changes (the server refuses a job of another customer).
 */
export function CustomerJobFields<T extends CustomerJobValues>({ form: typed }: { form: UseFormReturn<T, unknown, unknown> }) {
  const form = typed as unknown as UseFormReturn<CustomerJobValues>;
  const contact = useWatch({ control: form.control, name: "contact" }) as SelectableEntity | null | undefined;
  const contactId = contact?.id ?? null;
  const previous = useRef(contactId);
  useEffect(() => {
    if (previous.current !== contactId && previous.current !== null) form.setValue("activity", null, { shouldDirty: true });
    previous.current = contactId;
  }, [contactId, form]);
  return (
    <>
      <FormField
        control={form.control}
        name="contact"
        label="Cliente"
        render={(field) => <ContactPicker role="CUSTOMER" value={field.value as SelectableEntity | null | undefined} onChange={field.onChange} onBlur={field.onBlur} name={field.name} ref={field.ref} />}
      />
      <FormField
        control={form.control}
        name="activity"
        label="Lavoro"
        render={(field) => (
          <AjaxSelect
            url="/api/activities/get-filtered-list"
            params={contactId ? { contactId } : undefined}
            value={field.value as SelectableEntity | null | undefined}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            ref={field.ref}
          />
        )}
      />
    </>
  );
}
