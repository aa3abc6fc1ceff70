/**
 * Utenti (ROLE_ADMIN): the tenant's users. An admin invites a user by e-mail (the /sign-in link of
 * the invitation sets the password), edits names, roles and colour, disables and enables users and
 * sends the invitation again. The rules hold on the server, whoever calls:
 *
 * - nobody removes their own ROLE_ADMIN or disables themselves;
 * - a tenant keeps at least one active admin (enabled, ROLE_ADMIN, password chosen: someone who can
 *   log in). With the two rules above this can only break when two admins demote or disable each
 *   other at the same moment, so the check locks the tenant's active admins (SELECT … FOR UPDATE,
 *   in id order) inside the save's transaction: the second save waits, sees the first and is refused;
 * - a role change or a disable ends every session of that user at once (the session cache drops them
 *   through the triggers on users and sessions); enabling does not bring sessions back.
 *
 * Creating and updating go through the entity's standard operations (db/entity.ts), wrapped by
 * inviteUser/updateUser, which know who acts (hooks do not): the invitation names its sender and
 * links to the address of the request, and an admin changing their own roles keeps the session
 * making the change.
 */
import "server-only";
import { and, asc, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import { byText, defineEntity } from "@/db/entity";
import { users, type Role, type User } from "@/db/schema";
import { intEq, type TenantScope } from "@/db/scope";
import { ApiError, BadRequestError, ForbiddenError, TooManyRequestsError, ValidationError } from "@/lib/errors";
import { DUPLICATE_ACCOUNT } from "@/lib/auth/messages";
import { hitRateLimit, type RateLimit } from "@/lib/auth/rate-limit";
import { defineGrid } from "@/lib/grid/define";
import { sendMail } from "@/lib/mail/mailer";
import { invitationMail } from "@/lib/mail/templates";
import { ROLES } from "@/lib/schemas/roles";
import { NEW_USER_COLOR, ROLE_LABELS, USER_MESSAGES, userAdminResponse, userAdminSchema, userApi, type UserAdminInput, type UserAdminJson } from "@/lib/schemas/user-admin";
import { closePasswordLinks, createPasswordToken, findUserByLogin, normalizeLogin } from "./accounts";
import { recordAuditEvent } from "./audit-events";
import { TWO_FACTOR_OFF } from "./two-factor";
import { revokeUserSessions } from "./sessions";
import { getUserOrThrow, USER_NOT_FOUND } from "./users";

export const USER_ADMIN_MESSAGES = {
  ownAdminRole: "Non puoi togliere a te stesso il ruolo Amministratore",
  disableSelf: "Non puoi disabilitare il tuo utente",
  lastAdmin: "L'azienda deve avere almeno un amministratore attivo: questo utente è l'ultimo",
  emailReadOnly: "L'email di un utente non si può modificare: per un indirizzo diverso invita un nuovo utente",
  notDeletable: "Gli utenti non si eliminano: per togliere l'accesso disabilita l'utente",
  alreadyActive: "L'utente ha già scelto la sua password: l'invito non serve più",
  resendDisabled: "L'utente è disabilitato: abilitalo prima di inviare di nuovo l'invito",
  demo: "Nella demo non si possono invitare utenti",
  tooManyInvitations: (minutes: number) => `Troppi inviti in poco tempo: riprova tra ${minutes} minuti`,
  disabled: "Utente disabilitato: non può più accedere",
  enabled: "Utente abilitato",
  enabledPending: "Utente abilitato: invia di nuovo l'invito perché possa scegliere la password",
  invitationSent: (email: string) => `Invito inviato a ${email}: il link per scegliere la password vale 7 giorni`,
  invitationResent: (email: string) => `Nuovo invito inviato a ${email}: i link precedenti non valgono più`,
  twoFactorNotOn: "L'utente non ha attivato l'autenticazione a due fattori",
  twoFactorResetSelf: "La tua autenticazione a due fattori si disattiva dal Profilo, con un codice",
  twoFactorReset: "Autenticazione a due fattori disattivata: al prossimo accesso basterà la password, e l'utente potrà attivarla di nuovo dal Profilo",
} as const;

/**
 * Invitation mails a tenant may send in an hour (new users and resends): the public demo is refused
 * outright, and a signed-up tenant cannot turn the product into a mailer for arbitrary addresses.
 */
export const INVITATIONS_PER_TENANT: RateLimit = { max: 30, windowSeconds: 3600 };

/** Who acts on the users: the rules about oneself, the invitation's sender and links. */
export interface UserAdminActor {
  id: number;
  /** The session of the call: kept when the actor changes their own roles. */
  sessionId: string;
  /** Shown in the invitation ("Mario Rossi ti ha invitato…"). */
  name: string;
  /** Base URL of the invitation link (lib/api/links.ts appUrl). */
  baseUrl: string;
}

const roleCondition = (role: Role) => sql`${users.roles} @> ${sql.raw(`'["${role}"]'::jsonb`)}`;

/** 'Utente, Amministrazione, Amministratore': the roles as the grid shows, sorts, filters and exports them. */
const rolesText = sql<string>`concat_ws(', ', ${sql.join(
  ROLES.map((r) => sql`case when ${roleCondition(r)} then ${sql.raw(`'${ROLE_LABELS[r]}'`)} end`),
  sql`, `,
)})`;

/** Users who can log in and administer: enabled, ROLE_ADMIN, password chosen. */
const activeAdmin: SQL = and(eq(users.disabled, false), isNotNull(users.passwordHash), roleCondition("ROLE_ADMIN"))!;

export function isActiveAdmin(u: Pick<User, "disabled" | "passwordHash" | "roles">): boolean {
  return !u.disabled && u.passwordHash !== null && u.roles.includes("ROLE_ADMIN");
}

export function userToString(u: Pick<User, "firstName" | "lastName" | "email">): string {
  return `${u.firstName} ${u.lastName}`.trim() || u.email;
}

/** Utenti grid (GET /api/users). */
export const usersGrid = defineGrid({
  name: "users",
  table: users,
  defaultSort: [
    { colId: "lastName", sort: "asc" },
    { colId: "firstName", sort: "asc" },
  ],
  exportFileName: "utenti",
  columns: [
    { field: "id", header: "Id", type: "integer", sql: users.id, hidden: true, width: 80 },
    { field: "firstName", header: "Nome", type: "text", sql: users.firstName, searchable: true, fixed: true, width: 110 },
    { field: "lastName", header: "Cognome", type: "text", sql: users.lastName, searchable: true, fixed: true, width: 120 },
    { field: "email", header: "Email", type: "text", sql: users.email, searchable: true, width: 200 },
    { field: "roles", header: "Ruoli", type: "text", sql: rolesText, width: 265 },
    // the state before the colour: at 1366 px with the side menu open the last column may need a scroll
    { field: "active", header: "Attivo", type: "boolean", sql: sql<boolean>`(not ${users.disabled})`, width: 80 },
    { field: "invitationPending", header: "Invito in attesa", type: "boolean", sql: sql<boolean>`(${users.passwordHash} is null)`, width: 135 },
    { field: "lastLoginAt", header: "Ultimo accesso", type: "datetime", sql: users.lastLoginAt, width: 135 },
    // a swatch on the client (components/users/users-grid.tsx); a hex code says nothing in a spreadsheet
    { field: "color", header: "Colore", type: "text", sql: users.color, sortable: false, filterable: false, exportable: false, width: 70 },
    { field: "createdAt", header: "Data inserimento", type: "datetime", sql: users.createdAt, hidden: true, width: 160 },
  ],
});

/**
 * Locks the tenant's active admins (id order, so two savers never wait on each other crosswise) and
 * refuses with a 409 when none would be left besides `userId`. Under READ COMMITTED a save that
 * waited here re-reads the rows the other one changed, so it counts what that one committed.
 */
async function keepAnActiveAdmin(tx: TenantScope, userId: number): Promise<void> {
  const admins = (await tx.select({ id: users.id }).from(users).where(activeAdmin).orderBy(asc(users.id)).for("update")) as { id: number }[];
  if (!admins.some((a) => a.id !== userId)) throw new ApiError(409, USER_ADMIN_MESSAGES.lastAdmin);
}

/** 'Utente, Amministratore': roles in words, for the audit log. */
function rolesLabel(roles: readonly Role[]): string {
  return ROLES.filter((r) => roles.includes(r)).map((r) => ROLE_LABELS[r]).join(", ") || "nessuno";
}

function sameRoles(a: readonly Role[], b: readonly Role[]): boolean {
  return a.length === b.length && a.every((r) => b.includes(r));
}

export const userEntity = defineEntity({
  api: userApi,
  role: "ROLE_ADMIN",
  table: users,
  input: userAdminSchema,
  response: userAdminResponse,
  grid: usersGrid,
  label: userToString,
  messages: {
    notFound: USER_NOT_FOUND,
    // two invitations of one address at the same moment: the unique index decides
    unique: { users_email_key: DUPLICATE_ACCOUNT, users_username_key: DUPLICATE_ACCOUNT },
  },
  values: (i, existing) =>
    existing
      ? { firstName: i.firstName, lastName: i.lastName, roles: i.roles, ...(i.color ? { color: i.color.toLowerCase() } : {}) }
      : { username: normalizeLogin(i.email!), email: normalizeLogin(i.email!), firstName: i.firstName, lastName: i.lastName, roles: i.roles, color: (i.color ?? NEW_USER_COLOR).toLowerCase() },
  json: (u) => ({
    id: u.id,
    version: u.version,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    roles: u.roles,
    color: u.color,
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
    active: !u.disabled,
    invitationPending: u.passwordHash === null,
    twoFactorEnabled: u.twoFactorEnabledAt !== null,
    rowColor: null,
    toString: userToString(u),
  }),
  draft: () => ({ email: "", firstName: "", lastName: "", roles: ["ROLE_USER"], color: NEW_USER_COLOR, lastLoginAt: null, active: true, invitationPending: true, twoFactorEnabled: false }),
  // the user filters of the time-entry list and the reports
  selectable: {
    search: (t) => sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email}) ilike ${t.contains}`,
    orderBy: [byText(users.lastName), byText(users.firstName)],
  },
  hooks: {
    async beforeWrite(tx, input, existing) {
      if (!existing) {
        if (!input.email) throw new ValidationError([USER_MESSAGES.email]);
        await assertMayInvite(tx);
        // logins are unique across tenants
        if (await findUserByLogin(tx.platform, input.email)) throw new ValidationError([DUPLICATE_ACCOUNT]);
        return;
      }
      if (input.email !== undefined && normalizeLogin(input.email) !== existing.email) throw new ValidationError([USER_ADMIN_MESSAGES.emailReadOnly]);
      if (isActiveAdmin(existing) && !input.roles.includes("ROLE_ADMIN")) await keepAnActiveAdmin(tx, existing.id);
    },
    async beforeDelete() {
      throw new ApiError(409, USER_ADMIN_MESSAGES.notDeletable);
    },
  },
  example: { firstName: "Sara", lastName: "Esempio", email: "sara.esempio@example.it", roles: ["ROLE_USER"], color: "#c8efc4" },
  // e-mails are unique across tenants: every saved example needs its own
  freshExample: () => ({ firstName: "Sara", lastName: "Esempio", email: `sara.esempio.${crypto.randomUUID()}@example.it`, roles: ["ROLE_USER"], color: "#c8efc4" }),
});

/** No invitations from the public demo, and at most INVITATIONS_PER_TENANT an hour (counted inside the save: a refused one does not count). */
async function assertMayInvite(tx: TenantScope): Promise<void> {
  if ((await tx.getTenant()).demo) throw new ForbiddenError(USER_ADMIN_MESSAGES.demo);
  const limit = await hitRateLimit(tx.platform, `invite:t:${tx.tenantId}`, INVITATIONS_PER_TENANT);
  if (limit.exceeded) throw new TooManyRequestsError(USER_ADMIN_MESSAGES.tooManyInvitations(Math.ceil(limit.retryAfter / 60)));
}

/** A new /sign-in link for the user, mailed in the name of the actor. */
async function sendInvitation(tx: TenantScope, user: User, actor: UserAdminActor): Promise<void> {
  const token = await createPasswordToken(tx.platform, user, "invite");
  const tenant = await tx.getTenant();
  await sendMail(tx.platform, { tenantId: tx.tenantId, to: user.email, ...invitationMail(`${actor.baseUrl}/sign-in?token=${token}`, tenant.denomination, actor.name) });
}

/**
 * POST /api/users (and /api/users/invite): adds the user with no password and mails the /sign-in
 * link, in one transaction. Returns the saved row.
 */
export async function inviteUser(scope: TenantScope, actor: UserAdminActor, input: UserAdminInput): Promise<User> {
  return scope.transaction(async (tx) => {
    const saved = await userEntity.create(tx, input);
    const user = await getUserOrThrow(tx, saved.id);
    await sendInvitation(tx, user, actor);
    await recordAuditEvent(tx, { event: "user_invited", address: user.email, detail: `Ruoli: ${rolesLabel(user.roles)}` });
    return user;
  });
}

/** POST /api/users/{id}: names, roles, colour (version required). A role change ends the user's sessions. */
export async function updateUser(scope: TenantScope, actor: UserAdminActor, id: number, input: UserAdminInput): Promise<UserAdminJson> {
  if (id === actor.id && !input.roles.includes("ROLE_ADMIN")) throw new ValidationError([USER_ADMIN_MESSAGES.ownAdminRole]);
  return scope.transaction(async (tx) => {
    const before = await getUserOrThrow(tx, id);
    const saved = await userEntity.update(tx, id, input);
    // the actor's own session stays (as after a password change): the menu follows the new roles at once
    if (!sameRoles(before.roles, saved.roles)) {
      await revokeUserSessions(tx.platform, id, "roles", id === actor.id ? actor.sessionId : undefined);
      await recordAuditEvent(tx, { event: "role_changed", address: before.email, detail: `${rolesLabel(before.roles)} → ${rolesLabel(saved.roles)}` });
    }
    return saved;
  });
}

/**
 * POST /api/users/disable/{id} and /enable/{id} (no version: a switch of the list). Disabling ends
 * the user's sessions and closes their open password links; enabling brings neither back.
 */
export async function setUserDisabled(scope: TenantScope, actor: UserAdminActor, id: number, disabled: boolean): Promise<{ message: string; user: UserAdminJson }> {
  if (disabled && id === actor.id) throw new BadRequestError(USER_ADMIN_MESSAGES.disableSelf);
  return scope.transaction(async (tx) => {
    const user = await getUserOrThrow(tx, id);
    if (disabled && isActiveAdmin(user)) await keepAnActiveAdmin(tx, id);
    const saved = await tx.update(users, id, undefined, { disabled });
    if (disabled !== user.disabled) await recordAuditEvent(tx, { event: disabled ? "user_disabled" : "user_enabled", address: user.email });
    if (disabled) {
      await revokeUserSessions(tx.platform, id, "disabled");
      await closePasswordLinks(tx.platform, saved);
    }
    const message = disabled ? USER_ADMIN_MESSAGES.disabled : saved.passwordHash === null ? USER_ADMIN_MESSAGES.enabledPending : USER_ADMIN_MESSAGES.enabled;
    return { message, user: await userEntity.toJson(tx, saved) };
  });
}

/**
 * POST /api/users/two-factor/reset/{id}: an administrator turns off another user's two-factor login (the phone and
 * the recovery codes lost: the way back Fatture in Cloud and Aruba also give through an administrator); the secret
 * and the codes are forgotten, recorded in the audit log in the same transaction. One's own goes from the profile,
 * with a code. The version is not moved (like disable/enable: a switch, not an edit of the form).
 */
export async function resetUserTwoFactor(scope: TenantScope, actor: UserAdminActor, id: number): Promise<{ message: string; user: UserAdminJson }> {
  if (id === actor.id) throw new BadRequestError(USER_ADMIN_MESSAGES.twoFactorResetSelf);
  return scope.transaction(async (tx) => {
    const user = await getUserOrThrow(tx, id);
    if (!user.twoFactorEnabledAt) throw new BadRequestError(USER_ADMIN_MESSAGES.twoFactorNotOn);
    await tx.updateWhere(users, intEq(users.id, id), TWO_FACTOR_OFF);
    await recordAuditEvent(tx, { event: "two_factor_off", address: user.email, detail: "Disattivata da un amministratore" });
    return { message: USER_ADMIN_MESSAGES.twoFactorReset, user: await userEntity.toJson(tx, await getUserOrThrow(tx, id)) };
  });
}

/** POST /api/users/resend-invitation/{id}: a new link (the older ones stop working), only while no password is set. */
export async function resendInvitation(scope: TenantScope, actor: UserAdminActor, id: number): Promise<{ message: string; user: UserAdminJson }> {
  return scope.transaction(async (tx) => {
    const user = await getUserOrThrow(tx, id);
    if (user.passwordHash !== null) throw new ApiError(409, USER_ADMIN_MESSAGES.alreadyActive);
    if (user.disabled) throw new ApiError(409, USER_ADMIN_MESSAGES.resendDisabled);
    await assertMayInvite(tx);
    await closePasswordLinks(tx.platform, user, "invite");
    await sendInvitation(tx, user, actor);
    await recordAuditEvent(tx, { event: "user_invited", address: user.email, detail: "Invito inviato di nuovo" });
    return { message: USER_ADMIN_MESSAGES.invitationResent(user.email), user: await userEntity.toJson(tx, user) };
  });
}
