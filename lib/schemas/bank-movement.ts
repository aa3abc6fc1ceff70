/**
 * Banca (issue 32): the movements of a bank account (GET /api/bank-movements, grid contract, addedParams
 * { bankAccount, state }), their import (POST /api/bank-movements/import, multipart: files `files`, JSON fields
 * `bankAccount` {id} and optionally `mapping`), the headers of a CSV/XLSX for the mapping dialog
 * (POST /api/bank-movements/import-headers), and the matching calls (GET suggestions/{id}, POST match/{id} with field
 * `match` { deadlines: [{ id, amount }] }, POST unmatch/{id}, POST no-document/{id}). One module for the page and the
 * handlers; the exact JSON shapes are in /tmp/notes/bank-api.md and below.
 */
import { z } from "zod";
import { centsField, entityRef, versionField } from "./fields";

export const bankMovementApi = { field: "match", url: "/api/bank-movements", table: "bank_movements" } as const;
export const BANK_ROLE = "ROLE_DOCUMENT" as const;

/** The multipart parts and JSON fields of the import calls (names fixed by the issue). */
export const IMPORT_FILES_FIELD = "files";
export const IMPORT_ACCOUNT_FIELD = "bankAccount";
export const IMPORT_MAPPING_FIELD = "mapping";
export const MATCH_FIELD = "match";

export const BANK_MOVEMENT_STATES = ["Da abbinare", "Abbinato", "Nessun documento"] as const;
export type BankMovementState = (typeof BANK_MOVEMENT_STATES)[number];

export const BANK_MESSAGES = {
  notFound: "Movimento bancario non trovato",
  accountNotFound: "Conto corrente non trovato",
  accountRequired: 'Il campo "Conto corrente" è richiesto',
  deadlineNotFound: "Scadenza non trovata",
  state: 'Parametro "state" non valido: atteso Da abbinare, Abbinato o Nessun documento',
  bankAccount: 'Parametro "bankAccount" non valido',
  noFiles: 'Nessun file inviato: scegli uno o più estratti conto (campo "files")',
  notAFile: 'Il campo "files" deve contenere file',
  tooManyFiles: (max: number) => `Si possono importare al massimo ${max} file alla volta`,
  tooBig: (mb: number) => `File troppo grande: un estratto conto può essere al massimo di ${mb} MB`,
  ibanMismatch: (statement: string, account: string) => `L'estratto conto è del conto ${statement} e non del conto ${account} scelto`,
  mappingIncomplete: (missing: string) => `Indicare la colonna del file per: ${missing}`,
  mappingUnknownColumn: (column: string) => `La colonna "${column}" non è presente nel file`,
  imported: (n: number, d: number) => `Importati ${n} movimenti${d ? `, ${d} già presenti` : ""}`,
  matchNone: "Scegliere almeno una scadenza da abbinare",
  matchAmount: "L'importo abbinato a ogni scadenza deve essere maggiore di zero",
  matchTwice: "La stessa scadenza è indicata più volte",
  matchTooMuch: (sum: string, movement: string) => `La somma degli importi abbinati (${sum}) supera l'importo del movimento (${movement})`,
  matchOverOpen: (doc: string, open: string) => `L'importo abbinato supera quanto resta da saldare della scadenza di ${doc} (${open})`,
  matchDirectionIn: "Un accredito si abbina solo a scadenze da incassare",
  matchDirectionOut: "Un addebito si abbina solo a scadenze da pagare",
  deadlineNotOpen: (doc: string) => `La scadenza di ${doc} non è più da saldare`,
  notToMatch: (state: BankMovementState) => `Il movimento è già nello stato '${state}'`,
  alreadyOpen: "Il movimento è già da abbinare",
  futureBooking: "Il movimento ha una data contabile futura: non può saldare una scadenza",
  matched: "Movimento abbinato",
  unmatched: "Abbinamento annullato",
  noDocument: "Movimento segnato come 'Nessun documento'",
  linkedDeadline: "La scadenza è stata saldata da un movimento bancario: annullare l'abbinamento nella pagina Banca",
} as const;

/** The grid's own parameters (query keys or addedParams). */
export const bankMovementListParams = z.object({
  bankAccount: z.coerce.number({ error: BANK_MESSAGES.bankAccount }).int(BANK_MESSAGES.bankAccount).positive(BANK_MESSAGES.bankAccount).max(2_147_483_647, BANK_MESSAGES.bankAccount).optional(),
  state: z.enum(BANK_MOVEMENT_STATES, { error: BANK_MESSAGES.state }).optional(),
});
export type BankMovementListParams = z.infer<typeof bankMovementListParams>;

const header = z.string().trim().max(200, "Nome di colonna troppo lungo");
const optionalHeader = header.optional().transform((v) => (v ? v : undefined));

/** lib/bank/types.ts ColumnMapping: the CSV/XLSX header names of each field (amount, or credit and debit). */
export const columnMappingSchema = z.object({
  bookingDate: header.min(1, BANK_MESSAGES.mappingIncomplete("data contabile")),
  valueDate: optionalHeader,
  amount: optionalHeader,
  credit: optionalHeader,
  debit: optionalHeader,
  description: header.min(1, BANK_MESSAGES.mappingIncomplete("descrizione")),
  counterpartyName: optionalHeader,
  counterpartyIban: optionalHeader,
  reference: optionalHeader,
}).refine((m) => !!m.amount || (!!m.credit || !!m.debit), { message: BANK_MESSAGES.mappingIncomplete("importo (oppure dare e avere)") });

/** The mapping as the import dialog holds it (header names; the unmapped fields absent). */
export type ColumnMappingJson = z.input<typeof columnMappingSchema>;

export const importAccountSchema = z.object({ id: entityRef.shape.id }, { error: BANK_MESSAGES.accountRequired });

/** POST /api/bank-movements/match/{id}, field match. */
export const matchSchema = z.object({
  deadlines: z
    .array(z.object({ id: entityRef.shape.id, amount: centsField("Importo non valido").refine((v) => v > 0, BANK_MESSAGES.matchAmount) }), { error: BANK_MESSAGES.matchNone })
    .min(1, BANK_MESSAGES.matchNone)
    .max(200, "Troppe scadenze in un solo abbinamento (al massimo 200)"),
  version: versionField,
});
export type MatchInput = z.infer<typeof matchSchema>;

/** POST unmatch/{id} and no-document/{id}: field match, optional { version }. */
export const movementVersionSchema = z.object({ version: versionField });

/** A deadline named in a movement's links or in a suggestion. */
export interface DeadlineRefJson {
  deadlineDate: string;
  /** 'Fattura 12/A del 05/03/2026', "Fattura d'acquisto FT-88 del …", 'Nota di credito 3 del …'. */
  document: string;
  documentNumber: string;
  documentId: number;
  documentKind: "INVOICE" | "CREDIT_NOTE" | "EXPENSE";
  contact: string;
  contactId: number;
}

export interface BankMovementLinkJson extends DeadlineRefJson {
  deadlineId: number;
  amount: number;
}

/** A statement's movement as read from the bank's file (lib/bank's parsers hand these over, whatever the format). */
export interface ParsedMovement {
  /** 'YYYY-MM-DD' (data contabile). */
  bookingDate: string;
  /** 'YYYY-MM-DD' (data valuta). */
  valueDate: string | null;
  /** Integer cents, signed: > 0 money in (accredito), < 0 money out (addebito). */
  amount: number;
  /** Causale / remittance info, whitespace collapsed, ≤ 1000 chars. */
  description: string;
  counterpartyName: string | null;
  /** Upper case, no spaces. */
  counterpartyIban: string | null;
  /** The bank's own reference (camt: AcctSvcrRef, else NtryRef/EndToEndId; CBI: riferimento banca). */
  reference: string | null;
}

/** A stored movement: what the file said, the account, its state and what it pays. */
export interface BankMovementJson extends ParsedMovement {
  id: number;
  version: number;
  bankAccount: { id: number; toString: string };
  state: BankMovementState;
  links: BankMovementLinkJson[];
}

export interface SuggestedDeadlineJson extends DeadlineRefJson {
  id: number;
  /** What this suggestion pays on the deadline. */
  amount: number;
  /** The deadline's open amount. */
  open: number;
}

export type SuggestionKind = "number" | "counterparty" | "group" | "partial" | "amount";

export interface SuggestionJson {
  deadlines: SuggestedDeadlineJson[];
  score: number;
  certain: boolean;
  kind: SuggestionKind;
  reason: string;
}

export interface ImportResultJson {
  message: string;
  imported: number;
  duplicates: number;
  autoMatched: number;
  refused: { file: string; reason: string; headers?: string[] }[];
}

/** The deadline's movement, in the Scadenziario's rows and the document's deadlines. */
export interface DeadlineBankMovementJson {
  id: number;
  bookingDate: string;
  description: string;
  amount: number;
}
