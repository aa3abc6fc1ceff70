import { z } from "zod";
import { newPassword } from "@/lib/schemas/password";
import { colorHex, email, text, versionField } from "./fields";
import { rolesField } from "./user-admin";

/** Profilo dialog (POST /api/users/set-profile, field "user"). The username (e-mail) is read-only. */
export const profileSchema = z.object({
  firstName: text('Il campo "Nome" è richiesto', 100),
  lastName: text('Il campo "Cognome" è richiesto', 100),
  color: colorHex.optional(),
  version: versionField,
});
export type ProfileInput = z.infer<typeof profileSchema>;

export const PASSWORDS_DIFFER = "Le due nuove password non coincidono";

/** Password dialog (POST /api/users/change-my-password, field "passwordChangeAskMyDTO"). */
export const passwordChangeSchema = z
  .object({
    passwordActual: z.string({ error: 'Il campo "Password attuale" è richiesto' }).min(1, 'Il campo "Password attuale" è richiesto'),
    passwordFirst: newPassword("Nuova password"),
    passwordSecond: z.string({ error: 'Il campo "Ripeti la nuova password" è richiesto' }).min(1, 'Il campo "Ripeti la nuova password" è richiesto'),
  })
  .refine((v) => v.passwordFirst === v.passwordSecond, { message: PASSWORDS_DIFFER, path: ["passwordSecond"] });

/** Setting a password through a link (reset or invitation). */
export const passwordLinkSchema = z
  .object({
    token: z.string({ error: "Link non valido" }).min(1, "Link non valido").max(200, "Link non valido"),
    passwordFirst: newPassword("Nuova password"),
    passwordSecond: z.string({ error: 'Il campo "Ripeti la password" è richiesto' }).min(1, 'Il campo "Ripeti la password" è richiesto'),
  })
  .refine((v) => v.passwordFirst === v.passwordSecond, { message: PASSWORDS_DIFFER, path: ["passwordSecond"] });

export const loginSchema = z.object({
  username: text('Il campo "Username o email" è richiesto', 254),
  password: z.string({ error: 'Il campo "Password" è richiesto' }).min(1, 'Il campo "Password" è richiesto').max(200),
  /** The second factor (a TOTP or a recovery code) of a user with two-factor login on. */
  otp: z.string({ error: 'Il campo "Codice di verifica" non è valido' }).max(64, 'Il campo "Codice di verifica" non è valido').optional(),
});

export const signUpSchema = z
  .object({
    denomination: text('Il campo "Ragione sociale" è richiesto', 200),
    firstName: text('Il campo "Nome" è richiesto', 100),
    lastName: text('Il campo "Cognome" è richiesto', 100),
    email: email('Il campo "Email" è richiesto'),
    password: newPassword("Password"),
    passwordSecond: z.string({ error: 'Il campo "Ripeti la password" è richiesto' }).min(1, 'Il campo "Ripeti la password" è richiesto'),
    acceptTerms: z.literal(true, { error: "È necessario accettare le condizioni del servizio" }),
  })
  .refine((v) => v.password === v.passwordSecond, {
    message: "Le due password non coincidono",
    path: ["passwordSecond"],
    // checked as soon as both passwords are typed, whatever the other fields say (zod runs an object's refinement only
    // once every field is valid by default: the mismatch showed last, after the rest was fixed)
    when: (payload) => {
      const v = payload.value as { password?: unknown; passwordSecond?: unknown } | null;
      return typeof v?.password === "string" && typeof v.passwordSecond === "string" && v.passwordSecond !== "";
    },
  });

export const resetRequestSchema = z.object({ email: email('Il campo "Email" è richiesto') });

export const inviteSchema = z.object({
  email: email('Il campo "Email" è richiesto'),
  firstName: text('Il campo "Nome" è richiesto', 100),
  lastName: text('Il campo "Cognome" è richiesto', 100),
  roles: rolesField,
});
