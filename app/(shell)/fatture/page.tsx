import type { Metadata } from "next";
import { Placeholder, ShellPage } from "@/components/shell/shell-page";

export const metadata: Metadata = { title: "Fatture" };

export default function Page() {
  return (
    <ShellPage path="/fatture">
      <Placeholder title="Fatture" />
    </ShellPage>
  );
}
