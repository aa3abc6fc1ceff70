import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { authConfig } from "./config";
import { ensureAuthSecret } from "./secret";

ensureAuthSecret();

/** Failed login; `code` is "invalid" or "throttled:<seconds>". */
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
      credentials: { username: {}, password: {} },
      async authorize(credentials) {
        const { getDb } = await import("@/db/client");
        const { authenticate } = await import("@/db/queries/accounts");
        const r = await authenticate(await getDb(), String(credentials?.username ?? ""), String(credentials?.password ?? ""));
        if (!r.ok) throw new LoginFailed(r.reason === "throttled" ? `throttled:${r.wait}` : "invalid");
        return { id: String(r.user.id), tenantId: r.user.tenantId, username: r.user.username, roles: r.user.roles, email: r.user.email };
      },
    }),
  ],
});

export { CredentialsSignin };
