// DELETE /api/tenants/delete-logo — removes the logo and its thumbnail (irreversible): { status, message }.
import { deleteLogo } from "@/db/queries/tenant-settings";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { notInDemo } from "@/lib/api/demo";

const remove = guarded("ROLE_ADMIN", async ({ scope }) => {
  await deleteLogo(scope);
  return ok({ message: "Logo eliminato" });
});
// the public demo: refused (lib/api/demo.ts)
export const DELETE = notInDemo(remove);
