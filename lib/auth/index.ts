import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { authConfig } from "./config";
import { clientAddress } from "./client-address";
import { ensureAuthSecret } from "./secret";

ensureAuthSecret();

/** Failed login; `code` is "invalid", "disabled", "twoFactorRequired", "twoFactorWrong" or "throttled:<seconds>". */
class LoginFailed extends CredentialsSignin {
  constructor(code: string) {
    super();
    this.code = code;
  }
}

export const { handlers, auth, signIn, signOut } = NextAuth({
  ...authConfig,
  providers: [
    Credentials({
      // otp: the second factor of a user with two-factor on (db/queries/two-factor.ts)
      credentials: { username: {}, password: {}, otp: {} },
      async authorize(credentials, request) {
        const { getDb } = await import("@/db/client");
        const { authenticate } = await import("@/db/queries/accounts");
        const { createSession } = await import("@/db/queries/sessions");
        const db = await getDb();
        const address = clientAddress(request.headers);
        const r = await authenticate(db, String(credentials?.username ?? ""), String(credentials?.password ?? ""), address, String(credentials?.otp ?? ""));
        if (!r.ok) throw new LoginFailed(r.reason === "throttled" ? `throttled:${r.wait}` : r.reason);
        const sid = await createSession(db, r.user, {
          clientAddress: address,
          userAgent: request.headers.get("user-agent"),
          login: String(credentials?.username ?? "").trim().toLowerCase(),
        });
        return { id: String(r.user.id), tenantId: r.user.tenantId, username: r.user.username, roles: r.user.roles, email: r.user.email, sid };
      },
    }),
  ],
});

export { CredentialsSignin };
