import type { Metadata } from "next";
import { ShellPage } from "@/components/shell/shell-page";
import { SdiInbox } from "@/components/sdi/sdi-inbox";

export const metadata: Metadata = { title: "SDI da verificare" };

export default function Page() {
  return (
    <ShellPage path="/sdi-da-verificare">
      <SdiInbox />
    </ShellPage>
  );
}
