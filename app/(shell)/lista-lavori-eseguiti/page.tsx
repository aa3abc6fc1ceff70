import type { Metadata } from "next";
import { Placeholder, ShellPage } from "@/components/shell/shell-page";

export const metadata: Metadata = { title: "Lista lavori eseguiti" };

export default function Page() {
  return (
    <ShellPage path="/lista-lavori-eseguiti">
      <Placeholder title="Lista lavori eseguiti" />
    </ShellPage>
  );
}
