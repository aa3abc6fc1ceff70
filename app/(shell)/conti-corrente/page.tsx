import type { Metadata } from "next";
import { Placeholder, ShellPage } from "@/components/shell/shell-page";

export const metadata: Metadata = { title: "Conti corrente" };

export default function Page() {
  return (
    <ShellPage path="/conti-corrente">
      <Placeholder title="Conti corrente" />
    </ShellPage>
  );
}
