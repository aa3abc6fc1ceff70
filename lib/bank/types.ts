/**
 * Bank statements as the parsers hand them over (issue 32, "Statements in"): one shape for every format
 * (camt.053, CBI, CSV, XLSX), so that the import, the duplicate check and the matching never look at a file.
 *
 * Conventions shared by every parser (lib/bank/README.md):
 * - dates are 'YYYY-MM-DD' calendar dates as the bank wrote them (no time zone arithmetic);
 * - amounts are integer cents, signed from the account holder's side: > 0 an accredito, < 0 an addebito;
 * - texts are whitespace-collapsed and trimmed; description ≤ MAX_DESCRIPTION_CHARS, counterparty name
 *   ≤ MAX_NAME_CHARS, reference ≤ MAX_REFERENCE_CHARS (longer ones are cut: the bank's own limits are lower);
 * - an empty optional text is null; an IBAN is upper case without spaces.
 */

import type { ParsedMovement } from "@/lib/schemas/bank-movement";

/** Declared with the JSON of a stored movement, which extends it (lib/schemas cannot import lib/bank). */
export type { ParsedMovement };

export type StatementFormat = "camt.053" | "cbi" | "csv" | "xlsx";

export interface ParsedStatement {
  format: StatementFormat;
  /** The account the statement is of (camt: Stmt/Acct/Id/IBAN; CBI: record 61; CSV/XLSX: an IBAN written above the header, if any). */
  iban: string | null;
  movements: ParsedMovement[];
}

/** CSV/XLSX: header names of the file (as written in its header row). Either amount, or credit and/or debit. */
export interface ColumnMapping {
  bookingDate: string;
  valueDate?: string;
  amount?: string;
  credit?: string;
  debit?: string;
  description: string;
  counterpartyName?: string;
  counterpartyIban?: string;
  reference?: string;
}

/** The file cannot be imported; `reason` is Italian and shown to the user next to the file's name. */
export class StatementRefusedError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.name = "StatementRefusedError";
    this.reason = reason;
  }
}

export const MAX_DESCRIPTION_CHARS = 1000;
export const MAX_NAME_CHARS = 140;
export const MAX_REFERENCE_CHARS = 100;

/** camt.053's namespace without its version ("001.02", "001.08", …). */
export const CAMT053_NAMESPACE_PREFIX = "urn:iso:std:iso:20022:tech:xsd:camt.053.001.";

/** Largest camt.053 or CBI file read (≈ 15,000 camt entries with parties and remittance); CSV/XLSX: lib/import's limit. */
export const MAX_STATEMENT_BYTES = 30 * 1024 * 1024;
