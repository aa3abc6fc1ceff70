import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";

export const metadata: Metadata = { title: "Accesso negato" };

export default function AccessDeniedPage() {
  return (
    <AuthCard title="Accesso negato">
      <p className="text-gray-600">Non hai i permessi per vedere questa pagina.</p>
      <Link href="/" className="mt-4 inline-block text-primary-700 hover:underline">Torna alla pagina iniziale</Link>
    </AuthCard>
  );
}
