import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";

export const metadata: Metadata = { title: "Accedi" };

export default function LoginPage() {
  return (
    <AuthCard
      title="Accedi"
      footer={
        <>
          Non hai un account?{" "}
          <Link href="/sign-up" className="font-medium text-primary-700 hover:underline">
            Prova gratis, senza carta di credito
          </Link>
        </>
      }
    >
      <LoginForm />
    </AuthCard>
  );
}
