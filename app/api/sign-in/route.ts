// POST /api/sign-in — field "passwordSet" {token, passwordFirst, passwordSecond}: an invited user sets a password and enters.
import { usePasswordToken } from "@/db/queries/accounts";
import { signIn } from "@/lib/auth";
import { readEntity } from "@/lib/api/body";
import { BadRequestError } from "@/lib/errors";
import { ok } from "@/lib/api/respond";
import { publicRoute } from "@/lib/api/route";
import { assertTokenAttemptsLeft, recordWrongToken } from "@/lib/auth/token-guard";
import { INVITE_LINK_INVALID } from "@/lib/auth/messages";
import { passwordLinkSchema } from "@/lib/schemas/user";

export const POST = publicRoute(async ({ req, db, address }) => {
  const input = await readEntity(req, "passwordSet", passwordLinkSchema);
  await assertTokenAttemptsLeft(db, address);
  const user = await usePasswordToken(db, "invite", input.token, input.passwordFirst, address);
  if (!user) {
    await recordWrongToken(db, address);
    throw new BadRequestError(INVITE_LINK_INVALID);
  }
  await signIn("credentials", { username: user.username, password: input.passwordFirst, redirect: false });
  return ok({ message: "Benvenuto! La password è stata impostata" });
});
