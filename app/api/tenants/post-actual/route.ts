// POST /api/tenants/post-actual — multipart: field "tenant" (JSON, version required) + optional file "logoContent"; returns { status, message, tenant }.
import { MAX_LOGO_BYTES, processLogo, saveActualTenant } from "@/db/queries/tenant-settings";
import { SAVED_MESSAGE } from "@/db/entity";
import { entityFromForm, readForm } from "@/lib/api/body";
import { BadRequestError, PayloadTooLargeError } from "@/lib/errors";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { tenantSettingsSchema } from "@/lib/schemas/tenant";
import { notInDemo } from "@/lib/api/demo";

/** Room for the JSON field and the multipart envelope around a 30 MB image. */
const MAX_BODY = MAX_LOGO_BYTES + 2 * 1024 * 1024;

const post = guarded("ROLE_ADMIN", async ({ req, scope }) => {
  const form = await readForm(req, MAX_BODY);
  const input = entityFromForm(form, "tenant", tenantSettingsSchema);
  const file = form.get("logoContent");
  if (file !== null && typeof file === "string" && file !== "") throw new BadRequestError('Il campo "logoContent" deve essere un file');
  let logo = null;
  if (file instanceof Blob && file.size > 0) {
    if (file.size > MAX_LOGO_BYTES) throw new PayloadTooLargeError();
    logo = await processLogo(new Uint8Array(await file.arrayBuffer()));
  }
  const tenant = await saveActualTenant(scope, input, logo);
  return ok({ message: SAVED_MESSAGE, tenant });
});
// the public demo: refused (lib/api/demo.ts)
export const POST = notInDemo(post);
