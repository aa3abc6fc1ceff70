// GET /api/tenants/get-data — the tenant with expiresInDays and isFree.
import { getTenantData } from "@/db/queries/tenants";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded(null, async ({ scope }) => ok({ tenant: await getTenantData(scope) }));
