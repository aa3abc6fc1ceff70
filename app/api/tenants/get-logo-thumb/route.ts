// GET /api/tenants/get-logo-thumb — the logo thumbnail (JPEG, at most 200x70) as base64, or null.
import { getLogoThumbBase64 } from "@/db/queries/tenants";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded(null, async ({ scope }) => {
  const base64 = await getLogoThumbBase64(scope);
  return ok({ base64, contentType: base64 ? "image/jpeg" : null });
});
