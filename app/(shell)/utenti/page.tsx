import type { Metadata } from "next";
import { Placeholder, ShellPage } from "@/components/shell/shell-page";

export const metadata: Metadata = { title: "Utenti" };

export default function Page() {
  return (
    <ShellPage path="/utenti">
      <Placeholder title="Utenti" />
    </ShellPage>
  );
}
