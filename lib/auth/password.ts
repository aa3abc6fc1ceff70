import { hash, verify } from "@node-rs/argon2";
import { z } from "zod";

export const PASSWORD_RULE_MESSAGE =
  "La password deve essere lunga almeno 6 caratteri e contenere almeno un numero e una lettera";

/** At least 6 characters with at least one digit and one letter (spec section 9). */
export function isValidPassword(password: string): boolean {
  return password.length >= 6 && /\d/.test(password) && /\p{L}/u.test(password);
}

export const newPasswordSchema = z
  .string({ error: "Il campo è richiesto" })
  .min(1, "Il campo è richiesto")
  .refine(isValidPassword, PASSWORD_RULE_MESSAGE);

// argon2id (the library's default algorithm), OWASP-recommended parameters.
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
