import type { Metadata } from "next";
import { Placeholder, ShellPage } from "@/components/shell/shell-page";

export const metadata: Metadata = { title: "Report lavori conclusi" };

export default function Page() {
  return (
    <ShellPage path="/report-lavori-conclusi">
      <Placeholder title="Report lavori conclusi" />
    </ShellPage>
  );
}
