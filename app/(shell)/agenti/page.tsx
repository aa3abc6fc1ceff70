import type { Metadata } from "next";
import { Placeholder, ShellPage } from "@/components/shell/shell-page";

export const metadata: Metadata = { title: "Agenti" };

export default function Page() {
  return (
    <ShellPage path="/agenti">
      <Placeholder title="Agenti" />
    </ShellPage>
  );
}
