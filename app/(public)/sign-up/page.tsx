import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { SignUpForm } from "@/components/auth/sign-up-form";

export const metadata: Metadata = { title: "Registrati" };

export default function SignUpPage() {
  return (
    <AuthCard
      title="Prova il gestionale per la tua attività"
      footer={
        <>
          Hai già un account?{" "}
          <Link href="/login" className="font-medium text-primary-700 hover:underline">
            Accedi
          </Link>
        </>
      }
    >
      <p className="mb-4 text-gray-600">30 giorni gratis, senza carta di credito.</p>
      <SignUpForm />
    </AuthCard>
  );
}
