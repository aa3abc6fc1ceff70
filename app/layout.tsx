import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { DialogHost } from "@/components/ui/dialogs";
import { Toaster } from "@/components/ui/toaster";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Gestionale", template: "%s · Gestionale" },
  description: "Gestionale per piccole imprese e professionisti: clienti, lavori, agenda, fatture elettroniche, scadenziario",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/**
 * Every page renders per request: the proxy gives each response a fresh CSP nonce, which Next.js
 * puts on its scripts only when rendering dynamically (a prerendered page's scripts would be blocked).
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await headers();
  return (
    <html lang="it">
      <body>
        {children}
        <Toaster />
        <DialogHost />
      </body>
    </html>
  );
}
