import "server-only";
import { eq } from "drizzle-orm";
import type { TenantScope } from "@/db/scope";
import { users, type Role, type User } from "@/db/schema";
import { createPasswordToken, findUserByLogin, normalizeLogin } from "@/db/queries/accounts";
import { sendMail } from "@/lib/mail/mailer";
import { invitationMail } from "@/lib/mail/templates";
import { ValidationError } from "@/lib/errors";
import { DUPLICATE_ACCOUNT } from "@/lib/auth/messages";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { requireVersion } from "@/db/entity";
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
  };
}

export async function getUserOrThrow(scope: TenantScope, id: number): Promise<User> {
  return scope.getOrThrow(users, id, "Utente non trovato");
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
  });
}

export async function listUsers(scope: TenantScope): Promise<User[]> {
  return scope.list(users, { orderBy: users.lastName });
}

export async function findUserByEmail(scope: TenantScope, email: string): Promise<User | undefined> {
  const [u] = await scope.list(users, { where: eq(users.email, email), limit: 1 });
  return u;
}

/** Adds a user to this tenant with no password and mails the /sign-in link to set one. */
export async function inviteUser(
  scope: TenantScope,
  input: { email: string; firstName: string; lastName: string; roles: Role[] },
  baseUrl: string,
  inviter: string,
): Promise<User> {
  const email = normalizeLogin(input.email);
  // logins are unique across tenants
  if (await findUserByLogin(scope.platform, email)) throw new ValidationError([DUPLICATE_ACCOUNT]);
  const invited = await scope.insert(users, { username: email, email, firstName: input.firstName, lastName: input.lastName, roles: input.roles });
  const token = await createPasswordToken(scope.platform, invited, "invite");
  const tenant = await scope.getTenant();
  await sendMail(scope.platform, {
    tenantId: scope.tenantId,
    to: email,
    ...invitationMail(`${baseUrl}/sign-in?token=${token}`, tenant.denomination, inviter),
  });
  return invited;
}
