"use client";

import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormErrorBanner } from "@/components/ui/form-banner";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { apiPost, ApiError, errorMessage } from "@/lib/client/api";
import { collectErrorMessages, useZodForm } from "@/lib/client/use-zod-form";
import { loginSchema } from "@/lib/schemas/user";

/** Whether a refused login asks for the second factor (POST /api/login answers twoFactorRequired). */
function asksForCode(err: unknown): boolean {
  return err instanceof ApiError && (err.body as { twoFactorRequired?: unknown } | undefined)?.twoFactorRequired === true;
}

/** 'Accedi': username or e-mail and password; 'Codice di verifica' too once the server asks for it (two-factor login). */
export function LoginForm() {
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [needsCode, setNeedsCode] = useState(false);
  const { register, handleSubmit, formState, setFocus } = useZodForm(loginSchema, { username: "", password: "", otp: "" });
  const errors = submitted ? collectErrorMessages(formState.errors) : [];

  const onSubmit = handleSubmit(
    async (values) => {
      setServerError(null);
      const body = new FormData();
      body.set("username", values.username);
      body.set("password", values.password);
      if (needsCode && values.otp) body.set("otp", values.otp);
      try {
        const res = await apiPost<{ redirectTo?: string }>("/api/login", body);
        window.location.assign(res.redirectTo ?? "/");
      } catch (err) {
        setServerError(errorMessage(err));
        if (asksForCode(err)) {
          setNeedsCode(true);
          // the field appears with this render: focus it on the next frame
          requestAnimationFrame(() => setFocus("otp"));
        }
      }
    },
    () => setSubmitted(true),
  );

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
      <FormErrorBanner errors={errors} />
      {serverError && (
        <p role="alert" className="rounded-md border border-danger-200 bg-danger-50 px-3 py-2 text-danger-800">
          {serverError}
        </p>
      )}
      <Field label="Username o email" error={formState.errors.username?.message}>
        <Input {...register("username")} autoComplete="username" autoFocus />
      </Field>
      <Field label="Password" error={formState.errors.password?.message}>
        <PasswordInput {...register("password")} autoComplete="current-password" />
      </Field>
      {needsCode && (
        <Field label="Codice di verifica" hint="Il codice di 6 cifre dell'app di autenticazione, oppure un codice di recupero" error={formState.errors.otp?.message}>
          <Input {...register("otp")} autoComplete="one-time-code" data-testid="login-otp" />
        </Field>
      )}
      <Button type="submit" loading={formState.isSubmitting} className="mt-2">
        Accedi
      </Button>
      <Link href="/reset-password" className="text-center text-sm text-primary-700 hover:underline">
        Password dimenticata?
      </Link>
    </form>
  );
}
