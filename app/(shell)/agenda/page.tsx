import type { Metadata } from "next";
import { Placeholder, ShellPage } from "@/components/shell/shell-page";

export const metadata: Metadata = { title: "Agenda" };

export default function Page() {
  return (
    <ShellPage path="/agenda">
      <Placeholder title="Agenda" />
    </ShellPage>
  );
}
