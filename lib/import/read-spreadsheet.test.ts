import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors";
import { columnLetter, readSpreadsheet, SPREADSHEET_MESSAGES, zipInflatedSize } from "./read-spreadsheet";

const utf8 = (s: string) => new TextEncoder().encode(s);
/** Windows-1252 of Latin-1 text (what Excel on Italian Windows saves as CSV). */
const cp1252 = (s: string) => Uint8Array.from([...s].map((c) => (c === "€" ? 0x80 : c.charCodeAt(0))));

async function refused(bytes: Uint8Array): Promise<string> {
  const err = await readSpreadsheet(bytes).catch((e) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect(err.httpStatus).toBe(400);
  return err.message;
}

async function xlsx(rows: ExcelJS.CellValue[][], edit?: (ws: ExcelJS.Worksheet) => void): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Clienti");
  for (const r of rows) ws.addRow(r);
  edit?.(ws);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

describe("readSpreadsheet: CSV", () => {
  it("guesses ; , and tab, trims cells, drops empty rows and numbers rows as the file does", async () => {
    for (const sep of [";", ",", "\t"]) {
      const sheet = await readSpreadsheet(utf8(`Nome${sep}Città\n\n Rossi ${sep}Milano\n${sep}\n"Bianchi${sep} Luca"${sep}Roma\n`));
      expect(sheet).toMatchObject({ format: "csv", encoding: "UTF-8", separator: sep, header: ["Nome", "Città"] });
      expect(sheet.rows).toEqual([
        { row: 3, cells: ["Rossi", "Milano"] },
        { row: 5, cells: [`Bianchi${sep} Luca`, "Roma"] },
      ]);
    }
  });

  it("reads UTF-8 (with or without BOM), UTF-16 with BOM and Windows-1252", async () => {
    const text = "Ragione sociale;Città\nCaffè Né S.n.c.;Forlì €\n";
    for (const [bytes, encoding] of [
      [utf8(text), "UTF-8"],
      [utf8("\uFEFF" + text), "UTF-8"],
      [cp1252(text), "Windows-1252"],
      [Uint8Array.from([0xff, 0xfe, ...new Uint8Array(Buffer.from(text, "utf16le"))]), "UTF-16"],
    ] as const) {
      const sheet = await readSpreadsheet(bytes);
      expect([sheet.encoding, sheet.rows[0]!.cells]).toEqual([encoding, ["Caffè Né S.n.c.", "Forlì €"]]);
    }
  });

  it("keeps formulas of a CSV as text (nothing evaluates them)", async () => {
    const sheet = await readSpreadsheet(utf8('Nome;Note\n=HYPERLINK("http://x");@SUM(A1)\n'));
    expect(sheet.rows[0]!.cells).toEqual(['=HYPERLINK("http://x")', "@SUM(A1)"]);
  });

  it("refuses empty files, a header alone, binaries, .xls, long cells and unclosed quotes", async () => {
    expect(await refused(new Uint8Array())).toBe(SPREADSHEET_MESSAGES.empty);
    expect(await refused(utf8("\n \n"))).toBe(SPREADSHEET_MESSAGES.empty);
    expect(await refused(utf8("Nome;Cognome\n;\n"))).toBe(SPREADSHEET_MESSAGES.headerOnly);
    expect(await refused(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]))).toBe(SPREADSHEET_MESSAGES.notSpreadsheet);
    expect(await refused(utf8("%PDF-1.7\n\u0001\u0002\u0003\u0004\u0005\u0006 stream"))).toBe(SPREADSHEET_MESSAGES.notSpreadsheet);
    expect(await refused(Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).toBe(SPREADSHEET_MESSAGES.xls);
    expect(await refused(utf8(`Nome;Note\nRossi;${"x".repeat(1024 * 1024)}\n`))).toBe("La cella B2 contiene più di 5.000 caratteri: non sembra un elenco da importare");
    expect(await refused(utf8('Nome;Note\nRossi;"aperta\n'))).toBe("Il file CSV non è leggibile alla riga 2: virgolette non chiuse");
    expect(await refused(new Uint8Array(11 * 1024 * 1024).fill(65))).toBe(SPREADSHEET_MESSAGES.tooBig);
  });

  it("names columns as a spreadsheet does", () => {
    expect([0, 25, 26, 27, 701, 702].map(columnLetter)).toEqual(["A", "Z", "AA", "AB", "ZZ", "AAA"]);
  });
});

describe("readSpreadsheet: XLSX", () => {
  it("reads the first sheet with data: text, numbers (leading zeros of a 00000 format kept), rich text, links, booleans", async () => {
    const bytes = await xlsx(
      [
        ["Ragione sociale", "CAP", "Partita IVA", "Sito", "Cliente"],
        [{ richText: [{ text: "Rossi " }, { text: "S.r.l." }] }, 100, 1234567897, { text: "rossi.it", hyperlink: "https://rossi.it" }, true],
        [],
        ["Verdi", 20121, "IT01234567897", null, false],
      ],
      (ws) => (ws.getCell("B2").numFmt = "00000"),
    );
    const sheet = await readSpreadsheet(bytes);
    expect(sheet).toMatchObject({ format: "xlsx", sheetName: "Clienti", header: ["Ragione sociale", "CAP", "Partita IVA", "Sito", "Cliente"] });
    expect(sheet.rows).toEqual([
      { row: 2, cells: ["Rossi S.r.l.", "00100", "1234567897", "rossi.it", "Sì"] },
      { row: 4, cells: ["Verdi", "20121", "IT01234567897", "", "No"] },
    ]);
  });

  it("refuses formula cells, naming the cell, and damaged or foreign zips", async () => {
    const withFormula = await xlsx([["Nome", "Totale"], ["Rossi", { formula: "1+1", result: 2 }]]);
    expect(await refused(withFormula)).toBe(SPREADSHEET_MESSAGES.formula("Clienti", "B2"));
    const good = await xlsx([["Nome"], ["Rossi"]]);
    expect(await refused(good.slice(0, good.length - 40))).toBe(SPREADSHEET_MESSAGES.notSpreadsheet);
    const damaged = good.slice();
    damaged.fill(0, 200, 400);
    expect(await refused(damaged)).toBe(SPREADSHEET_MESSAGES.unreadableXlsx);
  });

  it("sums a zip's inflated size from its central directory", async () => {
    const bytes = await xlsx([["Nome"], ["Rossi"]]);
    const size = zipInflatedSize(bytes);
    expect(size).toBeGreaterThan(bytes.length);
    expect(zipInflatedSize(utf8("non uno zip"))).toBeNull();
  });
});
