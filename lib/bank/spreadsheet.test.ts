import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { parseStatementFile, readStatementHeaders, suggestMapping } from "./parse";
import { parseAmountCell, parseDateCell, SPREADSHEET_STATEMENT_MESSAGES as M } from "./spreadsheet";
import { italianAmount, sampleMovements, writeCsv, writeXlsx } from "./testing";
import { StatementRefusedError, type ColumnMapping, type ParsedMovement } from "./types";

const utf8 = (s: string) => new TextEncoder().encode(s);
const csv = (s: string, mapping?: ColumnMapping) => parseStatementFile("movimenti.csv", utf8(s), { mapping });
async function refusal(p: Promise<unknown>): Promise<string> {
  const err = await p.catch((e) => e);
  expect(err).toBeInstanceOf(StatementRefusedError);
  return (err as StatementRefusedError).reason;
}

const movements: ParsedMovement[] = [
  { bookingDate: "2026-03-02", valueDate: "2026-03-01", amount: 123456, description: 'SALDO FT 12/2026; "acconto"', counterpartyName: "Rossi S.r.l.", counterpartyIban: "IT02L1234512345123456789012", reference: "CRO123" },
  { bookingDate: "2026-03-03", valueDate: null, amount: -5, description: "COMMISSIONI", counterpartyName: null, counterpartyIban: null, reference: null },
  { bookingDate: "2026-03-04", valueDate: "2026-03-04", amount: -123456789, description: "BONIFICO A FORNITORE", counterpartyName: "Bianchi", counterpartyIban: null, reference: "X9" },
];

describe("CSV statements", () => {
  it("round trip of both styles (signed Importo, Dare/Avere) without a mapping", async () => {
    for (const style of ["italian", "dare-avere"] as const) {
      const text = writeCsv({ movements, style });
      expect(text).toContain(style === "italian" ? ";-1.234.567,89;" : ";1.234.567,89;;");
      expect(await csv(text)).toEqual({ format: "csv", iban: null, movements });
    }
  });

  it("reads ',' separated files with yyyy-mm-dd dates and dot decimals, and a mapping of the user's", async () => {
    const text = 'Quando,Valore,Soldi,Testo,Chi\n2026-03-02,2026-03-02,"1,234.56",Incasso FT 3,Neri\n2026-03-03,,-7.5,Spese,\n';
    const mapping: ColumnMapping = { bookingDate: "Quando", valueDate: "Valore", amount: "soldi", description: "Testo", counterpartyName: "Chi" };
    expect((await csv(text, mapping)).movements).toEqual([
      { bookingDate: "2026-03-02", valueDate: "2026-03-02", amount: 123456, description: "Incasso FT 3", counterpartyName: "Neri", counterpartyIban: null, reference: null },
      { bookingDate: "2026-03-03", valueDate: null, amount: -750, description: "Spese", counterpartyName: null, counterpartyIban: null, reference: null },
    ]);
  });

  it("refuses a wrong amount or date naming the row and column", async () => {
    const head = "Data contabile;Data valuta;Importo;Descrizione\n02/03/2026;;10,00;ok\n";
    expect(await refusal(csv(head + "\n03/03/2026;;abc;x\n"))).toBe('Riga 4: importo "abc" non valido (colonna "Importo")');
    expect(await refusal(csv(head + "03/03/2026;;1,234;x\n"))).toBe(M.amount(3, "1,234", "Importo"));
    expect(await refusal(csv(head + "31/02/2026;;1,00;x\n"))).toBe(M.date(3, "31/02/2026", "Data contabile"));
    expect(await refusal(csv(head + "01/03/2026;ieri;1,00;x\n"))).toBe(M.date(3, "ieri", "Data valuta"));
    expect(await refusal(csv(head + ";;1,00;bonifico\n"))).toBe(M.noDate(3, "Data contabile"));
    expect(await refusal(csv("Data;Dare;Avere;Causale\n02/03/2026;1,00;2,00;x\n"))).toBe(M.both(2, "Dare", "Avere"));
  });

  it("says which column to map when one cannot be recognised, and which mapped column is missing", async () => {
    expect(await refusal(csv("Giorno;Importo;Descrizione\n02/03/2026;1,00;x\n"))).toBe(M.missing("bookingDate", ["Giorno", "Importo", "Descrizione"]));
    expect(await refusal(csv("Data;Euro;Descrizione\n02/03/2026;1,00;x\n"))).toBe(M.missing("amount", ["Data", "Euro", "Descrizione"]));
    expect(M.missing("amount", ["A"])).toBe('Colonna dell\'importo non riconosciuta: indica quale colonna contiene l\'importo (oppure le colonne Dare e Avere) (colonne del file: "A")');
    expect(await refusal(csv("Data;Importo;Descrizione\n02/03/2026;1,00;x\n", { bookingDate: "Data", amount: "Importo", description: "Note" }))).toBe(
      M.notInFile("Note", "description", ["Data", "Importo", "Descrizione"]),
    );
  });

  it("skips balance lines, blank totals and zero amounts; finds the table under the account's data", async () => {
    const text = [
      "Estratto conto;;;",
      "Intestatario;ACME SRL;;",
      "IBAN;IT60 X054 2811 1010 0000 0123 456;;",
      "",
      "Data operazione;Data valuta;Descrizione;Accrediti;Addebiti",
      ";;Saldo iniziale;1.000,00;",
      "02/03/2026;02/03/2026;Bonifico da Rossi;1.000,00;",
      "03/03/2026;03/03/2026;Storno;0,00;",
      "04/03/26;04/03/26;Pagamento;;-20,00",
      "05/03/2026;05/03/2026;Saldo contabile al 05/03/2026;980,00;",
      ";;Totale;;",
    ].join("\r\n");
    const st = await csv(text);
    expect(st.iban).toBe("IT60X0542811101000000123456");
    expect(st.movements.map((m) => [m.bookingDate, m.amount, m.description])).toEqual([
      ["2026-03-02", 100000, "Bonifico da Rossi"],
      ["2026-03-04", -2000, "Pagamento"],
    ]);
    expect(await readStatementHeaders("x.csv", utf8(text))).toEqual(["Data operazione", "Data valuta", "Descrizione", "Accrediti", "Addebiti"]);
  });

  it("suggests the columns of the banks' exports", () => {
    expect(suggestMapping(["Data contabile", "Data valuta", "Descrizione", "Accrediti", "Addebiti", "Descrizione estesa"])).toEqual({
      bookingDate: "Data contabile", valueDate: "Data valuta", credit: "Accrediti", debit: "Addebiti", description: "Descrizione estesa",
    });
    expect(suggestMapping(["Data Registrazione", "Data valuta", "Descrizione", "Importo (EUR)"])).toEqual({
      bookingDate: "Data Registrazione", valueDate: "Data valuta", amount: "Importo (EUR)", description: "Descrizione",
    });
    expect(suggestMapping(["Data_Operazione", "Data_Valuta", "Entrate", "Uscite", "Descrizione", "Descrizione_Completa"])).toEqual({
      bookingDate: "Data_Operazione", valueDate: "Data_Valuta", credit: "Entrate", debit: "Uscite", description: "Descrizione_Completa",
    });
    expect(suggestMapping(["DATA", "VALUTA", "DARE", "AVERE", "CAUSALE", "ORDINANTE/BENEFICIARIO", "IBAN ORDINANTE", "CRO"])).toEqual({
      bookingDate: "DATA", valueDate: "VALUTA", debit: "DARE", credit: "AVERE", description: "CAUSALE",
      counterpartyName: "ORDINANTE/BENEFICIARIO", counterpartyIban: "IBAN ORDINANTE", reference: "CRO",
    });
    expect(suggestMapping(["Nome", "Città"])).toEqual({});
  });

  it("reads Italian and machine amounts to exact cents", () => {
    const cases: [string, number | null][] = [
      ["1.234,56", 123456], ["-1.234,56", -123456], ["+12,5", 1250], ["1234,56", 123456], ["1.234", 123400], ["1.234.567", 123456700],
      ["1234.56", 123456], ["1,234.56", 123456], ["€ 12,00", 1200], ["12,00 €", 1200], ["12,00-", -1200], ["(12,00)", -1200],
      ["1'234.50", 123450], ["0,1", 10], ["1234.5600000001", 123456], ["0.30000000000000004", 30],
      ["abc", null], ["1,234", null], ["12,345", null], ["1.23.4", null], ["", null], ["--1", null],
    ];
    for (const [text, cents] of cases) expect([text, parseAmountCell(text)]).toEqual([text, cents]);
    expect(parseDateCell("2/3/2026")).toBe("2026-03-02");
    expect(parseDateCell("02.03.2026 10:20")).toBe("2026-03-02");
    expect(parseDateCell("2026-03-02T00:00:00Z")).toBe("2026-03-02");
    expect(parseDateCell("29/02/2025")).toBeNull();
  });
});

describe("XLSX statements", () => {
  it("round trip through a workbook with date cells, numbers and the account's data above the table", async () => {
    for (const style of ["italian", "dare-avere"] as const) {
      const bytes = await writeXlsx({ movements, style, above: [["Conto corrente", "IT60X0542811101000000123456"], []] });
      expect(await parseStatementFile("movimenti.xlsx", bytes)).toEqual({ format: "xlsx", iban: "IT60X0542811101000000123456", movements });
    }
  });

  it("reads a workbook written by hand with text amounts and refuses a wrong one naming the row", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Lista movimenti");
    ws.addRow(["Data", "Valuta", "Importo", "Causale"]);
    ws.addRow(["02/03/2026", "02/03/2026", "1.500,00", "Incasso"]);
    ws.addRow([new Date(Date.UTC(2026, 2, 3)), null, -12.3, "Spese"]);
    const good = new Uint8Array(await wb.xlsx.writeBuffer());
    expect((await parseStatementFile("l.xlsx", good)).movements.map((m) => [m.bookingDate, m.amount])).toEqual([
      ["2026-03-02", 150000],
      ["2026-03-03", -1230],
    ]);
    ws.addRow(["04/03/2026", null, "dieci", "x"]);
    const bad = new Uint8Array(await wb.xlsx.writeBuffer());
    expect(await refusal(parseStatementFile("l.xlsx", bad))).toBe(M.amount(4, "dieci", "Importo"));
  });

  it("1,000 sample movements", async () => {
    const many = sampleMovements(1000);
    expect((await parseStatementFile("m.xlsx", await writeXlsx({ movements: many }))).movements).toEqual(many);
    expect(italianAmount(-100)).toBe("-1,00");
  });
});
