import { redirect } from "next/navigation";
import { StartLinks } from "@/components/home/start-links";
import { ShellPage } from "@/components/shell/shell-page";
import { getCurrentUser } from "@/lib/auth/current-user";
import { visibleMenu } from "@/lib/navigation";

// GET /dashboard — start page for users without ROLE_USER: the sections their roles open.
export default async function DashboardPage() {
  const user = await getCurrentUser();
  if (!user) redirect("/login");
  const menu = visibleMenu({ username: user.username, roles: user.roles, tenantId: user.tenantId });
  return (
    <ShellPage path="/dashboard">
      <StartLinks firstName={user.firstName ?? ""} denomination={user.tenant.denomination} menu={menu} />
    </ShellPage>
  );
}
