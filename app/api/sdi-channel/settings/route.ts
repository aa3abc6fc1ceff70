// Impostazioni › Fatturazione elettronica (issue 31; db/queries/sdi-channel-settings.ts):
// GET  /api/sdi-channel/settings → { status, settings } (no password, no certificate bytes: hasPassword, subject/expiry)
// POST /api/sdi-channel/settings — field "settings" (JSON; an empty password keeps the saved one) → { status, message, settings }
import { getSdiChannelSettings, saveSdiChannelSettings } from "@/db/queries/sdi-channel-settings";
import { SAVED_MESSAGE } from "@/db/entity";
import { readEntity } from "@/lib/api/body";
import { notInDemo } from "@/lib/api/demo";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { sdiChannelSettingsSchema } from "@/lib/schemas/sdi-channel";

export const GET = guarded("ROLE_ADMIN", async ({ scope }) => ok({ settings: await getSdiChannelSettings(scope) }));

const post = guarded("ROLE_ADMIN", async ({ req, scope }) => {
  const input = await readEntity(req, "settings", sdiChannelSettingsSchema);
  return ok({ message: SAVED_MESSAGE, settings: await saveSdiChannelSettings(scope, input) });
});
export const POST = notInDemo(post);
