// The signing certificate of Impostazioni › Fatturazione elettronica (issue 31; db/queries/sdi-channel-settings.ts):
// POST   /api/sdi-channel/certificate — multipart: file "certificate" (.p12/.pfx, ≤ 64 KB) + text "password";
//        opened with the password before anything is stored (wrong: 400 'Password del certificato errata')
//        → { status, message, settings }
// DELETE /api/sdi-channel/certificate → { status, message, settings }
import { deleteSigningCertificate, saveSigningCertificate } from "@/db/queries/sdi-channel-settings";
import { readForm } from "@/lib/api/body";
import { notInDemo } from "@/lib/api/demo";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { BadRequestError, PayloadTooLargeError } from "@/lib/errors";
import { MAX_CERTIFICATE_BYTES, SDI_CHANNEL_MESSAGES } from "@/lib/schemas/sdi-channel";

const post = guarded("ROLE_ADMIN", async ({ req, scope }) => {
  const form = await readForm(req, MAX_CERTIFICATE_BYTES + 64 * 1024);
  const file = form.get("certificate");
  const password = form.get("password");
  if (!(file instanceof Blob) || file.size === 0) throw new BadRequestError(SDI_CHANNEL_MESSAGES.certificateMissing);
  if (file.size > MAX_CERTIFICATE_BYTES) throw new PayloadTooLargeError(SDI_CHANNEL_MESSAGES.certificateTooLarge);
  if (typeof password !== "string" || password === "") throw new BadRequestError(SDI_CHANNEL_MESSAGES.certificatePasswordMissing);
  const settings = await saveSigningCertificate(scope, new Uint8Array(await file.arrayBuffer()), password);
  return ok({ message: "Certificato di firma salvato", settings });
});

const remove = guarded("ROLE_ADMIN", async ({ scope }) => ok({ message: "Certificato di firma rimosso", settings: await deleteSigningCertificate(scope) }));

export const POST = notInDemo(post);
export const DELETE = notInDemo(remove);
