import type { Metadata } from "next";
import { Placeholder, ShellPage } from "@/components/shell/shell-page";

export const metadata: Metadata = { title: "Scadenziario" };

export default function Page() {
  return (
    <ShellPage path="/scadenziario">
      <Placeholder title="Scadenziario" />
    </ShellPage>
  );
}
