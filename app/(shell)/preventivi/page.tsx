import type { Metadata } from "next";
import { Placeholder, ShellPage } from "@/components/shell/shell-page";

export const metadata: Metadata = { title: "Preventivi" };

export default function Page() {
  return (
    <ShellPage path="/preventivi">
      <Placeholder title="Preventivi" />
    </ShellPage>
  );
}
