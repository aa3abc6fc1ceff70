import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { DialogHost } from "@/components/ui/dialogs";
import { Toaster } from "@/components/ui/toaster";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Gestionale", template: "%s · Gestionale" },
  description: "Gestionale per piccole imprese e professionisti: clienti, lavori, agenda, fatture elettroniche, scadenziario",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
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
