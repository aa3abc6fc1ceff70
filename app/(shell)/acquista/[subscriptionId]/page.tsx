import type { Metadata } from "next";
import { ShellPage } from "@/components/shell/shell-page";
import { ONE_YEAR_LICENCE_ID } from "@/lib/subscription";

export const metadata: Metadata = { title: "Acquista" };

// GET /acquista/{subscriptionId} — purchase page. The payment flow is not specified yet: it shows what is sold.
export default async function PurchasePage({ params }: { params: Promise<{ subscriptionId: string }> }) {
  const { subscriptionId } = await params;
  const known = Number(subscriptionId) === ONE_YEAR_LICENCE_ID;
  return (
    <ShellPage path={`/acquista/${subscriptionId}`}>
      <div className="max-w-xl rounded-lg border border-border bg-white p-6">
        {known ? (
          <>
            <h2 className="text-lg font-semibold">Licenza di un anno</h2>
            <p className="mt-2 text-gray-600">
              Un anno di utilizzo del gestionale per tutta la tua azienda, con tutti gli utenti e tutte le funzioni.
            </p>
            <p className="mt-4 text-gray-600">Per completare l&apos;acquisto contatta l&apos;assistenza: il pagamento online sarà disponibile a breve.</p>
          </>
        ) : (
          <p className="text-gray-600">Abbonamento non trovato.</p>
        )}
      </div>
    </ShellPage>
  );
}
