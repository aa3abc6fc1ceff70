/** Who makes a call, as the user administration needs it (db/queries/users-admin.ts). */
import "server-only";
import type { UserAdminActor } from "@/db/queries/users-admin";
import type { CurrentUser } from "@/lib/auth/current-user";
import { appUrl } from "./links";

export function userAdminActor(req: Request, user: CurrentUser): UserAdminActor {
  return { id: user.id, sessionId: user.sessionId, name: `${user.firstName} ${user.lastName}`.trim() || user.email, baseUrl: appUrl(req) };
}
