import type { Metadata } from "next";
import { ReportView } from "@/components/reports/report-view";
import { ShellPage } from "@/components/shell/shell-page";

export const metadata: Metadata = { title: "Report impegni svolti" };

export default function Page() {
  return (
    <ShellPage path="/report-impegni-svolti">
      <ReportView type="ReportTodoManager" />
    </ShellPage>
  );
}
