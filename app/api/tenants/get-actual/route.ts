// GET /api/tenants/get-actual — the settings of the own tenant (no logo bytes) and the form's choices: { tenant, formData }.
import { getActualTenant } from "@/db/queries/tenant-settings";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded("ROLE_ADMIN", async ({ scope }) => ok(await getActualTenant(scope)));
