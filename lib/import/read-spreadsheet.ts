/**
 * Reads an uploaded spreadsheet into rows of text cells, for the imports (contacts first). CSV through
 * papaparse (separator ; , or tab guessed; UTF-8, UTF-16 with its BOM, else Windows-1252, the encoding of
 * Excel's "CSV" on Italian Windows), XLSX through exceljs. Whatever is not a plain table of values is
 * refused with an Italian message (BadRequestError, 400) before anything reads it further: not a
 * spreadsheet, empty, too many rows or columns, an oversized cell, formulas (their cached results may be
 * stale or missing: the user saves the values instead), a zip that would inflate beyond reason.
 */
import "server-only";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { BadRequestError } from "@/lib/errors";
import { IMPORT_TOO_BIG, MAX_IMPORT_BYTES } from "@/lib/schemas/import-limits";

export { MAX_IMPORT_BYTES };
/** Data rows of one file. */
export const MAX_IMPORT_ROWS = 20_000;
export const MAX_IMPORT_COLUMNS = 100;
/** No field of a contact is longer; a longer cell means the file is not what it claims. */
export const MAX_CELL_CHARS = 5_000;
/** Uncompressed size of an XLSX's parts (a 10 MB zip of repeated bytes could inflate to gigabytes). */
export const MAX_XLSX_INFLATED_BYTES = 200 * 1024 * 1024;

/** 20000 → "20.000" (Italian prose; toLocaleString depends on the runtime's ICU data: "5000" in some builds). */
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ".");

export const SPREADSHEET_MESSAGES = {
  empty: "Il file è vuoto",
  headerOnly: "Il file contiene solo l'intestazione: nessuna riga da importare",
  notSpreadsheet: "Il file non è un foglio di calcolo: usa un file CSV (separato da ; , o tabulazione) o Excel (.xlsx)",
  xls: "Il formato Excel 97-2003 (.xls) non è supportato: salva il file come .xlsx o CSV e riprova",
  unreadableXlsx: "Il file Excel non è leggibile: salvalo di nuovo come .xlsx o CSV e riprova",
  tooManyRows: `Il file ha più di ${thousands(MAX_IMPORT_ROWS)} righe: dividilo in più file`,
  tooManyColumns: `Il file ha più di ${MAX_IMPORT_COLUMNS} colonne: non sembra un elenco da importare`,
  tooBig: IMPORT_TOO_BIG,
  inflated: "Il file Excel è troppo grande una volta decompresso: salvalo come CSV e riprova",
  cellTooLong: (cell: string) => `La cella ${cell} contiene più di ${thousands(MAX_CELL_CHARS)} caratteri: non sembra un elenco da importare`,
  formula: (sheet: string, cell: string) =>
    `Il file contiene formule (foglio "${sheet}", cella ${cell}): salva il foglio con i soli valori (Copia, Incolla speciale, Valori) e riprova`,
  quotes: (row: number) => `Il file CSV non è leggibile alla riga ${row}: virgolette non chiuse`,
} as const;

export interface Spreadsheet {
  format: "csv" | "xlsx";
  /** CSV only. */
  encoding?: "UTF-8" | "UTF-16" | "Windows-1252";
  /** CSV only: ";", ",", "\t". */
  separator?: string;
  /** XLSX only: the sheet read (the first with data). */
  sheetName?: string;
  /** The first non-empty row, trimmed. */
  header: string[];
  /** The other non-empty rows, trimmed, each with its row number in the file (the header is usually 1). */
  rows: { row: number; cells: string[] }[];
}

/** "A", …, "Z", "AA": the column letters a spreadsheet shows. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export async function readSpreadsheet(bytes: Uint8Array): Promise<Spreadsheet> {
  if (bytes.byteLength === 0) throw new BadRequestError(SPREADSHEET_MESSAGES.empty);
  if (bytes.byteLength > MAX_IMPORT_BYTES) throw new BadRequestError(SPREADSHEET_MESSAGES.tooBig);
  if (startsWith(bytes, ZIP)) return readXlsx(bytes);
  if (startsWith(bytes, OLE)) throw new BadRequestError(SPREADSHEET_MESSAGES.xls);
  return readCsv(bytes);
}

// ---- CSV

function decodeText(bytes: Uint8Array): { text: string; encoding: NonNullable<Spreadsheet["encoding"]> } {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return { text: new TextDecoder("utf-8").decode(bytes.subarray(3)), encoding: "UTF-8" };
  if (startsWith(bytes, [0xff, 0xfe])) return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), encoding: "UTF-16" };
  if (startsWith(bytes, [0xfe, 0xff])) return { text: new TextDecoder("utf-16be").decode(bytes.subarray(2)), encoding: "UTF-16" };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "UTF-8" };
  } catch {
    // not UTF-8: Excel on Italian Windows writes CSV in Windows-1252 (à è é ì ò ù €)
    return { text: decodeWindows1252(bytes), encoding: "Windows-1252" };
  }
}

/** Windows-1252's characters at 0x80-0x9F (undefined bytes stay as they are). */
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";

/**
 * Windows-1252 text. Node's TextDecoder("windows-1252") decodes 0x80-0x9F as Latin-1 control characters
 * (so "€" would be lost): those 32 bytes are mapped here, the rest is Latin-1.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192);
    out += String.fromCharCode(...Array.from(chunk, (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH.charCodeAt(b - 0x80) : b)));
  }
  return out;
}

/** Binary content decoded as text: NULs, or control characters beyond an odd stray one. */
function looksBinary(text: string): boolean {
  const sample = text.slice(0, 64 * 1024);
  let control = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 0) return true;
    if (c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) control++;
    else if (c === 0xfffd) control++; // bytes that were not UTF-16 text
  }
  return control > Math.max(2, sample.length / 200);
}

function readCsv(bytes: Uint8Array): Spreadsheet {
  const { text, encoding } = decodeText(bytes);
  if (text.trim() === "") throw new BadRequestError(SPREADSHEET_MESSAGES.empty);
  if (looksBinary(text)) throw new BadRequestError(SPREADSHEET_MESSAGES.notSpreadsheet);
  // papaparse guesses the separator from the first rows, which blank lines would spoil; the full read keeps
  // them, so that row numbers are the file's
  const guess = Papa.parse<string[]>(text, { delimitersToGuess: [";", "\t", ","], skipEmptyLines: "greedy", preview: 20 });
  const parsed = Papa.parse<string[]>(text, { delimiter: guess.meta.delimiter, skipEmptyLines: false });
  const quotes = parsed.errors.find((e) => e.type === "Quotes");
  if (quotes) throw new BadRequestError(SPREADSHEET_MESSAGES.quotes((quotes.row ?? 0) + 1));
  const sheet = toSheet(parsed.data.map((cells, i) => ({ row: i + 1, cells })));
  return { format: "csv", encoding, separator: parsed.meta.delimiter, ...sheet };
}

// ---- XLSX

/**
 * The uncompressed size of a zip's entries, from its central directory (read before exceljs inflates
 * anything). Null when the directory cannot be found (not a zip exceljs could read either).
 */
export function zipInflatedSize(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // end of central directory: signature 0x06054b50, within the last 64 KB (its comment is at most 65,535 bytes)
  for (let at = bytes.byteLength - 22; at >= Math.max(0, bytes.byteLength - 22 - 65_535); at--) {
    if (view.getUint32(at, true) !== 0x06054b50) continue;
    const entries = view.getUint16(at + 10, true);
    let p = view.getUint32(at + 16, true);
    let total = 0;
    for (let i = 0; i < entries; i++) {
      if (p + 46 > bytes.byteLength || view.getUint32(p, true) !== 0x02014b50) return null;
      const size = view.getUint32(p + 24, true);
      if (size === 0xffffffff) return Number.POSITIVE_INFINITY; // zip64: larger than 4 GB
      total += size;
      p += 46 + view.getUint16(p + 28, true) + view.getUint16(p + 30, true) + view.getUint16(p + 32, true);
    }
    return total;
  }
  return null;
}

/** A cell's value as text; formulas are refused (the caller names the cell). */
function cellText(value: ExcelJS.CellValue, numFmt: string | undefined): string | { formula: true } {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") {
    // a code typed as a number loses its leading zeros ("00100"); a "00000" format keeps them
    if (numFmt && /^0+$/.test(numFmt) && Number.isInteger(value)) return String(value).padStart(numFmt.length, "0");
    return Number.isInteger(value) ? value.toFixed(0) : String(value);
  }
  if (typeof value === "boolean") return value ? "Sì" : "No";
  if (value instanceof Date) {
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${pad(value.getUTCDate())}/${pad(value.getUTCMonth() + 1)}/${value.getUTCFullYear()}`;
  }
  if ("formula" in value || "sharedFormula" in value) return { formula: true };
  if ("richText" in value) return value.richText.map((r) => r.text).join("");
  if ("hyperlink" in value) return typeof value.text === "string" ? value.text : value.hyperlink;
  if ("error" in value) return "";
  return "";
}

async function readXlsx(bytes: Uint8Array): Promise<Spreadsheet> {
  const inflated = zipInflatedSize(bytes);
  if (inflated === null) throw new BadRequestError(SPREADSHEET_MESSAGES.notSpreadsheet);
  if (inflated > MAX_XLSX_INFLATED_BYTES) throw new BadRequestError(SPREADSHEET_MESSAGES.inflated);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch {
    // a zip that is not a workbook (a .docx, an archive) or a damaged one
    throw new BadRequestError(SPREADSHEET_MESSAGES.unreadableXlsx);
  }
  const worksheet = workbook.worksheets.find((w) => w.actualRowCount > 0);
  if (!worksheet) throw new BadRequestError(SPREADSHEET_MESSAGES.empty);
  if (worksheet.actualRowCount > MAX_IMPORT_ROWS + 1) throw new BadRequestError(SPREADSHEET_MESSAGES.tooManyRows);
  if (worksheet.actualColumnCount > MAX_IMPORT_COLUMNS) throw new BadRequestError(SPREADSHEET_MESSAGES.tooManyColumns);
  const rows: { row: number; cells: string[] }[] = [];
  worksheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      const text = cellText(cell.value, cell.numFmt);
      if (typeof text !== "string") throw new BadRequestError(SPREADSHEET_MESSAGES.formula(worksheet.name, cell.address));
      cells[col - 1] = text;
    });
    rows.push({ row: rowNumber, cells: Array.from(cells, (c) => c ?? "") });
  });
  return { format: "xlsx", sheetName: worksheet.name, ...toSheet(rows) };
}

// ---- both

/** Trims, drops empty rows, checks the limits; the first row left is the header. */
function toSheet(raw: { row: number; cells: string[] }[]): Pick<Spreadsheet, "header" | "rows"> {
  const rows: { row: number; cells: string[] }[] = [];
  for (const r of raw) {
    const cells = r.cells.map((c) => (c ?? "").trim());
    if (cells.every((c) => c === "")) continue;
    if (cells.length > MAX_IMPORT_COLUMNS) throw new BadRequestError(SPREADSHEET_MESSAGES.tooManyColumns);
    const long = cells.findIndex((c) => c.length > MAX_CELL_CHARS);
    if (long >= 0) throw new BadRequestError(SPREADSHEET_MESSAGES.cellTooLong(`${columnLetter(long)}${r.row}`));
    rows.push({ row: r.row, cells });
    if (rows.length > MAX_IMPORT_ROWS + 1) throw new BadRequestError(SPREADSHEET_MESSAGES.tooManyRows);
  }
  if (rows.length === 0) throw new BadRequestError(SPREADSHEET_MESSAGES.empty);
  if (rows.length === 1) throw new BadRequestError(SPREADSHEET_MESSAGES.headerOnly);
  const [header, ...data] = rows;
  return { header: header!.cells, rows: data };
}
