import type { Metadata } from "next";
import { Placeholder, ShellPage } from "@/components/shell/shell-page";

export const metadata: Metadata = { title: "Operazioni pianificate" };

export default function Page() {
  return (
    <ShellPage path="/operazioni-pianificate">
      <Placeholder title="Operazioni pianificate" />
    </ShellPage>
  );
}
