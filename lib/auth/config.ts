import type { NextAuthConfig } from "next-auth";
import type { Role } from "@/db/schema/users";

/**
 * The part of the Auth.js configuration that needs no database: JWT sessions carrying the user id,
 * tenant id, username and roles. The request guard (proxy.ts) decodes sessions with it; the full
 * configuration (lib/auth/index.ts) adds the credentials provider.
 */
declare module "next-auth" {
  interface Session {
    user: { id: string; tenantId: number; username: string; roles: Role[]; name?: string | null; email?: string | null };
  }
  interface User {
    tenantId?: number;
    username?: string;
    roles?: Role[];
    /** The server-side session row created at login (db/queries/sessions.ts). */
    sid?: string;
  }
}

/** The cookie's life; the server-side session has the same absolute end (db/queries/sessions.ts). */
export const SESSION_MAX_AGE_S = 60 * 60 * 12;

export const authConfig = {
  trustHost: true,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
  pages: { signIn: "/login", error: "/auth/error" },
  providers: [],
  callbacks: {
    jwt({ token, user }) {
      if (user) {
        token.sub = String(user.id);
        token.tid = user.tenantId;
        token.username = user.username;
        token.roles = user.roles;
        token.sid = user.sid;
      }
      return token;
    },
    session({ session, token }) {
      session.user = {
        ...session.user,
        id: String(token.sub),
        tenantId: Number(token.tid),
        username: String(token.username ?? ""),
        roles: (token.roles as Role[]) ?? [],
      };
      return session;
    },
  },
  logger: {
    // A wrong password is not a server error: keep the log for real failures.
    error(error) {
      if ((error as { type?: string }).type === "CredentialsSignin") return;
      console.error("[auth]", error);
    },
  },
} satisfies NextAuthConfig;
