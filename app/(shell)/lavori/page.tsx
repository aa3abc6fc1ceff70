import type { Metadata } from "next";
import { Placeholder, ShellPage } from "@/components/shell/shell-page";

export const metadata: Metadata = { title: "Lavori" };

export default function Page() {
  return (
    <ShellPage path="/lavori">
      <Placeholder title="Lavori" />
    </ShellPage>
  );
}
