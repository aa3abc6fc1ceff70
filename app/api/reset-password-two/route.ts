// POST /api/reset-password-two — field "passwordReset" {token, passwordFirst, passwordSecond}: sets the new password.
import { findTokenUser, usePasswordToken } from "@/db/queries/accounts";
import { expectAuthNotification } from "@/lib/auth/session-cache";
import { readEntity } from "@/lib/api/body";
import { BadRequestError } from "@/lib/errors";
import { ok } from "@/lib/api/respond";
import { publicRoute } from "@/lib/api/route";
import { assertTokenAttemptsLeft, recordWrongToken } from "@/lib/auth/token-guard";
import { LINK_INVALID } from "@/lib/auth/messages";
import { passwordLinkSchema } from "@/lib/schemas/user";

export const POST = publicRoute(async ({ req, db, address }) => {
  const input = await readEntity(req, "passwordReset", passwordLinkSchema);
  await assertTokenAttemptsLeft(db, address);
  const owner = await findTokenUser(db, "reset", input.token);
  const told = owner ? await expectAuthNotification(`u:${owner.id}`) : async () => {};
  const user = await usePasswordToken(db, "reset", input.token, input.passwordFirst, address);
  // every session of the account is refused on every instance before the answer leaves
  await told();
  if (!user) {
    await recordWrongToken(db, address);
    throw new BadRequestError(LINK_INVALID);
  }
  return ok({ message: "Password aggiornata: ora puoi accedere con la nuova password" });
});
