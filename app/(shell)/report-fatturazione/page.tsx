import type { Metadata } from "next";
import { Placeholder, ShellPage } from "@/components/shell/shell-page";

export const metadata: Metadata = { title: "Report fatturazione" };

export default function Page() {
  return (
    <ShellPage path="/report-fatturazione">
      <Placeholder title="Report fatturazione" />
    </ShellPage>
  );
}
