import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { PasswordLinkForm } from "@/components/auth/password-link-form";

export const metadata: Metadata = { title: "Nuova password" };

export default async function ResetPasswordTwoPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token = "" } = await searchParams;
  return (
    <AuthCard title="Scegli la nuova password" footer={<Link href="/login" className="text-primary-700 hover:underline">Torna al login</Link>}>
      <PasswordLinkForm
        token={token}
        url="/api/reset-password-two"
        entity="passwordReset"
        then="/login"
        invalidHint={
          <>
            Apri il link completo ricevuto per email, o{" "}
            <Link href="/reset-password" className="font-medium underline">
              richiedi un nuovo link
            </Link>
            .
          </>
        }
      />
    </AuthCard>
  );
}
