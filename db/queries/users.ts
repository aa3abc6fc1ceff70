import "server-only";
import { eq } from "drizzle-orm";
import type { TenantScope } from "@/db/scope";
import { users, type User } from "@/db/schema";
import { ValidationError } from "@/lib/errors";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { requireVersion } from "@/db/entity";
import { recordAuditEvent } from "./audit-events";
import { revokeUserSessions } from "./sessions";
import type { ProfileInput } from "@/lib/schemas/user";

/** The profile as the Profilo dialog and /api/users/get-profile show it (no hash, no tenant internals). */
export function toProfile(u: User) {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    color: u.color,
    roles: u.roles,
    version: u.version,
    /** Two-factor login is on (the secret and the recovery codes never leave the server after setup). */
    twoFactorEnabled: u.twoFactorEnabledAt !== null,
  };
}

export const USER_NOT_FOUND = "Utente non trovato";

export async function getUserOrThrow(scope: TenantScope, id: number): Promise<User> {
  return scope.getOrThrow(users, id, USER_NOT_FOUND);
}

export async function setProfile(scope: TenantScope, userId: number, input: ProfileInput): Promise<User> {
  // the version it read is required: two tabs saving the profile do not overwrite each other
  return scope.update(users, userId, requireVersion(input.version), {
    firstName: input.firstName,
    lastName: input.lastName,
    ...(input.color ? { color: input.color } : {}),
  });
}

export const WRONG_ACTUAL_PASSWORD = "La password attuale non è corretta";

/** A new password ends every other session of the user; the one that changed it stays. */
export async function changeMyPassword(scope: TenantScope, userId: number, sessionId: string, actual: string, next: string): Promise<void> {
  const user = await getUserOrThrow(scope, userId);
  if (!(await verifyPassword(user.passwordHash, actual))) throw new ValidationError([WRONG_ACTUAL_PASSWORD]);
  const hash = await hashPassword(next);
  await scope.transaction(async (tx) => {
    await tx.update(users, userId, undefined, { passwordHash: hash });
    await revokeUserSessions(tx.platform, userId, "password", sessionId);
    await recordAuditEvent(tx, { event: "password_changed", userId, address: user.email });
  });
}

export async function listUsers(scope: TenantScope): Promise<User[]> {
  return scope.list(users, { orderBy: users.lastName });
}

export async function findUserByEmail(scope: TenantScope, email: string): Promise<User | undefined> {
  const [u] = await scope.list(users, { where: eq(users.email, email), limit: 1 });
  return u;
}
