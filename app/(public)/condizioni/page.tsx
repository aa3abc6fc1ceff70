import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Condizioni del servizio" };

/** The service terms the sign-up's 'Accetto le condizioni del servizio' links to (public: read before an account exists). */
export default function TermsPage() {
  return (
    <main className="min-h-screen bg-canvas p-4">
      <article className="mx-auto max-w-2xl rounded-xl border border-border bg-white p-6 text-sm leading-relaxed text-gray-800 shadow-sm [&_h2]:mt-5 [&_h2]:mb-1 [&_h2]:font-semibold [&_h2]:text-gray-900">
        <Link href="/login" className="mb-4 block text-xl font-bold text-primary-700">
          Gestionale
        </Link>
        <h1 className="mb-3 text-lg font-semibold text-gray-900">Condizioni del servizio</h1>
        <p>
          Queste condizioni regolano l&apos;uso del Gestionale, il servizio online per la gestione di anagrafiche, lavori, agenda, documenti di vendita, fatture
          d&apos;acquisto e scadenze. Registrandosi, chi crea l&apos;account le accetta per sé e per l&apos;attività che indica come ragione sociale.
        </p>
        <h2>1. Account e utenti</h2>
        <p>
          Chi si registra diventa amministratore dell&apos;account e può invitare altri utenti, dando a ciascuno i ruoli necessari. Le credenziali sono personali:
          l&apos;amministratore risponde dell&apos;uso che gli utenti dell&apos;account fanno del servizio e ne revoca l&apos;accesso quando non serve più.
        </p>
        <h2>2. Periodo di prova e abbonamento</h2>
        <p>
          I primi 30 giorni sono gratuiti e non richiedono una carta di credito. Per continuare a usare il servizio dopo la prova occorre acquistare
          l&apos;abbonamento annuale dalla pagina Acquista, e rinnovarlo alla scadenza indicata nell&apos;applicazione.
        </p>
        <h2>3. Dati e responsabilità dei contenuti</h2>
        <p>
          I dati inseriti (clienti, fornitori, documenti, ore, allegati) appartengono all&apos;attività che li inserisce, che ne è titolare del trattamento ai sensi
          del Regolamento (UE) 2016/679; il fornitore del servizio li tratta come responsabile, solo per erogare il servizio, e non li cede a terzi.
          L&apos;attività resta responsabile della correttezza dei dati e dei documenti che emette, compresi gli adempimenti fiscali e l&apos;invio al Sistema di
          Interscambio.
        </p>
        <h2>4. Uso corretto</h2>
        <p>
          Il servizio va usato per la gestione della propria attività, nel rispetto della legge. Non è consentito tentare di accedere ai dati di altri account,
          sovraccaricare il servizio o usarlo per inviare comunicazioni non richieste.
        </p>
        <h2>5. Disponibilità</h2>
        <p>
          Il servizio è fornito con cura professionale ma senza garanzia di funzionamento ininterrotto: interventi di manutenzione possono renderlo
          temporaneamente non disponibile. È consigliabile conservare copia dei documenti emessi, esportabili in PDF, XML e fogli di calcolo.
        </p>
        <h2>6. Modifiche e recesso</h2>
        <p>
          Le condizioni possono essere aggiornate: la versione in vigore è sempre quella pubblicata su questa pagina. L&apos;attività può smettere di usare il
          servizio in qualsiasi momento, dopo aver esportato i propri dati.
        </p>
        <p className="mt-6">
          <Link href="/sign-up" className="font-medium text-primary-700 hover:underline">
            Torna alla registrazione
          </Link>
        </p>
      </article>
    </main>
  );
}
