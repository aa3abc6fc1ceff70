import { ShellPage } from "@/components/shell/shell-page";
import { Welcome } from "@/components/shell/welcome";

// GET /dashboard — start page for users without ROLE_USER.
export default function DashboardPage() {
  return (
    <ShellPage path="/dashboard">
      <Welcome />
    </ShellPage>
  );
}
