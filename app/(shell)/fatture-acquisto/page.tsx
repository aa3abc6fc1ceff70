import type { Metadata } from "next";
import { Placeholder, ShellPage } from "@/components/shell/shell-page";

export const metadata: Metadata = { title: "Fatture d'acquisto" };

export default function Page() {
  return (
    <ShellPage path="/fatture-acquisto">
      <Placeholder title="Fatture d'acquisto" />
    </ShellPage>
  );
}
