import type { DocumentKind, DocumentState } from "@/lib/schemas/invoice";
import type { StateTone } from "@/components/grid/grid-cells";

/** The words of each kind: the page's create button and the form's titles. */
export const KIND_WORDS: Readonly<Record<DocumentKind, { create: string; insert: string; edit: string }>> = {
  INVOICE: { create: "Nuova fattura", insert: "Inserimento fattura", edit: "Modifica fattura" },
  CREDIT_NOTE: { create: "Nuova nota di credito", insert: "Inserimento nota di credito", edit: "Modifica nota di credito" },
  PROFORMA: { create: "Nuova fattura proforma", insert: "Inserimento fattura proforma", edit: "Modifica fattura proforma" },
  QUOTE: { create: "Nuovo preventivo", insert: "Inserimento preventivo", edit: "Modifica preventivo" },
};

/** Bozza grey, Emessa blue, sent violet, Consegnata/Pagata/Accettato green, Scartata/Rifiutato red. */
export const DOCUMENT_STATE_TONES: Readonly<Record<DocumentState, StateTone>> = {
  Bozza: "gray",
  Emessa: "blue",
  "Inviata allo SDI": "violet",
  Consegnata: "green",
  Scartata: "red",
  Pagata: "green",
  Accettato: "green",
  Rifiutato: "red",
};

/** The kinds each page lists: /fatture shows the credit notes beside the invoices. */
export const LISTED_KINDS: Readonly<Record<DocumentKind, DocumentKind | DocumentKind[]>> = {
  INVOICE: ["INVOICE", "CREDIT_NOTE"],
  CREDIT_NOTE: ["INVOICE", "CREDIT_NOTE"],
  PROFORMA: "PROFORMA",
  QUOTE: "QUOTE",
};

/** The list parameters of a kind's page (GET /api/invoices addedParams { kind }); the page's first block is read with them too. */
export const kindParams = (kind: DocumentKind): Record<string, string> => ({ addedParams: JSON.stringify({ kind: LISTED_KINDS[kind] }) });

/**
 * The documents' pages open on the current year (as Fatture in Cloud's year selector does; 'Rimuovi tutti i filtri'
 * shows every year): the list and its footer totals read one year, not the whole history.
 */
export const currentYearFilter = (today: string) => {
  const year = today.slice(0, 4);
  return { date: { filterType: "date", type: "inRange", dateFrom: `${year}-01-01`, dateTo: `${year}-12-31` } } as const;
};

/** A page's first block (server-rendered): its kinds and the current year. */
export const firstBlockParams = (kind: DocumentKind, today: string): Record<string, string> => ({ ...kindParams(kind), filterModel: JSON.stringify(currentYearFilter(today)) });
