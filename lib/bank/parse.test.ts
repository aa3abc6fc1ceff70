import { describe, expect, it } from "vitest";
import { SPREADSHEET_MESSAGES } from "@/lib/import/read-spreadsheet";
import { parseStatementFile, readStatementHeaders, UNRECOGNISED } from "./parse";
import { sampleMovements, writeCamt053, writeCbi, writeCsv, writeXlsx } from "./testing";
import { MAX_STATEMENT_BYTES, StatementRefusedError } from "./types";

const IBAN = "IT60X0542811101000000123456";
const utf8 = (s: string) => new TextEncoder().encode(s);
async function refusal(name: string, bytes: Uint8Array): Promise<string> {
  const err = await parseStatementFile(name, bytes).catch((e) => e);
  expect(err).toBeInstanceOf(StatementRefusedError);
  return (err as StatementRefusedError).reason;
}

describe("parseStatementFile: detection by content", () => {
  const movements = sampleMovements(12);

  it("recognises each format whatever the file is called", async () => {
    const files: [string, Uint8Array][] = [
      ["camt.053", utf8("\uFEFF" + writeCamt053({ iban: IBAN, movements, version: "001.08" }))],
      ["cbi", utf8(writeCbi({ iban: IBAN, movements }))],
      ["csv", utf8(writeCsv({ movements }))],
      ["xlsx", await writeXlsx({ movements })],
    ];
    for (const [format, bytes] of files) {
      const st = await parseStatementFile("estratto.dat", bytes);
      expect([format, st.format, st.movements.length]).toEqual([format, format, 12]);
    }
  });

  it("gives the header row of CSV/XLSX for the mapping dialog, none for camt and CBI", async () => {
    expect(await readStatementHeaders("m.csv", utf8(writeCsv({ movements, style: "dare-avere" })))).toEqual([
      "Data operazione", "Data valuta", "Dare", "Avere", "Descrizione", "Ordinante/Beneficiario", "IBAN ordinante/beneficiario", "CRO",
    ]);
    expect(await readStatementHeaders("m.xml", utf8(writeCamt053({ iban: IBAN, movements })))).toEqual([]);
    expect(await readStatementHeaders("m.txt", utf8(writeCbi({ iban: IBAN, movements })))).toEqual([]);
  });

  it("refuses empty, oversized, PDF, binary and .xls files with an Italian reason", async () => {
    expect(await refusal("e.csv", new Uint8Array())).toBe("Il file è vuoto");
    expect(await refusal("big.xml", new Uint8Array(MAX_STATEMENT_BYTES + 1))).toBe("Il file supera la dimensione massima di 30 MB per un estratto conto");
    expect(await refusal("e.pdf", utf8("%PDF-1.7\n..."))).toBe(UNRECOGNISED("un PDF non contiene i movimenti in forma leggibile"));
    expect(await refusal("e.bin", Uint8Array.from({ length: 2000 }, (_, i) => (i * 37) % 256))).toBe(UNRECOGNISED("il file non è un XML, un CBI né un foglio di calcolo"));
    expect(await refusal("e.xls", Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).toBe(SPREADSHEET_MESSAGES.xls);
    const utf16 = new Uint8Array(Buffer.from("\uFEFF<?xml version=\"1.0\" encoding=\"UTF-16\"?><Document/>", "utf16le"));
    expect(await refusal("e.xml", utf16)).toBe("Codifica del file non supportata (UTF-16): l'estratto conto XML deve essere in UTF-8");
    expect(UNRECOGNISED("x")).toBe("Formato dell'estratto conto non riconosciuto: x; sono accettati camt.053 (XML), CBI (rendicontazione movimenti), CSV ed Excel (.xlsx)");
  });
});

// Speed is the benchmark's (npm run bench:bank: 10,000 movements imported, docs/benchmarks.md), not a timed test's:
// here every format reads a statement of a few thousand movements whole, the last one exactly as written.
describe("parseStatementFile: a large statement in every format, read whole", () => {
  const many = sampleMovements(2_000);
  const cases: [string, () => Promise<Uint8Array> | Uint8Array][] = [
    ["camt.053 one entry per transaction", () => utf8(writeCamt053({ iban: IBAN, movements: many, version: "001.08" }))],
    ["camt.053 batched", () => utf8(writeCamt053({ iban: IBAN, movements: many, shape: "batched" }))],
    ["CBI", () => utf8(writeCbi({ iban: IBAN, movements: many.map((m) => ({ ...m, counterpartyName: m.counterpartyName?.slice(0, 40) ?? null })) }))],
    ["CSV", () => utf8(writeCsv({ movements: many, style: "dare-avere" }))],
    ["XLSX", () => writeXlsx({ movements: many })],
  ];
  for (const [label, write] of cases) {
    it(label, async () => {
      const st = await parseStatementFile("estratto", await write());
      expect(st.movements).toHaveLength(many.length);
      expect(st.movements.at(-1)!.amount).toBe(many.at(-1)!.amount);
      expect(st.movements.at(-1)!.bookingDate).toBe(many.at(-1)!.bookingDate);
    });
  }
});
