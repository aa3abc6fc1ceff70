import { describe, expect, it } from "vitest";
import { CAMT_MESSAGES } from "./camt053";
import { parseStatementFile } from "./parse";
import { sampleMovements, writeCamt053 } from "./testing";
import { StatementRefusedError, type ParsedMovement } from "./types";

const IBAN = "IT60X0542811101000000123456";
const utf8 = (s: string) => new TextEncoder().encode(s);
const parse = (xml: string) => parseStatementFile("estratto.xml", utf8(xml));
async function refusal(xml: string | Uint8Array): Promise<string> {
  const err = await parseStatementFile("estratto.xml", typeof xml === "string" ? utf8(xml) : xml).catch((e) => e);
  expect(err).toBeInstanceOf(StatementRefusedError);
  return (err as StatementRefusedError).reason;
}

const movements: ParsedMovement[] = [
  {
    bookingDate: "2026-03-02",
    valueDate: "2026-03-02",
    amount: 123456,
    description: "SALDO FATTURA N. 12/2026 DEL 15/02/2026 & NOTA <urgente>",
    counterpartyName: "Rossi & Figli S.r.l.",
    counterpartyIban: "IT02L1234512345123456789012",
    reference: "0303260001AB",
  },
  { bookingDate: "2026-03-02", valueDate: "2026-03-02", amount: 990, description: "RIMBORSO", counterpartyName: "Verdi", counterpartyIban: null, reference: null },
  { bookingDate: "2026-03-02", valueDate: "2026-03-03", amount: -50000, description: "PAGAMENTO FT 7/A FORNITORE", counterpartyName: "Bianchi S.p.A.", counterpartyIban: null, reference: "0303260002AB" },
  { bookingDate: "2026-03-04", valueDate: null, amount: -250, description: "COMMISSIONI BONIFICO", counterpartyName: null, counterpartyIban: null, reference: null },
  {
    bookingDate: "2026-03-05",
    valueDate: "2026-03-05",
    amount: 1,
    description: "x".repeat(20) + " " + "parola ".repeat(60).trim(),
    counterpartyName: "Gallo Maria",
    counterpartyIban: "DE89370400440532013000",
    reference: "0503260009ZZ",
  },
];

describe("camt.053: writer → parser round trip", () => {
  for (const version of ["001.02", "001.04", "001.08"] as const) {
    for (const shape of ["one-entry-per-tx", "batched"] as const) {
      it(`${version}, ${shape}: the same movements and the account's IBAN`, async () => {
        const xml = writeCamt053({ version, iban: IBAN, movements, shape });
        expect(xml).toContain(`camt.053.${version}`);
        if (shape === "batched") expect(xml).toContain("<NbOfTxs>2</NbOfTxs>");
        const st = await parse(xml);
        expect(st).toEqual({ format: "camt.053", iban: IBAN, movements });
      });
    }
    it(`${version}, no-related-parties: description from AddtlNtryInf, no counterparty`, async () => {
      const st = await parse(writeCamt053({ version, iban: IBAN, movements, shape: "no-related-parties" }));
      expect(st.movements).toEqual(movements.map((m) => ({ ...m, counterpartyName: null, counterpartyIban: null })));
    });
  }

  it("version 001.08 wraps parties in Pty and the status in Cd", () => {
    const xml = writeCamt053({ version: "001.08", iban: IBAN, movements: movements.slice(0, 1) });
    expect(xml).toContain("<Dbtr><Pty><Nm>Rossi &amp; Figli S.r.l.</Nm></Pty></Dbtr>");
    expect(xml).toContain("<Sts><Cd>BOOK</Cd></Sts>");
  });

  it("1,000 sample movements in every shape", async () => {
    const many = sampleMovements(1000);
    for (const shape of ["one-entry-per-tx", "batched"] as const) {
      expect((await parse(writeCamt053({ iban: IBAN, movements: many, shape, version: "001.04" }))).movements).toEqual(many);
    }
  });
});

const entry = (inner: string, ns = "camt.053.001.02") =>
  `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:${ns}"><BkToCstmrStmt><GrpHdr><MsgId>1</MsgId></GrpHdr>` +
  `<Stmt><Id>1</Id><Acct><Id><IBAN>${IBAN}</IBAN></Id></Acct>${inner}</Stmt></BkToCstmrStmt></Document>`;

describe("camt.053: shapes written by banks", () => {
  it("a batch whose transactions have no amounts stays one movement, descriptions joined", async () => {
    const st = await parse(
      entry(
        `<Ntry><Amt Ccy="EUR">300.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><DtTm>2026-03-02T10:11:12</DtTm></BookgDt><AcctSvcrRef>B1</AcctSvcrRef>` +
          `<NtryDtls><TxDtls><RltdPties><Cdtr><Nm>A</Nm></Cdtr></RltdPties><RmtInf><Ustrd>STIPENDIO</Ustrd><Ustrd>MARZO</Ustrd></RmtInf></TxDtls>` +
          `<TxDtls><RltdPties><Cdtr><Nm>B</Nm></Cdtr></RltdPties><RmtInf><Ustrd>STIPENDIO  MARZO</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
      ),
    );
    expect(st.movements).toEqual([
      { bookingDate: "2026-03-02", valueDate: null, amount: -30000, description: "STIPENDIO MARZO", counterpartyName: null, counterpartyIban: null, reference: "B1" },
    ]);
  });

  it("a split batch numbers the parts under the entry's reference; parts' sum must equal the entry", async () => {
    const tx = (amt: string, who: string) =>
      `<TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs><Amt Ccy="EUR">${amt}</Amt><CdtDbtInd>CRDT</CdtDbtInd><RltdPties><Dbtr><Nm>${who}</Nm></Dbtr></RltdPties></TxDtls>`;
    const st = await parse(
      entry(
        `<Ntry><Amt Ccy="EUR">30.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-03-02</Dt></BookgDt><AcctSvcrRef>E9</AcctSvcrRef>` +
          `<NtryDtls>${tx("10.00", "Uno")}${tx("20.00", "Due")}</NtryDtls><AddtlNtryInf>INCASSO SDD</AddtlNtryInf></Ntry>`,
        "camt.053.001.04",
      ),
    );
    expect(st.movements.map((m) => [m.amount, m.reference, m.counterpartyName, m.description])).toEqual([
      [1000, "E9/1", "Uno", "INCASSO SDD"],
      [2000, "E9/2", "Due", "INCASSO SDD"],
    ]);
  });

  it("skips entries not booked, flips the counterparty on a reversal, falls back to AddtlTxInf and NtryRef", async () => {
    const st = await parse(
      entry(
        `<Ntry><Amt Ccy="EUR">5.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>PDNG</Sts><BookgDt><Dt>2026-03-02</Dt></BookgDt></Ntry>` +
          `<Ntry><NtryRef>N-7</NtryRef><Amt Ccy="EUR">80.5</Amt><CdtDbtInd>CRDT</CdtDbtInd><RvslInd>true</RvslInd><Sts>BOOK</Sts><BookgDt><Dt>2026-03-03</Dt></BookgDt><ValDt><Dt>2026-03-01</Dt></ValDt>` +
          `<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Noi</Nm></Dbtr><Cdtr><Nm>Fornitore  Srl</Nm></Cdtr><CdtrAcct><Id><IBAN>it60 x054 2811 1010 0000 0123 456</IBAN></Id></CdtrAcct></RltdPties>` +
          `<AddtlTxInf>STORNO BONIFICO</AddtlTxInf></TxDtls></NtryDtls></Ntry>`,
      ),
    );
    expect(st.movements).toEqual([
      { bookingDate: "2026-03-03", valueDate: "2026-03-01", amount: 8050, description: "STORNO BONIFICO", counterpartyName: "Fornitore Srl", counterpartyIban: "IT60X0542811101000000123456", reference: "N-7" },
    ]);
  });

  it("reads CDATA and character references in texts", async () => {
    const st = await parse(
      entry(
        `<Ntry><Amt Ccy="EUR">1</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-03-02</Dt></BookgDt><NtryDtls><TxDtls><RmtInf><Ustrd><![CDATA[FT 1 & 2 <ok>]]> &#233;&#x20AC;</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
      ),
    );
    expect(st.movements[0].description).toBe("FT 1 & 2 <ok> é€");
  });
});

describe("camt.053: refusals", () => {
  it("refuses a DTD, an entity bomb and an external entity before parsing", async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>` + entry("").replace(/^<\?xml[^>]*>/, "");
    expect(await refusal(bomb)).toBe(CAMT_MESSAGES.doctype);
    const xxe = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><d>&x;</d>`;
    expect(await refusal(xxe)).toBe(CAMT_MESSAGES.doctype);
  });

  it("refuses nesting deeper than libxml2's limit before reading anything", async () => {
    expect(await refusal(entry("<a>".repeat(5000) + "</a>".repeat(5000)))).toMatch(/^Il file non è un XML ben formato: /);
  });

  it("refuses malformed XML naming the line, other camt messages, other XML, foreign currency, mixed accounts", async () => {
    expect(await refusal(entry("<Ntry>").replace("</Stmt>", "\n</Stmt>"))).toMatch(/^Il file non è un XML ben formato: .+\(riga \d+\)$/);
    expect(await refusal(entry("", "camt.054.001.02"))).toBe(CAMT_MESSAGES.otherCamt("054"));
    expect(await refusal(entry("", "camt.052.001.08"))).toContain("camt.052");
    expect(await refusal(entry("", "camt.053.001.01"))).toBe(CAMT_MESSAGES.oldVersion("01"));
    expect(await refusal(`<FatturaElettronica xmlns="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2"/>`)).toMatch(
      /^Formato dell'estratto conto non riconosciuto: il file XML \(elemento FatturaElettronica, namespace http:\/\/ivaservizi/,
    );
    expect(await refusal(entry(`<Ntry><Amt Ccy="USD">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-03-02</Dt></BookgDt></Ntry>`))).toBe(CAMT_MESSAGES.currency(1, "USD"));
    const two = writeCamt053({ iban: IBAN, movements }).replace("</Stmt>", `</Stmt><Stmt><Id>2</Id><Acct><Id><IBAN>IT02L1234512345123456789012</IBAN></Id></Acct></Stmt>`);
    expect(await refusal(two)).toBe(CAMT_MESSAGES.severalAccounts([IBAN, "IT02L1234512345123456789012"]));
  });

  it("refuses wrong amounts, signs and dates naming the entry", async () => {
    const e = (amt: string, ind = "CRDT", dt = "<BookgDt><Dt>2026-03-02</Dt></BookgDt>") =>
      entry(`<Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd>${dt}</Ntry><Ntry><Amt Ccy="EUR">${amt}</Amt><CdtDbtInd>${ind}</CdtDbtInd>${dt}</Ntry>`);
    expect(await refusal(e("1,00"))).toBe('Movimento 2: importo "1,00" non valido');
    expect(await refusal(e("-5.00"))).toBe('Movimento 2: importo "-5.00" non valido');
    expect(await refusal(e("5.00", "XX"))).toBe(CAMT_MESSAGES.sign(2));
    expect(await refusal(e("5.00", "CRDT", "<BookgDt><Dt>2026-02-30</Dt></BookgDt>"))).toBe(CAMT_MESSAGES.date(1));
  });
});
