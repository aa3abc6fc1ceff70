"use client";

import { useId, useState } from "react";
import { Controller } from "react-hook-form";
import { EntityForm } from "@/components/form/entity-form";
import { FormField } from "@/components/form/form-field";
import { ColorField } from "@/components/form/inputs";
import { StateBadge } from "@/components/grid/grid-cells";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { confirmDialog } from "@/components/ui/dialogs";
import { Input } from "@/components/ui/input";
import { apiPost, showError, showSuccess } from "@/lib/client/api";
import type { ZodForm } from "@/lib/client/use-zod-form";
import { formatDateTime } from "@/lib/format";
import type { Loaded } from "@/lib/schemas/entity";
import { ROLES, type Role } from "@/lib/schemas/roles";
import { ROLE_CHOICES, userAdminSchema, userApi, type UserAdminJson } from "@/lib/schemas/user-admin";

type UserForm = ZodForm<typeof userAdminSchema>;

/** The server's refusal, said before saving on one's own form. */
export const OWN_ADMIN_ROLE_HINT = "Non puoi togliere a te stesso il ruolo Amministratore";

export interface UserFormProps {
  /** The user to edit; without it the form invites a new one. */
  id?: number;
  /** The logged-in admin: on their own form the Amministratore role cannot be unticked. */
  currentUserId?: number;
  onSaved?: (saved: UserAdminJson) => void;
  onClose: () => void;
}

/**
 * 'Invita utente' (e-mail, names, roles, colour; 'Invia invito' mails the /sign-in link) and
 * 'Modifica utente {nome}' (the e-mail is read-only; state and last access in the card's header).
 */
export function UserForm({ id, currentUserId, onSaved, onClose }: UserFormProps) {
  return (
    <EntityForm<typeof userAdminSchema, Loaded<UserAdminJson>>
      api={userApi}
      id={id}
      schema={userAdminSchema}
      size="lg"
      title={(entity) => (entity.id ? `Modifica utente ${entity.toString ?? ""}`.trim() : "Invita utente")}
      submitLabel={id ? "Salva" : "Invia invito"}
      onSaved={(saved) => onSaved?.(saved)}
      onClose={onClose}
    >
      {(form, _formData, { entity }) => <UserFormBody form={form} entity={entity} isSelf={entity.id !== null && entity.id === currentUserId} />}
    </EntityForm>
  );
}

function UserFormBody({ form, entity, isSelf }: { form: UserForm; entity: Loaded<UserAdminJson>; isSelf: boolean }) {
  const isNew = entity.id === null;
  return (
    <div className="flex flex-col gap-3">
      {!isNew && <UserState entity={entity} isSelf={isSelf} />}
      <div className="grid grid-cols-1 items-start gap-3 md:grid-cols-2">
        <Card title="Dati dell'utente" bodyClassName="flex flex-col gap-3">
          <FormField
            control={form.control}
            name="email"
            label="Email"
            required={isNew}
            hint={isNew ? "A questo indirizzo arriverà il link per scegliere la password, valido 7 giorni" : "L'email non si può modificare"}
            render={(field) => <Input {...field} value={(field.value as string) ?? ""} type="email" maxLength={254} readOnly={!isNew} autoComplete="off" />}
          />
          <FormField control={form.control} name="firstName" label="Nome" required render={(field) => <Input {...field} value={(field.value as string) ?? ""} maxLength={100} autoComplete="off" />} />
          <FormField control={form.control} name="lastName" label="Cognome" required render={(field) => <Input {...field} value={(field.value as string) ?? ""} maxLength={100} autoComplete="off" />} />
        </Card>
        <div className="flex flex-col gap-3">
          <Card title="Ruoli">
            <RolesField form={form} isSelf={isSelf} />
          </Card>
          <Card title="Colore">
            <FormField
              control={form.control}
              name="color"
              render={(field) => <ColorField value={field.value as string | undefined} onChange={field.onChange} onBlur={field.onBlur} aria-label="Colore dell'utente" />}
            />
          </Card>
        </div>
      </div>
    </div>
  );
}

/**
 * 'Attivo' / 'Disabilitato', 'Invito in attesa' or the last access; with two-factor login on, its badge and, on
 * another user's form, 'Disattiva autenticazione a due fattori' (phone and recovery codes lost).
 */
function UserState({ entity, isSelf }: { entity: Loaded<UserAdminJson>; isSelf: boolean }) {
  const [twoFactor, setTwoFactor] = useState(entity.twoFactorEnabled);
  const reset = async () => {
    const ok = await confirmDialog(`Disattivare l'autenticazione a due fattori di ${entity.toString ?? ""}? Al prossimo accesso basterà la password.`, { confirmLabel: "Disattiva", danger: true });
    if (!ok) return;
    try {
      void showSuccess(await apiPost(`${userApi.url}/two-factor/reset/${entity.id}`));
      setTwoFactor(false);
    } catch (e) {
      await showError(e);
    }
  };
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-gray-600" data-testid="user-state">
      {entity.active ? <StateBadge tone="green" label="Attivo" /> : <StateBadge tone="red" label="Disabilitato" />}
      {entity.invitationPending ? (
        <StateBadge tone="amber" label="Invito in attesa" title="Non ha ancora scelto la password" />
      ) : (
        <span>{entity.lastLoginAt ? `Ultimo accesso: ${formatDateTime(entity.lastLoginAt)}` : "Nessun accesso finora"}</span>
      )}
      {twoFactor && <StateBadge tone="violet" label="Autenticazione a due fattori" />}
      {twoFactor && !isSelf && (
        <Button type="button" size="sm" variant="secondary" onClick={() => void reset()}>
          Disattiva autenticazione a due fattori
        </Button>
      )}
    </p>
  );
}

/** The three roles as checkboxes, each with what it opens; at least one (the schema's message under them). */
function RolesField({ form, isSelf }: { form: UserForm; isSelf: boolean }) {
  const baseId = useId();
  return (
    <Controller
      control={form.control}
      name="roles"
      render={({ field, fieldState }) => {
        const value = ((field.value as Role[] | undefined) ?? []).filter((r) => ROLES.includes(r));
        const toggle = (role: Role, on: boolean) => field.onChange(ROLES.filter((r) => (r === role ? on : value.includes(r))));
        return (
          <fieldset className="flex flex-col gap-3" aria-describedby={fieldState.error ? `${baseId}-error` : undefined}>
            <legend className="sr-only">Ruoli</legend>
            {ROLE_CHOICES.map(({ role, label, hint }) => {
              const checked = value.includes(role);
              // the server refuses it too; here the box says so before saving
              const locked = isSelf && role === "ROLE_ADMIN" && checked;
              return (
                <div key={role} className="flex flex-col gap-0.5">
                  <Checkbox
                    name={field.name}
                    checked={checked}
                    disabled={locked}
                    onCheckedChange={(on) => toggle(role, on)}
                    onBlur={field.onBlur}
                    aria-describedby={`${baseId}-${role}`}
                    label={label}
                  />
                  <p id={`${baseId}-${role}`} className="pl-6 text-xs text-gray-500">
                    {locked ? OWN_ADMIN_ROLE_HINT : hint}
                  </p>
                </div>
              );
            })}
            {fieldState.error && (
              <p id={`${baseId}-error`} role="alert" className="text-xs font-medium text-danger-700">
                {fieldState.error.message ?? fieldState.error.root?.message}
              </p>
            )}
          </fieldset>
        );
      }}
    />
  );
}
