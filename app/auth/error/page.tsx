import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";

export const metadata: Metadata = { title: "Errore di accesso" };

export default function AuthErrorPage() {
  return (
    <AuthCard title="Errore di accesso">
      <p className="text-gray-600">Si è verificato un problema durante l&apos;accesso. Riprova.</p>
      <Link href="/login" className="mt-4 inline-block text-primary-700 hover:underline">Vai al login</Link>
    </AuthCard>
  );
}
