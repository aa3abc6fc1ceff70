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
import { hitRateLimit, LIMITS } from "@/lib/auth/rate-limit";
import { refuseInDemo } from "@/lib/api/demo";
import { tenants } from "@/db/schema";
import { eq } from "drizzle-orm";

export const POST = publicRoute(async ({ req, db, address }) => {
  const { email } = await readEntity(req, "resetPassword", resetRequestSchema);
  const user = await findUserByLogin(db, email);
  // the public demo's address is printed on the login page: its reset is refused outright (nothing to probe)
  if (user) refuseInDemo({ tenant: (await db.select({ demo: tenants.demo }).from(tenants).where(eq(tenants.id, user.tenantId)))[0] ?? { demo: false } });
  // Same answer whether or not the address exists, or a limit is reached, so the form cannot be used
  // to probe accounts or to flood a mailbox: past a few requests per account and per client address
  // an hour, no mail leaves.
  const byAddress = await hitRateLimit(db, `reset:ip:${address}`, LIMITS.resetPerAddress);
  const byAccount = user ? await hitRateLimit(db, `reset:u:${user.id}`, LIMITS.resetPerAccount) : undefined;
  if (user && user.email === email.toLowerCase() && !byAddress.exceeded && !byAccount?.exceeded) {
    const token = await createPasswordToken(db, user, "reset");
    // an account flow: outside the tenant's e-mail ceiling (its own limits are above)
    await sendMail(db, { tenantId: user.tenantId, to: user.email, ...resetPasswordMail(`${appUrl(req)}/reset-password-two?token=${token}`) }, { limited: false });
  }
  return ok({ message: RESET_SENT });
});
