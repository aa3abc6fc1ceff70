// POST /api/sign-up — field "signUp": creates a tenant with its administrator and a trial, then logs in.
import { createTenantWithAdmin, DuplicateLoginError, TRIAL_DAYS } from "@/db/queries/accounts";
import { signIn } from "@/lib/auth";
import { readEntity } from "@/lib/api/body";
import { TooManyRequestsError, ValidationError } from "@/lib/errors";
import { hitRateLimit, LIMITS } from "@/lib/auth/rate-limit";
import { ok } from "@/lib/api/respond";
import { publicRoute } from "@/lib/api/route";
import { DUPLICATE_ACCOUNT, TOO_MANY_SIGN_UPS } from "@/lib/auth/messages";
import { signUpSchema } from "@/lib/schemas/user";

export const POST = publicRoute(async ({ req, db, address }) => {
  const input = await readEntity(req, "signUp", signUpSchema);
  // generous (an office signs up its people from one address), but no address-probing at full speed
  const limit = await hitRateLimit(db, `signup:ip:${address}`, LIMITS.signUpPerAddress);
  if (limit.exceeded) throw new TooManyRequestsError(TOO_MANY_SIGN_UPS(Math.ceil(limit.retryAfter / 60)));
  try {
    await createTenantWithAdmin(db, { ...input, password: input.password });
  } catch (err) {
    if (err instanceof DuplicateLoginError) throw new ValidationError([DUPLICATE_ACCOUNT]);
    throw err;
  }
  await signIn("credentials", { username: input.email, password: input.password, redirect: false });
  return ok({
    message: "Registrazione completata",
    dialogMessage: `Benvenuto! Hai ${TRIAL_DAYS} giorni di prova gratuita, senza carta di credito.`,
  });
});
