// 'Prova connessione' of Impostazioni › Fatturazione elettronica (issue 31; lib/sdi/connection-check.ts):
// POST /api/sdi-channel/test-connection — optional field "settings" (the form's typed values, same shape as the save;
// an empty password uses the saved one); without it the saved settings are tried.
// → { status: "ok", message, results: [{ server: "SMTP"|"IMAP", ok, message }] } — the servers' failures are results, not errors.
import { loadSdiChannelSettings, savedMailPasswords } from "@/db/queries/sdi-channel-settings";
import { entityFromForm, readForm } from "@/lib/api/body";
import { notInDemo } from "@/lib/api/demo";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { checkPecConnection, type MailServerToCheck } from "@/lib/sdi/connection-check";
import { sdiChannelSettingsSchema } from "@/lib/schemas/sdi-channel";

const EMPTY: MailServerToCheck = { host: "", port: 0, secure: true, user: "", password: "" };

const post = guarded("ROLE_ADMIN", async ({ req, scope }) => {
  const form = await readForm(req);
  let smtp: MailServerToCheck;
  let imap: MailServerToCheck;
  if (form.has("settings")) {
    const typed = entityFromForm(form, "settings", sdiChannelSettingsSchema);
    const saved = await savedMailPasswords(scope);
    smtp = { ...typed.smtp, password: typed.smtp.password || saved.smtp };
    imap = { ...typed.imap, password: typed.imap.password || saved.imap };
  } else {
    const saved = await loadSdiChannelSettings(scope);
    smtp = saved?.smtp ?? EMPTY;
    imap = saved?.imap ?? EMPTY;
  }
  const results = await checkPecConnection(smtp, imap);
  return ok({ message: results.map((r) => r.message).join("\n"), results });
});
// the public demo reaches no outside server
export const POST = notInDemo(post);
