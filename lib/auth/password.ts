import { hash, verify } from "@node-rs/argon2";
export { isValidPassword, newPassword, PASSWORD_RULE_MESSAGE } from "@/lib/schemas/password";

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
