import type { Metadata } from "next";
import { Placeholder, ShellPage } from "@/components/shell/shell-page";

export const metadata: Metadata = { title: "Fatture proforma" };

export default function Page() {
  return (
    <ShellPage path="/fatture-proforma">
      <Placeholder title="Fatture proforma" />
    </ShellPage>
  );
}
