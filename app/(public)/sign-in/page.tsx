import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { PasswordLinkForm } from "@/components/auth/password-link-form";

export const metadata: Metadata = { title: "Attiva il tuo account" };

// GET /sign-in?token=… — an invited user chooses a password and enters.
export default async function SignInPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token = "" } = await searchParams;
  return (
    <AuthCard title="Attiva il tuo account">
      <p className="mb-4 text-gray-600">Sei stato invitato: scegli la password con cui accederai.</p>
      <PasswordLinkForm
        token={token}
        url="/api/sign-in"
        entity="passwordSet"
        then="/"
        invalidHint="Apri il link completo ricevuto per email, o chiedi all'amministratore di inviarti un nuovo invito."
      />
    </AuthCard>
  );
}
