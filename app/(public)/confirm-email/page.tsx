import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { ConfirmEmailForm } from "@/components/auth/confirm-email-form";

export const metadata: Metadata = { title: "Conferma indirizzo e-mail" };

// GET /confirm-email?token=… — the link of the sign-up's confirmation mail (public, like /reset-password-two).
export default async function ConfirmEmailPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token = "" } = await searchParams;
  return (
    <AuthCard title="Conferma il tuo indirizzo e-mail" footer={<Link href="/login" className="text-primary-700 hover:underline">Vai al login</Link>}>
      <ConfirmEmailForm token={token} />
    </AuthCard>
  );
}
