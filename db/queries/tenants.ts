import "server-only";
import type { TenantScope } from "@/db/scope";
import type { Tenant } from "@/db/schema";
import { expiresInDays } from "@/lib/subscription";

/** GET /api/tenants/get-data: the tenant header data with the subscription figures. */
export async function getTenantData(scope: TenantScope) {
  const t = await scope.getTenant();
  return toTenantData(t);
}

export function toTenantData(t: Tenant) {
  return {
    id: t.id,
    denomination: t.denomination,
    demo: t.demo,
    hasLogo: t.logoThumb !== null,
    expireDate: t.expireDate,
    expiresInDays: expiresInDays(t.expireDate),
    isFree: t.isFree,
    version: t.version,
  };
}

export async function getLogoThumbBase64(scope: TenantScope): Promise<string | null> {
  const t = await scope.getTenant();
  return t.logoThumb ? t.logoThumb.toString("base64") : null;
}
