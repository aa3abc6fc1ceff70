import type { Metadata } from "next";
import { ReportView } from "@/components/reports/report-view";
import { ShellPage } from "@/components/shell/shell-page";

export const metadata: Metadata = { title: "Report ore e vendite" };

export default function Page() {
  return (
    <ShellPage path="/report-ore-vendite">
      <ReportView type="ReportTimeEntryManager" />
    </ShellPage>
  );
}
