import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { ResetRequestForm } from "@/components/auth/reset-request-form";

export const metadata: Metadata = { title: "Password dimenticata" };

export default function ResetPasswordPage() {
  return (
    <AuthCard title="Password dimenticata" footer={<Link href="/login" className="text-primary-700 hover:underline">Torna al login</Link>}>
      <p className="mb-4 text-gray-600">Inserisci l&apos;email del tuo account: ti invieremo un link per scegliere una nuova password.</p>
      <ResetRequestForm />
    </AuthCard>
  );
}
