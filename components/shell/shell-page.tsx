import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { getCurrentUser } from "@/lib/auth/current-user";
import { decideNavigation, LAST_ROUTE_COOKIE } from "@/lib/navigation";

/**
 * Server-side role check of one routed page, on top of the proxy: it reads the user fresh from the
 * database, so a role removed since login takes effect at once. Every page of the shell renders through it.
 */
export async function ShellPage({ path, children }: { path: string; children: ReactNode }) {
  const user = await getCurrentUser();
  const lastRoute = (await cookies()).get(LAST_ROUTE_COOKIE)?.value ?? null;
  const decision = decideNavigation(path, user && { username: user.username, roles: user.roles, tenantId: user.tenantId }, lastRoute);
  if (decision.kind === "redirect") redirect(decision.to);
  return <>{children}</>;
}

/** Body of an area not built yet. */
export function Placeholder({ title }: { title: string }) {
  return (
    <div className="rounded-lg border border-dashed border-border bg-white p-8 text-center text-gray-500">
      <p className="text-base font-medium text-gray-700">{title}</p>
      <p className="mt-1">Questa sezione è in preparazione.</p>
    </div>
  );
}
