import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";

export default function NotFound() {
  return (
    <AuthCard title="Pagina non trovata">
      <p className="text-gray-600">La pagina che cerchi non esiste o è stata spostata.</p>
      <Link href="/" className="mt-4 inline-block text-primary-700 hover:underline">Torna alla pagina iniziale</Link>
    </AuthCard>
  );
}
