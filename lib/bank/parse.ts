/**
 * The one entry point of the statement parsers: recognises the format by content (not by the file's name),
 * hands the file to its parser and turns every failure into a StatementRefusedError with an Italian reason.
 *
 * - XML whose root is in a camt namespace → camt.053 (other camt messages and other XML are refused by name);
 * - text whose first record is " RH" → CBI rendicontazione movimenti;
 * - otherwise CSV/XLSX through lib/import's readSpreadsheet (whose refusals, such as .xls or a binary file,
 *   become the reason), with the given mapping or the suggested one;
 * - PDF and other binary files are refused as unrecognised, naming the accepted formats.
 */
import { ApiError } from "@/lib/errors";
import { decodeWindows1252, readSpreadsheet, SPREADSHEET_MESSAGES } from "@/lib/import/read-spreadsheet";
import { checkCamtXml, parseCamt053 } from "./camt053";
import { isCbi, parseCbi } from "./cbi";
import { locateTable, parseSpreadsheetStatement } from "./spreadsheet";
import { MAX_STATEMENT_BYTES, StatementRefusedError, type ColumnMapping, type ParsedStatement } from "./types";

export { suggestMapping } from "./spreadsheet";
export { StatementRefusedError } from "./types";
export type { ColumnMapping, ParsedMovement, ParsedStatement } from "./types";

const ACCEPTED = "sono accettati camt.053 (XML), CBI (rendicontazione movimenti), CSV ed Excel (.xlsx)";
export const UNRECOGNISED = (detail: string) => `Formato dell'estratto conto non riconosciuto: ${detail}; ${ACCEPTED}`;

const UTF16_XML = "Codifica del file non supportata (UTF-16): l'estratto conto XML deve essere in UTF-8";

type Kind = "xml" | "utf16-xml" | "cbi" | "pdf" | "spreadsheet";

const startsWith = (bytes: Uint8Array, magic: number[], from = 0) => magic.every((b, i) => bytes[from + i] === b);

function kindOf(bytes: Uint8Array): { kind: Kind; text?: string } {
  let i = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46], i)) return { kind: "pdf" }; // %PDF
  if (startsWith(bytes, [0xff, 0xfe, 0x3c, 0x00]) || startsWith(bytes, [0xfe, 0xff, 0x00, 0x3c])) return { kind: "utf16-xml" };
  if (startsWith(bytes, [0x20, 0x52, 0x48], i)) {
    // " RH": CBI records are ASCII; a description with accents is read as UTF-8 when it is, else as Windows-1252
    const body = bytes.subarray(i);
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(body);
    } catch {
      text = decodeWindows1252(body);
    }
    if (isCbi(text)) return { kind: "cbi", text };
  }
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)) i++;
  if (bytes[i] === 0x3c) return { kind: "xml" }; // '<'
  return { kind: "spreadsheet" };
}

/** A refusal of readSpreadsheet (400 with an Italian message) as the statement's refusal; anything else rethrown. */
function refusedFrom(e: unknown): never {
  if (e instanceof StatementRefusedError) throw e;
  if (e instanceof ApiError && e.message === SPREADSHEET_MESSAGES.notSpreadsheet) {
    throw new StatementRefusedError(UNRECOGNISED("il file non è un XML, un CBI né un foglio di calcolo"));
  }
  if (e instanceof ApiError) throw new StatementRefusedError(e.message);
  throw e;
}

/** Parses one statement file; throws StatementRefusedError (reason in Italian) when it cannot be imported. */
export async function parseStatementFile(name: string, bytes: Uint8Array, options?: { mapping?: ColumnMapping | null }): Promise<ParsedStatement> {
  if (bytes.byteLength === 0) throw new StatementRefusedError("Il file è vuoto");
  if (bytes.byteLength > MAX_STATEMENT_BYTES) {
    throw new StatementRefusedError(`Il file supera la dimensione massima di ${MAX_STATEMENT_BYTES / 1024 / 1024} MB per un estratto conto`);
  }
  const { kind, text } = kindOf(bytes);
  if (kind === "pdf") throw new StatementRefusedError(UNRECOGNISED("un PDF non contiene i movimenti in forma leggibile"));
  if (kind === "utf16-xml") throw new StatementRefusedError(UTF16_XML);
  if (kind === "cbi") return parseCbi(text!);
  if (kind === "xml") {
    const xml = checkCamtXml(bytes, (root, ns) => {
      throw new StatementRefusedError(UNRECOGNISED(`il file XML (elemento ${root}${ns ? `, namespace ${ns}` : ""}) non è un estratto conto camt.053`));
    });
    return parseCamt053(xml);
  }
  try {
    const sheet = await readSpreadsheet(bytes);
    return parseSpreadsheetStatement(sheet, options?.mapping ?? null);
  } catch (e) {
    return refusedFrom(e);
  }
}

/**
 * The header row of a CSV/XLSX statement (the one its table starts from), for the column mapping dialog;
 * [] for camt.053 and CBI, which need no mapping. Refusals as parseStatementFile.
 */
export async function readStatementHeaders(name: string, bytes: Uint8Array): Promise<string[]> {
  if (bytes.byteLength === 0) throw new StatementRefusedError("Il file è vuoto");
  const { kind } = kindOf(bytes);
  if (kind === "utf16-xml") throw new StatementRefusedError(UTF16_XML);
  if (kind === "cbi" || kind === "xml") return [];
  if (kind === "pdf") throw new StatementRefusedError(UNRECOGNISED("un PDF non contiene i movimenti in forma leggibile"));
  try {
    const sheet = await readSpreadsheet(bytes);
    return locateTable(sheet, null).header;
  } catch (e) {
    return refusedFrom(e);
  }
}
