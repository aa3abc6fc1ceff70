// POST /api/confirm-email — field "confirmEmail" {token}: the sign-up's confirmation link (once); the address counts as confirmed.
import { z } from "zod";
import { confirmEmailAddress } from "@/db/queries/accounts";
import { EMAIL_CONFIRMATION_MESSAGES } from "@/db/queries/email-confirmation";
import { readEntity } from "@/lib/api/body";
import { BadRequestError } from "@/lib/errors";
import { ok } from "@/lib/api/respond";
import { publicRoute } from "@/lib/api/route";
import { assertTokenAttemptsLeft, recordWrongToken } from "@/lib/auth/token-guard";

const confirmEmailSchema = z.object({ token: z.string().max(200, EMAIL_CONFIRMATION_MESSAGES.linkInvalid) });

export const POST = publicRoute(async ({ req, db, address }) => {
  const { token } = await readEntity(req, "confirmEmail", confirmEmailSchema);
  // guessing tokens is slowed as for the password links
  await assertTokenAttemptsLeft(db, address);
  const user = await confirmEmailAddress(db, token);
  if (!user) {
    await recordWrongToken(db, address);
    throw new BadRequestError(EMAIL_CONFIRMATION_MESSAGES.linkInvalid);
  }
  return ok({ message: EMAIL_CONFIRMATION_MESSAGES.confirmed });
});
