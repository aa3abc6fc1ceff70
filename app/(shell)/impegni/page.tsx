import type { Metadata } from "next";
import { Placeholder, ShellPage } from "@/components/shell/shell-page";

export const metadata: Metadata = { title: "Impegni" };

export default function Page() {
  return (
    <ShellPage path="/impegni">
      <Placeholder title="Impegni" />
    </ShellPage>
  );
}
