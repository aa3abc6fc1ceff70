import { describe, expect, it } from "vitest";
import { CBI_LAYOUT, CBI_MESSAGES, CBI_RECORD_LENGTH } from "./cbi";
import { parseStatementFile } from "./parse";
import { sampleMovements, writeCbi } from "./testing";
import { StatementRefusedError, type ParsedMovement } from "./types";

const IBAN = "IT60X0542811101000000123456";
const utf8 = (s: string) => new TextEncoder().encode(s);
const parse = (text: string | Uint8Array) => parseStatementFile("movimenti.txt", typeof text === "string" ? utf8(text) : text);
async function refusal(text: string): Promise<string> {
  const err = await parse(text).catch((e) => e);
  expect(err).toBeInstanceOf(StatementRefusedError);
  return (err as StatementRefusedError).reason;
}

const movements: ParsedMovement[] = [
  {
    bookingDate: "2026-03-02",
    valueDate: "2026-03-01",
    amount: 123456,
    description: "BONIFICO A VOSTRO FAVORE SALDO FATTURA N. 12/2026 DEL 15/02/2026 ORDINANTE ROSSI SRL CAUSALE PAGAMENTO FORNITURA MARZO COME DA ACCORDI",
    counterpartyName: "ROSSI & FIGLI SRL",
    counterpartyIban: "IT02L1234512345123456789012",
    reference: "0303260001AB",
  },
  { bookingDate: "2026-03-02", valueDate: null, amount: -250, description: "COMMISSIONI", counterpartyName: null, counterpartyIban: null, reference: null },
  { bookingDate: "2026-03-04", valueDate: "2026-03-04", amount: -99999999, description: "PAGAMENTO F24 caffè", counterpartyName: null, counterpartyIban: null, reference: "F24" },
];

describe("CBI RH: writer → parser round trip", () => {
  it("reads the movements back, the IBAN from record 61, across days and records", async () => {
    const text = writeCbi({ iban: IBAN, movements });
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines.every((l) => l.length === CBI_RECORD_LENGTH)).toBe(true);
    expect(lines.map((l) => l.slice(1, 3))).toEqual(["RH", "61", "62", "63", "63", "63", "62", "64", "61", "62", "64", "EF"]);
    expect(await parse(text)).toEqual({ format: "cbi", iban: IBAN, movements });
  });

  it("places the fields of a 62 record where the layout says", () => {
    const line = writeCbi({ iban: IBAN, movements: movements.slice(0, 1) }).split("\r\n")[2];
    const f = (name: keyof (typeof CBI_LAYOUT)["62"]) => line.slice(CBI_LAYOUT["62"][name][0] - 1, CBI_LAYOUT["62"][name][1]);
    expect([f("type"), f("progressive"), f("movement"), f("valueDate"), f("bookingDate"), f("sign"), f("amount"), f("reference")]).toEqual([
      "62", "0000001", "001", "010326", "020326", "C", "000000001234,56", "0303260001AB    ",
    ]);
  });

  it("reads records without separators, LF lines and lines whose trailing blanks were dropped", async () => {
    const text = writeCbi({ iban: IBAN, movements });
    const records = text.split("\r\n").filter(Boolean);
    expect((await parse(records.join(""))).movements).toEqual(movements);
    expect((await parse(records.map((r) => r.trimEnd()).join("\n"))).movements).toEqual(movements);
  });

  it("reads a Windows-1252 file (accents in a description)", async () => {
    const text = writeCbi({ iban: IBAN, movements });
    const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0)); // "è" is 0xE8, as in Windows-1252
    expect((await parse(bytes)).movements[2].description).toBe("PAGAMENTO F24 caffè");
  });

  it("3,000 sample movements (several blocks of a day)", async () => {
    const many = sampleMovements(3000).map((m) => ({ ...m, counterpartyName: m.counterpartyName?.slice(0, 40) ?? null }));
    expect((await parse(writeCbi({ iban: IBAN, movements: many }))).movements).toEqual(many);
  });
});

describe("CBI RH: refusals", () => {
  const good = () => writeCbi({ iban: IBAN, movements }).split("\r\n").filter(Boolean);
  const set = (line: string, [start, end]: readonly [number, number], value: string) => line.slice(0, start - 1) + value.padEnd(end - start + 1) + line.slice(end);

  it("refuses a file cut short (no EF)", async () => {
    expect(await refusal(good().slice(0, -1).join("\r\n"))).toBe(CBI_MESSAGES.noEnd);
  });

  it("refuses a wrong amount, sign, date and record length naming the line", async () => {
    const lines = good();
    const withLine = (i: number, l: string) => lines.map((x, k) => (k === i ? l : x)).join("\r\n");
    expect(await refusal(withLine(2, set(lines[2], CBI_LAYOUT["62"].amount, "00000000ABC,56")))).toBe(CBI_MESSAGES.amount(3, "00000000ABC,56"));
    expect(await refusal(withLine(2, set(lines[2], CBI_LAYOUT["62"].sign, "X")))).toBe(CBI_MESSAGES.sign(3, "X"));
    expect(await refusal(withLine(2, set(lines[2], CBI_LAYOUT["62"].bookingDate, "310226")))).toBe(CBI_MESSAGES.date(3, "data contabile", "310226"));
    expect(await refusal(withLine(6, lines[6] + "X"))).toBe(CBI_MESSAGES.length(7, 121));
  });

  it("refuses an account in another currency and two accounts in one file", async () => {
    const lines = good();
    expect(await refusal(lines.map((l, k) => (k === 1 ? set(l, CBI_LAYOUT["61"].currency, "USD") : l)).join("\r\n"))).toBe(CBI_MESSAGES.currency(2, "USD"));
    const other = writeCbi({ iban: "IT02L1234512345123456789012", movements }).split("\r\n").filter(Boolean);
    const mixed = [...lines.slice(0, -1), ...other.slice(1)];
    expect(await refusal(mixed.join("\r\n"))).toBe(CBI_MESSAGES.severalAccounts([IBAN, "IT02L1234512345123456789012"]));
  });
});
