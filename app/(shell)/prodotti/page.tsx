import type { Metadata } from "next";
import { Placeholder, ShellPage } from "@/components/shell/shell-page";

export const metadata: Metadata = { title: "Prodotti" };

export default function Page() {
  return (
    <ShellPage path="/prodotti">
      <Placeholder title="Prodotti" />
    </ShellPage>
  );
}
