"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { apiPostEntity, errorMessage } from "@/lib/client/api";
import { useZodForm } from "@/lib/client/use-zod-form";
import { resetRequestSchema } from "@/lib/schemas/user";

export function ResetRequestForm() {
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useZodForm(resetRequestSchema, { email: "" });
  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const res = await apiPostEntity<{ message?: string }>("/api/reset-password", "resetPassword", values);
      setDone(res.message ?? "");
    } catch (err) {
      setError(errorMessage(err));
    }
  });
  if (done !== null) return <p role="status" className="text-gray-700">{done}</p>;
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
      {error && <p role="alert" className="rounded-md border border-danger-200 bg-danger-50 px-3 py-2 text-danger-800">{error}</p>}
      <Field label="Email" required error={formState.errors.email?.message}>
        <Input type="email" {...register("email")} autoComplete="email" autoFocus />
      </Field>
      <Button type="submit" loading={formState.isSubmitting}>
        Invia il link
      </Button>
    </form>
  );
}
