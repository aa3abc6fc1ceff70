import type { Metadata } from "next";
import { Placeholder, ShellPage } from "@/components/shell/shell-page";

export const metadata: Metadata = { title: "Report ore e vendite" };

export default function Page() {
  return (
    <ShellPage path="/report-ore-vendite">
      <Placeholder title="Report ore e vendite" />
    </ShellPage>
  );
}
