// POST /api/users/change-my-password — field "passwordChangeAskMyDTO" {passwordActual, passwordFirst, passwordSecond}.
import { changeMyPassword } from "@/db/queries/users";
import { readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { passwordChangeSchema } from "@/lib/schemas/user";

export const POST = guarded(null, async ({ req, scope, user }) => {
  const input = await readEntity(req, "passwordChangeAskMyDTO", passwordChangeSchema);
  await changeMyPassword(scope, user.id, user.sessionId, input.passwordActual, input.passwordFirst);
  return ok({ message: "Password modificata" });
});
