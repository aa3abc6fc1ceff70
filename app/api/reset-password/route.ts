// POST /api/reset-password — field "resetPassword" {email}: mails a single-use link valid one hour.
import { createPasswordToken, findUserByLogin } from "@/db/queries/accounts";
import { readEntity } from "@/lib/api/body";
import { appUrl } from "@/lib/api/links";
import { ok } from "@/lib/api/respond";
import { publicRoute } from "@/lib/api/route";
import { sendMail } from "@/lib/mail/mailer";
import { resetPasswordMail } from "@/lib/mail/templates";
import { RESET_SENT } from "@/lib/auth/messages";
import { resetRequestSchema } from "@/lib/schemas/user";

export const POST = publicRoute(async ({ req, db }) => {
  const { email } = await readEntity(req, "resetPassword", resetRequestSchema);
  const user = await findUserByLogin(db, email);
  // Same answer whether or not the address exists, so the form cannot be used to probe accounts.
  if (user && user.email === email.toLowerCase()) {
    const token = await createPasswordToken(db, user, "reset");
    await sendMail(db, { tenantId: user.tenantId, to: user.email, ...resetPasswordMail(`${appUrl(req)}/reset-password-two?token=${token}`) });
  }
  return ok({ message: RESET_SENT });
});
