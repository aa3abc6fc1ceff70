import { redirect } from "next/navigation";
import { HomeDashboard } from "@/components/home/home-dashboard";
import { ShellPage } from "@/components/shell/shell-page";
import { homeData } from "@/db/queries/home";
import { authorize } from "@/lib/api/route";
import { getCurrentUser, hasRole } from "@/lib/auth/current-user";

// GET / — start page for users with ROLE_USER: today, my to-dos and jobs; with ROLE_DOCUMENT the money too.
export default async function HomePage() {
  return (
    <ShellPage path="/">
      <Home />
    </ShellPage>
  );
}

async function Home() {
  const user = await getCurrentUser();
  if (!user) redirect("/login");
  const { scope } = await authorize(user, "ROLE_USER");
  const data = await homeData(scope, user.id, hasRole(user, "ROLE_DOCUMENT"));
  return <HomeDashboard firstName={user.firstName ?? ""} data={data} />;
}
