import type { Metadata } from "next";
import { Placeholder, ShellPage } from "@/components/shell/shell-page";

export const metadata: Metadata = { title: "Anagrafica" };

export default function Page() {
  return (
    <ShellPage path="/anagrafica">
      <Placeholder title="Anagrafica" />
    </ShellPage>
  );
}
