import type { Metadata } from "next";
import { Placeholder, ShellPage } from "@/components/shell/shell-page";

export const metadata: Metadata = { title: "Aliquote IVA" };

export default function Page() {
  return (
    <ShellPage path="/aliquote-iva">
      <Placeholder title="Aliquote IVA" />
    </ShellPage>
  );
}
