import Link from "next/link";
import type { ReactNode } from "react";

/** Frame of the public pages (login, sign-up, password links). */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-canvas p-4">
      <div className="w-full max-w-md">
        <Link href="/login" className="mb-6 block text-center text-2xl font-bold text-primary-700">
          Gestionale
        </Link>
        <section className="rounded-xl border border-border bg-white p-6 shadow-sm">
          <h1 className="mb-4 text-lg font-semibold text-gray-900">{title}</h1>
          {children}
        </section>
        {footer && <div className="mt-4 text-center text-sm text-gray-600">{footer}</div>}
      </div>
    </main>
  );
}
