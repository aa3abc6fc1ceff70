import type { Metadata } from "next";
import { Placeholder, ShellPage } from "@/components/shell/shell-page";

export const metadata: Metadata = { title: "Report impegni svolti" };

export default function Page() {
  return (
    <ShellPage path="/report-impegni-svolti">
      <Placeholder title="Report impegni svolti" />
    </ShellPage>
  );
}
