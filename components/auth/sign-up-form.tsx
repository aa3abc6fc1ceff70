"use client";

import { useState } from "react";
import { Controller } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { FormErrorBanner } from "@/components/ui/form-banner";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { alertDialog } from "@/components/ui/dialogs";
import { INFO_DIALOG_TITLE } from "@/lib/client/dialogs";
import { apiPostEntity, errorList } from "@/lib/client/api";
import { collectErrorMessages, useZodForm } from "@/lib/client/use-zod-form";
import { signUpSchema } from "@/lib/schemas/user";
import { PASSWORD_RULE_MESSAGE } from "@/lib/schemas/password";

/** The service terms (app/(public)/condizioni), public. */
export const TERMS_PATH = "/condizioni";

export function SignUpForm() {
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const { register, handleSubmit, formState, control } = useZodForm(signUpSchema, {
    denomination: "",
    firstName: "",
    lastName: "",
    email: "",
    password: "",
    passwordSecond: "",
    acceptTerms: false as unknown as true,
  });
  const errors = [...(submitted ? collectErrorMessages(formState.errors) : []), ...serverErrors];

  const onSubmit = handleSubmit(
    async (values) => {
      setServerErrors([]);
      try {
        const res = await apiPostEntity<{ dialogMessage?: string }>("/api/sign-up", "signUp", values);
        if (res.dialogMessage) await alertDialog(res.dialogMessage, { title: INFO_DIALOG_TITLE });
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load after the session changes: no client state of the old session survives
        window.location.assign("/");
      } catch (err) {
        setServerErrors(errorList(err));
      }
    },
    () => setSubmitted(true),
  );

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
      <FormErrorBanner errors={errors} />
      <Field label="Ragione sociale" required error={formState.errors.denomination?.message}>
        <Input {...register("denomination")} autoComplete="organization" />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Nome" required error={formState.errors.firstName?.message}>
          <Input {...register("firstName")} autoComplete="given-name" />
        </Field>
        <Field label="Cognome" required error={formState.errors.lastName?.message}>
          <Input {...register("lastName")} autoComplete="family-name" />
        </Field>
      </div>
      <Field label="Email" required error={formState.errors.email?.message}>
        <Input type="email" {...register("email")} autoComplete="email" />
      </Field>
      <Field label="Password" required hint={PASSWORD_RULE_MESSAGE} error={formState.errors.password?.message}>
        <PasswordInput {...register("password")} autoComplete="new-password" />
      </Field>
      <Field label="Ripeti la password" required error={formState.errors.passwordSecond?.message}>
        <PasswordInput {...register("passwordSecond")} autoComplete="new-password" />
      </Field>
      <Controller
        control={control}
        name="acceptTerms"
        render={({ field }) => (
          <Checkbox
            checked={Boolean(field.value)}
            onCheckedChange={(v) => field.onChange(v === true)}
            label={
              <>
                Accetto le{" "}
                {/* a new tab: the form keeps what was typed */}
                <a href={TERMS_PATH} target="_blank" rel="noopener" className="font-medium text-primary-700 underline-offset-2 hover:underline">
                  condizioni del servizio
                </a>
              </>
            }
          />
        )}
      />
      <Button type="submit" loading={formState.isSubmitting} className="mt-2">
        Crea il tuo account gratuito
      </Button>
    </form>
  );
}
