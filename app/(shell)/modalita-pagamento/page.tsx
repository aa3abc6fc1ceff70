import type { Metadata } from "next";
import { Placeholder, ShellPage } from "@/components/shell/shell-page";

export const metadata: Metadata = { title: "Modalità pagamento" };

export default function Page() {
  return (
    <ShellPage path="/modalita-pagamento">
      <Placeholder title="Modalità pagamento" />
    </ShellPage>
  );
}
