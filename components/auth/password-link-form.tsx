"use client";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormErrorBanner } from "@/components/ui/form-banner";
import { PasswordInput } from "@/components/ui/password-input";
import { alertDialog } from "@/components/ui/dialogs";
import { apiPostEntity, errorList } from "@/lib/client/api";
import { collectErrorMessages, useZodForm } from "@/lib/client/use-zod-form";
import { passwordLinkSchema } from "@/lib/schemas/user";
import { PASSWORD_RULE_MESSAGE } from "@/lib/schemas/password";

export const LINK_INVALID = "Link non valido";

/**
 * Sets a password from an e-mailed link: /reset-password-two (reset) and /sign-in (invitation). A link without its
 * token (or with one no link carries) says so at once, with `invalidHint` (what to do instead), rather than after the
 * passwords are typed and sent.
 */
export function PasswordLinkForm(props: { token: string; url: string; entity: string; then: string; invalidHint?: ReactNode }) {
  const parsed = passwordLinkSchema.shape.token.safeParse(props.token);
  if (!parsed.success)
    return (
      <div role="alert" className="flex flex-col gap-2 rounded-md border border-danger-200 bg-danger-50 px-3 py-2 text-sm text-danger-800">
        <p className="font-medium">{LINK_INVALID}</p>
        {props.invalidHint && <p>{props.invalidHint}</p>}
      </div>
    );
  return <LinkForm {...props} />;
}

function LinkForm({ token, url, entity, then }: { token: string; url: string; entity: string; then: string }) {
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const { register, handleSubmit, formState } = useZodForm(passwordLinkSchema, { token, passwordFirst: "", passwordSecond: "" });
  const errors = [...(submitted ? collectErrorMessages(formState.errors) : []), ...serverErrors];

  const onSubmit = handleSubmit(
    async (values) => {
      setServerErrors([]);
      try {
        const res = await apiPostEntity<{ message?: string }>(url, entity, values);
        if (res.message) await alertDialog(res.message);
        window.location.assign(then);
      } catch (err) {
        setServerErrors(errorList(err));
      }
    },
    () => setSubmitted(true),
  );

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
      <FormErrorBanner errors={errors} />
      <Field label="Nuova password" required hint={PASSWORD_RULE_MESSAGE} error={formState.errors.passwordFirst?.message}>
        <PasswordInput {...register("passwordFirst")} autoComplete="new-password" autoFocus />
      </Field>
      <Field label="Ripeti la password" required error={formState.errors.passwordSecond?.message}>
        <PasswordInput {...register("passwordSecond")} autoComplete="new-password" />
      </Field>
      <Button type="submit" loading={formState.isSubmitting} className="mt-2">
        Salva la password
      </Button>
    </form>
  );
}
