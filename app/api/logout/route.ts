// GET /api/logout (demo user on /login) and POST /api/logout — ends the session; always succeeds.
import { signOut } from "@/lib/auth";
import { ok } from "@/lib/api/respond";
import { publicRoute } from "@/lib/api/route";

const logout = publicRoute(async () => {
  await signOut({ redirect: false });
  return ok({ message: "Logout effettuato" });
});

export const GET = logout;
export const POST = logout;
