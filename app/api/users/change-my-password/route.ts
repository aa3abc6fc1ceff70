// POST /api/users/change-my-password — field "passwordChangeAskMyDTO" {passwordActual, passwordFirst, passwordSecond}.
import { changeMyPassword } from "@/db/queries/users";
import { readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { expectAuthNotification } from "@/lib/auth/session-cache";
import { passwordChangeSchema } from "@/lib/schemas/user";
import { notInDemo } from "@/lib/api/demo";

const post = guarded(null, async ({ req, scope, user }) => {
  const input = await readEntity(req, "passwordChangeAskMyDTO", passwordChangeSchema);
  const told = await expectAuthNotification(`u:${user.id}`);
  await changeMyPassword(scope, user.id, user.sessionId, input.passwordActual, input.passwordFirst);
  // the other sessions are refused on every instance before the answer leaves
  await told();
  return ok({ message: "Password modificata" });
});
// the public demo: refused (lib/api/demo.ts)
export const POST = notInDemo(post);
