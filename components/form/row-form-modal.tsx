"use client";

import type { FormEvent, ReactNode } from "react";
import type { FieldErrors, FieldValues, UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { alertDialog } from "@/components/ui/dialogs";
import { FORM_ERRORS_TITLE, FormErrorBanner } from "@/components/ui/form-banner";
import { Modal } from "@/components/ui/modal";
import { collectErrorMessages } from "@/lib/client/use-zod-form";

export interface RowFormModalProps<TInput extends FieldValues, TOutput> {
  /** The row's form (useZodForm with the handler's row schema). */
  form: UseFormReturn<TInput, unknown, TOutput>;
  /** e.g. 'Inserimento provvigione' / 'Modifica provvigione'. */
  title: string;
  /** data-testid of the body. */
  testId: string;
  /** OK with valid values: hand the normalised row back. */
  onValid: (values: TOutput) => void;
  /** Closed without OK (after 'Non hai salvato. Uscire?' when changed). */
  onCancel: () => void;
  children: ReactNode;
}

/**
 * The small modal of an embedded row (commission rows, payment rows, later invoice rows): the
 * fields, the red banner once submitted, OK. Invalid values show the alert with
 * 'Errore nella compilazione dei campi' and each message; closing with changes asks
 * 'Non hai salvato. Uscire?'. The modal is portaled out of the parent form, so its submit is
 * stopped here and never reaches the parent.
 */
export function RowFormModal<TInput extends FieldValues, TOutput>({ form, title, testId, onValid, onCancel, children }: RowFormModalProps<TInput, TOutput>) {
  const messages = form.formState.isSubmitted ? collectErrorMessages(form.formState.errors) : [];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.stopPropagation();
    return form.handleSubmit(onValid, (errors: FieldErrors) => void alertDialog([FORM_ERRORS_TITLE, ...collectErrorMessages(errors)].join("\n")))(event);
  };

  return (
    <Modal open size="sm" title={title} dirty={form.formState.isDirty} onClose={onCancel} onSubmit={onSubmit} footer={<Button type="submit">OK</Button>}>
      <div className="flex flex-col gap-3" data-testid={testId}>
        <FormErrorBanner errors={messages} />
        {children}
      </div>
    </Modal>
  );
}
