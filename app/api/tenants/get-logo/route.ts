// GET /api/tenants/get-logo — the stored logo (JPEG, longest side ≤ 1600 px) as { base64, contentType }, or nulls.
import { getLogo } from "@/db/queries/tenant-settings";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded("ROLE_ADMIN", async ({ scope }) => ok(await getLogo(scope)));
