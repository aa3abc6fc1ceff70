import { cache } from "react";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { tenants, users, type Role } from "@/db/schema";
import { toProfile } from "@/db/queries/users";
import { auth } from "./index";

export interface CurrentUser {
  id: number;
  tenantId: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  color: string;
  roles: Role[];
  version: number;
  tenant: { id: number; denomination: string; demo: boolean; hasLogo: boolean; expireDate: string; isFree: boolean };
}

/**
 * The user of the current request, read fresh from the database (roles changed by an admin apply
 * at once; a deleted user is logged out). Null when nobody is logged in.
 */
export const getCurrentUser = cache(loadCurrentUser);

async function loadCurrentUser(): Promise<CurrentUser | null> {
  const session = await auth();
  const id = Number(session?.user?.id);
  const tenantId = Number(session?.user?.tenantId);
  if (!Number.isSafeInteger(id) || !Number.isSafeInteger(tenantId) || id <= 0) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      user: users,
      tenant: {
        id: tenants.id,
        denomination: tenants.denomination,
        demo: tenants.demo,
        hasLogo: sql<boolean>`${tenants.logoThumb} is not null`,
        expireDate: tenants.expireDate,
        isFree: tenants.isFree,
      },
    })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.id, id), eq(users.tenantId, tenantId)));
  if (!row) return null;
  return {
    ...toProfile(row.user),
    tenantId: row.user.tenantId,
    tenant: { ...row.tenant, hasLogo: Boolean(row.tenant.hasLogo) },
  };
}

export function hasRole(user: Pick<CurrentUser, "roles"> | null, role: Role | null | undefined): boolean {
  if (!role) return true;
  return Boolean(user?.roles.includes(role));
}
