"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormErrorBanner } from "@/components/ui/form-banner";
import { Modal } from "@/components/ui/modal";
import { PasswordInput } from "@/components/ui/password-input";
import { apiPostEntity, showError, showSuccess } from "@/lib/client/api";
import { alertFormErrors, collectErrorMessages, useZodForm } from "@/lib/client/use-zod-form";
import { passwordChangeSchema } from "@/lib/schemas/user";

export const PASSWORD_HINT = "La nuova password deve essere lunga almeno 6 caratteri e contenere almeno un numero e una lettera";

/** 'Inserisci la password': actual password, new password twice, CAPS LOCK warning. */
export function PasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [submitted, setSubmitted] = useState(false);
  const form = useZodForm(passwordChangeSchema, { passwordActual: "", passwordFirst: "", passwordSecond: "" });
  const { register, formState, handleSubmit, reset } = form;

  useEffect(() => {
    if (open) {
      reset();
      setSubmitted(false);
    }
  }, [open, reset]);

  const errors = submitted ? collectErrorMessages(formState.errors) : [];
  const onSubmit = handleSubmit(
    async (values) => {
      try {
        showSuccess(await apiPostEntity("/api/users/change-my-password", "passwordChangeAskMyDTO", values));
        reset();
        onClose();
      } catch (err) {
        showError(err);
      }
    },
    (fieldErrors) => {
      setSubmitted(true);
      void alertFormErrors(fieldErrors);
    },
  );

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Inserisci la password"
      size="sm"
      dirty={formState.isDirty}
      busy={formState.isSubmitting}
      onSubmit={onSubmit}
      footer={
        <Button type="submit" loading={formState.isSubmitting}>
          Salva
        </Button>
      }
    >
      <div className="flex flex-col gap-3">
        <FormErrorBanner errors={errors} />
        <Field label="Password attuale" required error={formState.errors.passwordActual?.message}>
          <PasswordInput {...register("passwordActual")} autoComplete="current-password" />
        </Field>
        <Field label="Nuova password" required hint={PASSWORD_HINT} error={formState.errors.passwordFirst?.message}>
          <PasswordInput {...register("passwordFirst")} autoComplete="new-password" />
        </Field>
        <Field label="Ripeti la nuova password" required error={formState.errors.passwordSecond?.message}>
          <PasswordInput {...register("passwordSecond")} autoComplete="new-password" />
        </Field>
      </div>
    </Modal>
  );
}
