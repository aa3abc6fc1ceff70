// POST /api/login — username or e-mail + password (+ otp when two-factor is on: else 401 with twoFactorRequired); sets the session cookie.
import { CredentialsSignin, signIn } from "@/lib/auth";
import { readForm, validate } from "@/lib/api/body";
import { TooManyRequestsError, UnauthorizedError } from "@/lib/errors";
import { fail, ok } from "@/lib/api/respond";
import { publicRoute } from "@/lib/api/route";
import { INVALID_LOGIN, throttledMessage, TWO_FACTOR_CODE_NEEDED, TWO_FACTOR_CODE_WRONG, USER_DISABLED } from "@/lib/auth/messages";
import { loginSchema } from "@/lib/schemas/user";
import { findUserByLogin } from "@/db/queries/accounts";
import { fallbackRoute, LAST_ROUTE_COOKIE } from "@/lib/navigation";

export const POST = publicRoute(async ({ req, db }) => {
  const form = await readForm(req);
  const { username, password, otp } = validate(loginSchema, Object.fromEntries(form));
  try {
    await signIn("credentials", { username, password, otp: otp ?? "", redirect: false });
  } catch (err) {
    if (err instanceof CredentialsSignin) {
      const m = /^throttled:(\d+)$/.exec(err.code ?? "");
      if (m) throw new TooManyRequestsError(throttledMessage(Number(m[1])));
      if (err.code === "disabled") throw new UnauthorizedError(USER_DISABLED);
      // no session: the login page shows 'Codice di verifica' and sends the same credentials again with otp
      if (err.code === "twoFactorRequired") return fail(401, TWO_FACTOR_CODE_NEEDED, [], { twoFactorRequired: true });
      if (err.code === "twoFactorWrong") return fail(401, TWO_FACTOR_CODE_WRONG, [], { twoFactorRequired: true });
      throw new UnauthorizedError(INVALID_LOGIN);
    }
    throw err;
  }
  // Where to go now: the last remembered route if still allowed, else the start page.
  const user = await findUserByLogin(db, username);
  const lastRoute = req.cookies.get(LAST_ROUTE_COOKIE)?.value ?? null;
  const redirectTo = user ? fallbackRoute({ username: user.username, roles: user.roles, tenantId: user.tenantId }, lastRoute) : "/";
  return ok({ message: "Accesso effettuato", redirectTo });
});
