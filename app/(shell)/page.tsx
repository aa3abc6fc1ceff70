import { ShellPage } from "@/components/shell/shell-page";
import { Welcome } from "@/components/shell/welcome";

// GET / — start page for users with ROLE_USER.
export default function HomePage() {
  return (
    <ShellPage path="/">
      <Welcome />
    </ShellPage>
  );
}
