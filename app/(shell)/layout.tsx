import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { Shell } from "@/components/shell/shell";
import { getCurrentUser } from "@/lib/auth/current-user";
import { visibleMenu } from "@/lib/navigation";
import { expiresInDays } from "@/lib/subscription";

/** The application shell: top bar, side menu and the routed page. */
export default async function ShellLayout({ children }: { children: ReactNode }) {
  const user = await getCurrentUser();
  if (!user) redirect("/login");
  const nav = { username: user.username, roles: user.roles, tenantId: user.tenantId };
  return (
    <Shell
      user={{
        username: user.username,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        color: user.color,
        roles: user.roles,
        twoFactorOn: user.twoFactorOn,
      }}
      tenant={{
        id: user.tenant.id,
        denomination: user.tenant.denomination,
        hasLogo: user.tenant.hasLogo,
        isDemo: user.tenant.demo || user.tenant.id === 1 || user.username === "demo",
        expiresInDays: expiresInDays(user.tenant.expireDate),
        isFree: user.tenant.isFree,
        twoFactorRequired: user.tenant.twoFactorRequired,
      }}
      menu={visibleMenu(nav)}
      chatScriptUrl={process.env.CHAT_SCRIPT_URL || null}
    >
      {children}
    </Shell>
  );
}
