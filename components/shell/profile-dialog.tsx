"use client";

import { useEffect, useState } from "react";
import { Controller } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { ColorPicker } from "@/components/ui/color-picker";
import { Field } from "@/components/ui/field";
import { FormErrorBanner } from "@/components/ui/form-banner";
import { Input } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import { apiGet, apiPostEntity, showError, showSuccess } from "@/lib/client/api";
import { alertFormErrors, collectErrorMessages, useZodForm } from "@/lib/client/use-zod-form";
import { profileSchema, type ProfileInput } from "@/lib/schemas/user";
import { PasswordDialog } from "./password-dialog";
import { TWO_FACTOR_TITLE, TwoFactorDialog } from "./two-factor-dialog";

interface Profile extends ProfileInput {
  email: string;
  username: string;
  twoFactorEnabled: boolean;
}

/**
 * 'Profilo': e-mail shown as Username (read-only), Nome, Cognome, colour; link to the password dialog; the
 * two-factor login's state and its dialog (`onTwoFactorChange`: the shell's required-setup notice listens).
 */
export function ProfileDialog({
  open,
  onClose,
  onSaved,
  onTwoFactorChange,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: (u: ProfileInput) => void;
  onTwoFactorChange?: (enabled: boolean) => void;
}) {
  const [email, setEmail] = useState("");
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [twoFactor, setTwoFactor] = useState<boolean | null>(null);
  const [twoFactorOpen, setTwoFactorOpen] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const form = useZodForm(profileSchema, { firstName: "", lastName: "", color: "#7c3aed", version: 0 });
  const { register, control, formState, handleSubmit, reset } = form;

  useEffect(() => {
    if (!open) return;
    setSubmitted(false);
    apiGet<{ user: Profile }>("/api/users/get-profile")
      .then(({ user }) => {
        setEmail(user.email);
        setTwoFactor(user.twoFactorEnabled);
        reset({ firstName: user.firstName, lastName: user.lastName, color: user.color, version: user.version });
      })
      .catch(showError);
  }, [open, reset]);

  const errors = submitted ? collectErrorMessages(formState.errors) : [];

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        const res = await apiPostEntity<{ user: Profile }>("/api/users/set-profile", "user", values);
        showSuccess(res);
        reset({ firstName: res.user.firstName, lastName: res.user.lastName, color: res.user.color, version: res.user.version });
        onSaved(res.user);
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
    <>
      <Modal
        open={open}
        onClose={onClose}
        title="Profilo"
        dirty={formState.isDirty}
        busy={formState.isSubmitting}
        onSubmit={onSubmit}
        footer={
          <>
            <Button type="button" variant="secondary" onClick={() => setPasswordOpen(true)}>
              Cambia password
            </Button>
            <Button type="submit" loading={formState.isSubmitting}>
              Salva
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-3">
          <FormErrorBanner errors={errors} />
          <Field label="Username">
            <Input value={email} readOnly disabled />
          </Field>
          <Field label="Nome" required error={formState.errors.firstName?.message}>
            <Input {...register("firstName")} autoComplete="given-name" />
          </Field>
          <Field label="Cognome" required error={formState.errors.lastName?.message}>
            <Input {...register("lastName")} autoComplete="family-name" />
          </Field>
          <Field label="Colore">
            <Controller control={control} name="color" render={({ field }) => <ColorPicker value={field.value ?? ""} onChange={field.onChange} />} />
          </Field>
          <Field label={TWO_FACTOR_TITLE}>
            <div className="flex items-center justify-between gap-3" data-testid="two-factor-state">
              <span className={twoFactor ? "font-medium text-green-700" : "text-gray-600"}>{twoFactor === null ? "" : twoFactor ? "Attiva" : "Non attiva"}</span>
              <Button type="button" variant="secondary" size="sm" disabled={twoFactor === null} onClick={() => setTwoFactorOpen(true)}>
                {twoFactor ? "Gestisci" : "Attiva"}
              </Button>
            </div>
          </Field>
        </div>
      </Modal>
      <PasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
      <TwoFactorDialog
        open={twoFactorOpen}
        enabled={Boolean(twoFactor)}
        onClose={() => setTwoFactorOpen(false)}
        onChange={(enabled) => {
          setTwoFactor(enabled);
          onTwoFactorChange?.(enabled);
        }}
      />
    </>
  );
}
