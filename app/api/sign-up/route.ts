// POST /api/sign-up — field "signUp": creates a tenant with its administrator and a trial, mails the address's
// confirmation link (/confirm-email: until it is opened no mail to customers and no order), then logs in.
import { createPasswordToken, createTenantWithAdmin, DuplicateLoginError, TRIAL_DAYS } from "@/db/queries/accounts";
import { appUrl } from "@/lib/api/links";
import { sendMail } from "@/lib/mail/mailer";
import { confirmEmailMail } from "@/lib/mail/templates";
import { signIn } from "@/lib/auth";
import { readEntity } from "@/lib/api/body";
import { TooManyRequestsError, ValidationError } from "@/lib/errors";
import { hitRateLimit, LIMITS, signUpLimitKey } from "@/lib/auth/rate-limit";
import { ok } from "@/lib/api/respond";
import { publicRoute } from "@/lib/api/route";
import { DUPLICATE_ACCOUNT, TOO_MANY_SIGN_UPS } from "@/lib/auth/messages";
import { signUpSchema } from "@/lib/schemas/user";

export const POST = publicRoute(async ({ req, db, address }) => {
  const input = await readEntity(req, "signUp", signUpSchema);
  // generous (an office signs up its people from one address), but no address-probing at full speed; a sign-up
  // whose address gets confirmed gives its slot back (accounts.ts confirmEmailAddress)
  const limit = await hitRateLimit(db, signUpLimitKey(address), LIMITS.signUpPerAddress);
  if (limit.exceeded) throw new TooManyRequestsError(TOO_MANY_SIGN_UPS(Math.ceil(limit.retryAfter / 60)));
  let admin;
  try {
    ({ admin } = await createTenantWithAdmin(db, { ...input, password: input.password, emailConfirmed: false }));
  } catch (err) {
    if (err instanceof DuplicateLoginError) throw new ValidationError([DUPLICATE_ACCOUNT]);
    throw err;
  }
  // an account flow (the sign-up's own per-address limit above): outside the tenant's e-mail ceiling
  const token = await createPasswordToken(db, admin, "confirm");
  await sendMail(db, { tenantId: admin.tenantId, to: admin.email, ...confirmEmailMail(`${appUrl(req)}/confirm-email?token=${token}`) }, { limited: false });
  await signIn("credentials", { username: input.email, password: input.password, redirect: false });
  return ok({
    message: "Registrazione completata",
    dialogMessage: `Benvenuto! Hai ${TRIAL_DAYS} giorni di prova gratuita, senza carta di credito. Ti abbiamo inviato un link per confermare l'indirizzo e-mail: serve per inviare e-mail ai clienti e acquistare la licenza.`,
  });
});
