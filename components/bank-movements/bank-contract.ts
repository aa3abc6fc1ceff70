/**
 * What the /banca screens read from the bank-movement API (issue 32; the server's schemas are in
 * lib/schemas/bank-movement.ts): movement states, the suggestion and import answers. Client-only types and texts.
 */
import type { StateTone } from "@/components/grid/grid-cells";
import { BANK_MOVEMENT_STATES, bankMovementApi, type BankMovementState, type ColumnMappingJson, type ImportResultJson, type SuggestedDeadlineJson, type SuggestionJson } from "@/lib/schemas/bank-movement";

export type { BankMovementState };
export const BANK_MOVEMENTS_URL = bankMovementApi.url;
export const BANK_STATES = BANK_MOVEMENT_STATES;
export const BANK_STATE_TONES: Record<BankMovementState, StateTone> = { "Da abbinare": "amber", Abbinato: "green", "Nessun documento": "gray" };

export type SuggestedDeadline = Pick<SuggestedDeadlineJson, "id" | "amount"> & Partial<Omit<SuggestedDeadlineJson, "id" | "amount">>;
export type BankSuggestion = Omit<SuggestionJson, "deadlines"> & { deadlines: SuggestedDeadline[] };
export type ImportReport = Omit<ImportResultJson, "message"> & { message?: string };

/** The columns of a CSV/XLSX statement (header names of the file): lib/bank/types.ts ColumnMapping. */
export type ColumnMapping = ColumnMappingJson;
export const MAPPING_FIELDS: readonly { key: keyof ColumnMapping; label: string; required?: boolean }[] = [
  { key: "bookingDate", label: "Data contabile", required: true },
  { key: "valueDate", label: "Data valuta" },
  { key: "amount", label: "Importo (con segno)" },
  { key: "credit", label: "Entrate (Avere)" },
  { key: "debit", label: "Uscite (Dare)" },
  { key: "description", label: "Descrizione / causale", required: true },
  { key: "counterpartyName", label: "Controparte" },
  { key: "counterpartyIban", label: "IBAN controparte" },
  { key: "reference", label: "Riferimento banca" },
];

/** POST /api/bank-movements/import-headers */
export interface ImportHeaders {
  format: "camt.053" | "cbi" | "csv" | "xlsx";
  headers: string[];
  mapping: Partial<ColumnMapping>;
  complete: boolean;
}

export const BANK_TEXTS = {
  importTitle: "Importa estratto conto",
  panelTitle: "Abbinamento del movimento",
  noSuggestions: "Nessun suggerimento: nessuna scadenza aperta corrisponde a questo movimento.",
  confirm: "Conferma abbinamento",
  noDocument: "Nessun documento",
  unmatch: "Annulla abbinamento",
  unmatchConfirm: "Annullare l'abbinamento? Le scadenze tornano 'Da saldare' come prima.",
  manual: "Scegli a mano tra le scadenze aperte",
  manualEmpty: "Nessuna scadenza aperta trovata",
} as const;
