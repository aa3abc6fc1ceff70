import { z } from "zod";
import { defineApi, recordFields } from "./entity";
import { colorHex, email, text, versionField } from "./fields";
import { ROLES, type Role } from "./roles";

/** Utenti (ROLE_ADMIN): GET/POST /api/users…, JSON field "user"; users carry no row colour. */
export const userApi = defineApi({ field: "user", url: "/api/users", table: "users" });

export const USER_MESSAGES = {
  email: 'Il campo "Email" è richiesto',
  firstName: 'Il campo "Nome" è richiesto',
  lastName: 'Il campo "Cognome" è richiesto',
  roles: "Scegliere almeno un ruolo",
  role: "Ruolo non valido",
} as const;

/**
 * The three roles as the Utenti form and grid name them, with what each opens (lib/navigation.ts:
 * every section needs ROLE_USER on top of its own role).
 */
export const ROLE_CHOICES: readonly { role: Role; label: string; hint: string }[] = [
  { role: "ROLE_USER", label: "Utente", hint: "Sezioni: anagrafica, lavori, agenda e impegni" },
  { role: "ROLE_DOCUMENT", label: "Amministrazione", hint: "Fatture, scadenziario e tabelle" },
  { role: "ROLE_ADMIN", label: "Amministratore", hint: "Statistiche, impostazioni e utenti" },
];

export const ROLE_LABELS: Readonly<Record<Role, string>> = Object.fromEntries(ROLE_CHOICES.map((c) => [c.role, c.label])) as Record<Role, string>;

/** At least one of the three roles; repeats dropped, kept in the order of ROLES. */
export const rolesField = z
  .array(z.enum(ROLES, { error: USER_MESSAGES.role }), { error: USER_MESSAGES.roles })
  .min(1, USER_MESSAGES.roles)
  .max(ROLES.length * 2, USER_MESSAGES.role)
  .transform((roles) => ROLES.filter((r) => roles.includes(r)));

/** The colour of a new user (a tone of the palette the form offers). */
export const NEW_USER_COLOR = "#c3dcf7";

/**
 * Utente form (POST /api/users[/{id}], field "user"). Creating invites the e-mail (required then);
 * afterwards the e-mail is read-only: an update may repeat it or leave it out, not change it.
 */
export const userAdminSchema = z.object({
  email: email(USER_MESSAGES.email)
    .transform((v) => v.toLowerCase())
    .optional(),
  firstName: text(USER_MESSAGES.firstName, 100),
  lastName: text(USER_MESSAGES.lastName, 100),
  roles: rolesField,
  color: colorHex.optional(),
  version: versionField,
});
export type UserAdminInput = z.infer<typeof userAdminSchema>;

/**
 * A user as the Utenti calls answer it: no password, no hash. `active` is "not disabled";
 * `invitationPending` is "invited, no password chosen yet"; lastLoginAt is an ISO timestamp.
 */
export const userAdminResponse = z.object({
  ...recordFields,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(z.enum(ROLES)),
  color: z.string(),
  lastLoginAt: z.string().nullable(),
  active: z.boolean(),
  invitationPending: z.boolean(),
  /** Two-factor login turned on (an administrator can turn it off for a user who lost the phone and the codes). */
  twoFactorEnabled: z.boolean(),
});
export type UserAdminJson = z.infer<typeof userAdminResponse>;
