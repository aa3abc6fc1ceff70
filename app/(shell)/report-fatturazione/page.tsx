import type { Metadata } from "next";
import { ReportView } from "@/components/reports/report-view";
import { ShellPage } from "@/components/shell/shell-page";

export const metadata: Metadata = { title: "Report fatturazione" };

export default function Page() {
  return (
    <ShellPage path="/report-fatturazione">
      <ReportView type="ReportInvoiceManager" />
    </ShellPage>
  );
}
