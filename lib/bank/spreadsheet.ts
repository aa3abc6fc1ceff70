/**
 * Statements exported by home banking as CSV or Excel: a table with a header row, read by lib/import's
 * readSpreadsheet (separator, encoding, XLSX limits), then mapped to movements through a ColumnMapping (header
 * names of the file), the user's, remembered per bank account, or else suggested from the Italian headers banks use.
 *
 * Decisions:
 * - the header row is the first row (of the first 30) holding the mapped columns, or, with no mapping, the first
 *   whose headers suggestMapping recognises as a date, an amount and a description: Italian exports often put
 *   the account's data above the table; an IBAN written there is the statement's IBAN;
 * - amounts: "1.234,56", "-1.234,56", "1234.56", "1,234.56", "€ 12,00", "12,00-", "(12,00)", integers; a group
 *   of three digits after the only dot is thousands ("1.234" = 1234,00: a bank never writes three decimals),
 *   while "1,234" (English thousands or three Italian decimals?) is refused as ambiguous; an Excel number with binary noise (1234.5600000001) is rounded to the cent; anything else refuses
 *   the file naming row and column;
 * - Dare/Avere (or Uscite/Entrate, Addebiti/Accrediti): the debit column is money out whatever its sign, the
 *   credit column money in; both filled on one row refuses the file;
 * - dates dd/mm/yyyy (also with - or . and two-digit years), yyyy-mm-dd, with an optional time;
 * - rows that are not movements are skipped: no date and no amount (notes, blank totals), balance lines
 *   ("Saldo iniziale", "Saldo contabile al …"), amount zero; a row with an amount but no date refuses the file.
 */
import { isIban } from "@/lib/fiscal/identifiers";
import type { Spreadsheet } from "@/lib/import/read-spreadsheet";
import { parseCents } from "@/lib/money";
import { collapse, description, fullYear, ibanOrNull, isoDate, nameOrNull, referenceOrNull } from "./normalize";
import { StatementRefusedError, type ColumnMapping, type ParsedMovement, type ParsedStatement } from "./types";

type Field = keyof ColumnMapping;

/** Italian names of the fields, for the messages and the mapping dialog. */
export const MAPPING_LABELS: Record<Field, string> = {
  bookingDate: "data contabile",
  valueDate: "data valuta",
  amount: "importo",
  credit: "avere (entrate)",
  debit: "dare (uscite)",
  description: "descrizione",
  counterpartyName: "controparte",
  counterpartyIban: "IBAN della controparte",
  reference: "riferimento della banca",
};

const quoteList = (headers: string[]) => headers.map((h) => `"${h}"`).join(", ");

export const SPREADSHEET_STATEMENT_MESSAGES = {
  missing: (field: Field, headers: string[]) =>
    `Colonna ${MAPPING_LABELS[field] === "importo" ? "dell'importo" : `della ${MAPPING_LABELS[field]}`} non riconosciuta: indica quale colonna contiene ${
      field === "amount" ? "l'importo (oppure le colonne Dare e Avere)" : `la ${MAPPING_LABELS[field]}`
    } (colonne del file: ${quoteList(headers)})`,
  notInFile: (header: string, field: Field, headers: string[]) =>
    `La colonna "${header}" indicata per ${MAPPING_LABELS[field] === "importo" ? "l'importo" : `la ${MAPPING_LABELS[field]}`} non è nel file (colonne del file: ${quoteList(headers)})`,
  amount: (row: number, v: string, header: string) => `Riga ${row}: importo "${v}" non valido (colonna "${header}")`,
  date: (row: number, v: string, header: string) => `Riga ${row}: data "${v}" non valida (colonna "${header}")`,
  noDate: (row: number, header: string) => `Riga ${row}: data contabile mancante (colonna "${header}")`,
  noAmount: (row: number) => `Riga ${row}: importo mancante`,
  both: (row: number, debit: string, credit: string) => `Riga ${row}: importo presente sia in "${debit}" sia in "${credit}"`,
} as const;

// ---- mapping suggestions

const norm = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** Per field: exact headers (normalised, best first), then a pattern for the rest. Order of the fields matters. */
const RULES: { field: Field; exact: string[]; pattern: RegExp }[] = [
  { field: "valueDate", exact: ["data valuta", "valuta", "value date", "data di valuta"], pattern: /valuta/ },
  {
    field: "bookingDate",
    exact: ["data contabile", "data contabilizzazione", "data di contabilizzazione", "data registrazione", "data operazione", "data op", "data movimento", "data", "booking date", "date"],
    pattern: /^data\b|^date\b/,
  },
  { field: "credit", exact: ["avere", "entrate", "accrediti", "accredito", "importo avere", "avere eur", "entrata", "credit", "credito"], pattern: /\b(avere|entrat[ae]|accredit[oi])\b/ },
  { field: "debit", exact: ["dare", "uscite", "addebiti", "addebito", "importo dare", "dare eur", "uscita", "debit", "debito"], pattern: /\b(dare|uscit[ae]|addebit[oi])\b/ },
  { field: "amount", exact: ["importo", "importo eur", "importo euro", "importo in euro", "importo e", "importo movimento", "amount", "ammontare"], pattern: /^importo\b|\bamount\b/ },
  {
    field: "counterpartyIban",
    exact: ["iban controparte", "iban ordinante", "iban beneficiario", "iban ordinante beneficiario", "iban beneficiario ordinante", "counterparty iban"],
    pattern: /iban.*(controparte|ordinante|beneficiario)|(controparte|ordinante|beneficiario).*iban/,
  },
  {
    field: "counterpartyName",
    exact: ["ordinante beneficiario", "beneficiario ordinante", "controparte", "nome controparte", "ragione sociale controparte", "ordinante", "beneficiario", "counterparty"],
    pattern: /ordinante|beneficiario|controparte/,
  },
  { field: "reference", exact: ["riferimento banca", "riferimento", "rif", "rif banca", "cro", "trn", "id operazione", "numero operazione", "reference"], pattern: /^rif\b|riferiment|\bcro\b|\btrn\b/ },
  {
    field: "description",
    exact: ["descrizione estesa", "descrizione completa", "descrizione operazione", "descrizione", "causale", "dettagli", "dettaglio", "operazione", "description", "motivazione", "note"],
    pattern: /descri|causale|dettagl/,
  },
];

/** The columns of a statement, guessed from the header names Italian home banking writes. */
export function suggestMapping(headers: string[]): Partial<ColumnMapping> {
  const normalised = headers.map(norm);
  const used = new Set<number>();
  const out: Partial<ColumnMapping> = {};
  const take = (field: Field, i: number) => {
    used.add(i);
    out[field] = headers[i].trim();
  };
  for (const rule of RULES) {
    for (const name of rule.exact) {
      const i = normalised.findIndex((h, idx) => !used.has(idx) && h === name);
      if (i >= 0) {
        take(rule.field, i);
        break;
      }
    }
  }
  for (const rule of RULES) {
    if (out[rule.field]) continue;
    const i = normalised.findIndex((h, idx) => !used.has(idx) && h !== "" && rule.pattern.test(h));
    if (i >= 0) take(rule.field, i);
  }
  // an amount column makes Dare/Avere guesses pointless (and vice versa)
  if (out.amount && (out.credit || out.debit)) {
    if (out.credit && out.debit) delete out.amount;
    else {
      delete out.credit;
      delete out.debit;
    }
  }
  return out;
}

const hasAmount = (m: Partial<ColumnMapping>) => !!(m.amount || m.credit || m.debit);
const isComplete = (m: Partial<ColumnMapping>): m is ColumnMapping => !!(m.bookingDate && m.description && hasAmount(m));

// ---- header row

const HEADER_SEARCH_ROWS = 30;

interface Table {
  header: string[];
  rows: { row: number; cells: string[] }[];
  /** Rows above the header. */
  above: string[][];
}

function columnIndex(header: string[], name: string): number {
  const exact = header.findIndex((h) => h === name.trim());
  if (exact >= 0) return exact;
  const n = norm(name);
  return header.findIndex((h) => norm(h) === n);
}

const mappedHeaders = (m: Partial<ColumnMapping>) => Object.values(m).filter((v): v is string => typeof v === "string" && v.trim() !== "");

/** Finds the header row: the one holding the mapping's columns, or the first with a recognisable table. */
export function locateTable(sheet: Pick<Spreadsheet, "header" | "rows">, mapping: ColumnMapping | null): Table {
  const candidates = [sheet.header, ...sheet.rows.slice(0, HEADER_SEARCH_ROWS).map((r) => r.cells)];
  const fits = (cells: string[]) =>
    mapping ? mappedHeaders(mapping).every((h) => columnIndex(cells, h) >= 0) : isComplete(suggestMapping(cells));
  const at = candidates.findIndex(fits);
  if (at <= 0) return { header: sheet.header, rows: sheet.rows, above: [] };
  return { header: candidates[at], rows: sheet.rows.slice(at), above: candidates.slice(0, at) };
}

/** The statement's IBAN when the rows above the table state one (a valid IBAN, check digits included). */
function ibanAbove(rows: string[][]): string | null {
  for (const cells of rows) {
    for (const cell of cells) {
      const compact = cell.replace(/[\s\u00a0]+/g, "").toUpperCase();
      for (const m of compact.matchAll(/[A-Z]{2}\d{2}[A-Z0-9]{11,30}/g)) {
        // an IBAN glued to the text after it ("IBAN:IT60X…CONTO") is tried shorter too
        for (let len = m[0].length; len >= 15; len--) {
          const candidate = m[0].slice(0, len);
          if (isIban(candidate)) return candidate;
        }
      }
    }
  }
  return null;
}

// ---- cells

/** Italian or machine amount text → cents, or null when it is not an amount. */
export function parseAmountCell(raw: string): number | null {
  let s = raw.replace(/[\s\u00a0]+/g, "").replace(/€|EUR$|^EUR/gi, "");
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (s.startsWith("-") || s.startsWith("+")) {
    negative = negative || s[0] === "-";
    s = s.slice(1);
  } else if (s.endsWith("-") || s.endsWith("+")) {
    negative = negative || s.endsWith("-");
    s = s.slice(0, -1);
  }
  s = s.replace(/€|EUR$|^EUR/gi, "");
  let machine: string;
  if (/^\d+$/.test(s)) machine = s;
  else if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(s) || /^\d+,\d{1,2}$/.test(s)) machine = s.replace(/\./g, "").replace(",", ".");
  else if (/^\d{1,3}(,\d{3})+\.\d{1,2}$/.test(s) || /^\d+\.\d{1,2}$/.test(s)) machine = s.replace(/,/g, "");
  else if (/^\d{1,3}('\d{3})+([.,]\d{1,2})?$/.test(s)) machine = s.replace(/'/g, "").replace(",", ".");
  else if (/^\d+\.\d{6,}$/.test(s)) machine = s; // an Excel number with binary noise: rounded to the cent below
  else return null;
  const c = parseCents(machine);
  return negative ? -c : c;
}

/** dd/mm/yyyy (or - .), dd/mm/yy, yyyy-mm-dd, each with an optional time → 'YYYY-MM-DD', or null. */
export function parseDateCell(raw: string): string | null {
  const s = raw.trim().replace(/[T\s]+\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/, "");
  let m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(s);
  if (m) return isoDate(m[3].length === 2 ? fullYear(Number(m[3])) : Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(s);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  return null;
}

const BALANCE_LINE = /^saldo\s+(iniziale|finale|contabile|disponibile|liquido|al|a\s+debito|a\s+credito)\b/i;

/** The movements of a table read by readSpreadsheet. `mapping` null: suggestMapping's, refused when incomplete. */
export function parseSpreadsheetStatement(sheet: Spreadsheet, mapping: ColumnMapping | null): ParsedStatement {
  const M = SPREADSHEET_STATEMENT_MESSAGES;
  const table = locateTable(sheet, mapping);
  const { header } = table;
  const m: Partial<ColumnMapping> = mapping ?? suggestMapping(header);
  if (!m.bookingDate) throw new StatementRefusedError(M.missing("bookingDate", header));
  if (!hasAmount(m)) throw new StatementRefusedError(M.missing("amount", header));
  if (!m.description) throw new StatementRefusedError(M.missing("description", header));
  const col: Partial<Record<Field, number>> = {};
  for (const [field, name] of Object.entries(m) as [Field, string | undefined][]) {
    if (!name || name.trim() === "") continue;
    const i = columnIndex(header, name);
    if (i < 0) throw new StatementRefusedError(M.notInFile(name, field, header));
    col[field] = i;
  }
  const cell = (cells: string[], field: Field) => (col[field] === undefined ? "" : (cells[col[field]!] ?? "").trim());
  const name = (field: Field) => header[col[field]!];
  const amountOf = (row: number, cells: string[], field: Field): number | null => {
    const v = cell(cells, field);
    if (v === "") return null;
    const c = parseAmountCell(v);
    if (c === null) throw new StatementRefusedError(M.amount(row, v, name(field)));
    return c;
  };

  const movements: ParsedMovement[] = [];
  for (const { row, cells } of table.rows) {
    const text = collapse(cell(cells, "description"));
    let amount: number | null;
    if (col.amount !== undefined) amount = amountOf(row, cells, "amount");
    else {
      const credit = col.credit !== undefined ? amountOf(row, cells, "credit") : null;
      const debit = col.debit !== undefined ? amountOf(row, cells, "debit") : null;
      if (credit && debit) throw new StatementRefusedError(M.both(row, name("debit"), name("credit")));
      amount = credit ? Math.abs(credit) : debit ? -Math.abs(debit) : credit ?? debit;
    }
    const dateText = cell(cells, "bookingDate");
    if (BALANCE_LINE.test(text) || (dateText === "" && amount === null)) continue;
    if (dateText === "") throw new StatementRefusedError(M.noDate(row, name("bookingDate")));
    const bookingDate = parseDateCell(dateText);
    if (!bookingDate) throw new StatementRefusedError(M.date(row, dateText, name("bookingDate")));
    const valueText = cell(cells, "valueDate");
    const valueDate = valueText === "" ? null : parseDateCell(valueText);
    if (valueText !== "" && !valueDate) throw new StatementRefusedError(M.date(row, valueText, name("valueDate")));
    if (amount === null) throw new StatementRefusedError(M.noAmount(row));
    if (amount === 0) continue;
    movements.push({
      bookingDate,
      valueDate,
      amount,
      description: description(text),
      counterpartyName: nameOrNull(cell(cells, "counterpartyName")),
      counterpartyIban: ibanOrNull(cell(cells, "counterpartyIban")),
      reference: referenceOrNull(cell(cells, "reference")),
    });
  }
  return { format: sheet.format, iban: ibanAbove(table.above), movements };
}
