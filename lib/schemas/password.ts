import { z } from "zod";

export const PASSWORD_RULE_MESSAGE =
  "La password deve essere lunga almeno 6 caratteri e contenere almeno un numero e una lettera";

/** At least 6 characters with at least one digit and one letter (spec section 9). Shared by forms and handlers. */
export function isValidPassword(password: string): boolean {
  return password.length >= 6 && /\d/.test(password) && /\p{L}/u.test(password);
}

/** A new password field; an empty one names its field ('Il campo "Nuova password" è richiesto'). */
export function newPassword(label: string) {
  const required = `Il campo "${label}" è richiesto`;
  return z.string({ error: required }).min(1, required).max(200, "Password troppo lunga").refine(isValidPassword, PASSWORD_RULE_MESSAGE);
}
