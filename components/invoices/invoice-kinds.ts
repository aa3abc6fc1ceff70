import { policyOf } from "@/lib/documents/policy";
import type { DocumentKind, DocumentState } from "@/lib/schemas/invoice";
import type { StateTone } from "@/components/grid/grid-cells";

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

/** The list parameters of a kind's page (GET /api/invoices addedParams { kind }); the page's first block is read with them too. */
export const kindParams = (kind: DocumentKind): Record<string, string> => {
  const listed = policyOf(kind).listedWith;
  return { addedParams: JSON.stringify({ kind: listed.length === 1 ? listed[0] : listed }) };
};

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
