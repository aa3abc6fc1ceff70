import type { Metadata } from "next";
import { Placeholder, ShellPage } from "@/components/shell/shell-page";

export const metadata: Metadata = { title: "Servizi" };

export default function Page() {
  return (
    <ShellPage path="/servizi">
      <Placeholder title="Servizi" />
    </ShellPage>
  );
}
