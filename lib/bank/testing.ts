/**
 * Statement WRITERS for tests, Playwright walks and benchmarks: deterministic files written from the standards,
 * which the parsers (lib/bank/parse.ts) must read back into the same movements (the round trip is tested in
 * lib/bank/*.test.ts). Not used by the application itself.
 *
 * Limits of the round trip (what a real bank file would lose too): a CBI description is cut into words (a word
 * longer than a record's field is split), a CBI reference keeps 16 characters and a counterparty name 40; in a
 * camt.053 "no-related-parties" shape the counterparty is not written; a null value date is written as none.
 * Imports nothing heavier than exceljs (no libxml2, no server-only): Playwright and the benchmarks load it as is.
 */
import ExcelJS from "exceljs";
import { centsToDecimal } from "@/lib/money";
import { CBI_DESCRIPTION_FIRST, CBI_DESCRIPTION_NEXT, CBI_LAYOUT, CBI_RECORD_LENGTH } from "./cbi";
import { CAMT053_NAMESPACE_PREFIX, type ParsedMovement } from "./types";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

/** Words of `text` packed into lines of the given widths (the last width repeats); a longer word is split. */
function wrap(text: string, widths: number[]): string[] {
  const lines: string[] = [];
  let line = "";
  const width = () => widths[Math.min(lines.length, widths.length - 1)];
  for (let word of text.split(" ").filter(Boolean)) {
    while (word.length > 0) {
      const room = line === "" ? width() : width() - line.length - 1;
      if (word.length <= room) {
        line = line === "" ? word : `${line} ${word}`;
        word = "";
      } else if (line === "") {
        lines.push(word.slice(0, room));
        word = word.slice(room);
      } else {
        lines.push(line);
        line = "";
      }
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}

const amountText = (cents: number) => centsToDecimal(Math.abs(cents));

// ---- camt.053

export type CamtVersion = "001.02" | "001.04" | "001.08";
export type CamtShape = "one-entry-per-tx" | "batched" | "no-related-parties";

/** A camt.053 statement of `movements` (one Stmt), in the shape and version asked. */
export function writeCamt053(o: { version?: CamtVersion; iban: string; movements: ParsedMovement[]; shape?: CamtShape }): string {
  const version = o.version ?? "001.02";
  const shape = o.shape ?? "one-entry-per-tx";
  const v8 = version === "001.08";
  const txAmountInline = version !== "001.02";
  const dates = o.movements.map((m) => m.bookingDate).sort();
  const from = dates[0] ?? "2026-01-01";
  const to = dates[dates.length - 1] ?? from;
  const opening = 1_000_000;
  const closing = opening + o.movements.reduce((a, m) => a + m.amount, 0);
  const out: string[] = [];
  const balance = (code: string, amount: number, date: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amountText(amount)}</Amt><CdtDbtInd>${amount < 0 ? "DBIT" : "CRDT"}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;
  out.push(`<?xml version="1.0" encoding="UTF-8"?>`);
  out.push(`<Document xmlns="${CAMT053_NAMESPACE_PREFIX}${version.slice(4)}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">`);
  out.push(`<BkToCstmrStmt><GrpHdr><MsgId>MSG-${to}-${o.movements.length}</MsgId><CreDtTm>${to}T20:00:00</CreDtTm></GrpHdr>`);
  out.push(`<Stmt><Id>STMT-${to}</Id><ElctrncSeqNb>1</ElctrncSeqNb><CreDtTm>${to}T20:00:00</CreDtTm>`);
  out.push(`<FrToDt><FrDtTm>${from}T00:00:00</FrDtTm><ToDtTm>${to}T23:59:59</ToDtTm></FrToDt>`);
  out.push(`<Acct><Id><IBAN>${esc(o.iban)}</IBAN></Id><Ccy>EUR</Ccy><Svcr><FinInstnId><BIC${v8 ? "FI" : ""}>BCITITMMXXX</BIC${v8 ? "FI" : ""}></FinInstnId></Svcr></Acct>`);
  out.push(balance("OPBD", opening, from), balance("CLBD", closing, to));

  const status = v8 ? "<Sts><Cd>BOOK</Cd></Sts>" : "<Sts>BOOK</Sts>";
  const party = (name: string | null, iban: string | null, role: "Dbtr" | "Cdtr") => {
    let s = "";
    if (name) s += v8 ? `<${role}><Pty><Nm>${esc(name)}</Nm></Pty></${role}>` : `<${role}><Nm>${esc(name)}</Nm></${role}>`;
    if (iban) s += `<${role}Acct><Id><IBAN>${esc(iban)}</IBAN></Id></${role}Acct>`;
    return s;
  };
  const txDetails = (m: ParsedMovement, withAmount: boolean, ownRef: boolean) => {
    const refs = `<Refs>${ownRef && m.reference ? `<AcctSvcrRef>${esc(m.reference)}</AcctSvcrRef>` : ""}<EndToEndId>NOTPROVIDED</EndToEndId></Refs>`;
    const ind = m.amount < 0 ? "DBIT" : "CRDT";
    const amount = !withAmount
      ? ""
      : txAmountInline
        ? `<Amt Ccy="EUR">${amountText(m.amount)}</Amt><CdtDbtInd>${ind}</CdtDbtInd>`
        : `<AmtDtls><TxAmt><Amt Ccy="EUR">${amountText(m.amount)}</Amt></TxAmt></AmtDtls>`;
    const bkTx = `<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${m.amount < 0 ? "ICDT" : "RCDT"}</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>`;
    const parties = m.counterpartyName || m.counterpartyIban ? `<RltdPties>${party(m.counterpartyName, m.counterpartyIban, m.amount < 0 ? "Cdtr" : "Dbtr")}</RltdPties>` : "";
    const ustrd = wrap(m.description, [140]).map((l) => `<Ustrd>${esc(l)}</Ustrd>`).join("");
    return `<TxDtls>${refs}${amount}${bkTx}${parties}${ustrd ? `<RmtInf>${ustrd}</RmtInf>` : ""}</TxDtls>`;
  };
  const entryHead = (amount: number, bookingDate: string, valueDate: string | null, ref: string | null) =>
    `<Amt Ccy="EUR">${amountText(amount)}</Amt><CdtDbtInd>${amount < 0 ? "DBIT" : "CRDT"}</CdtDbtInd>${status}` +
    `<BookgDt><Dt>${bookingDate}</Dt></BookgDt>${valueDate ? `<ValDt><Dt>${valueDate}</Dt></ValDt>` : ""}` +
    `${ref ? `<AcctSvcrRef>${esc(ref)}</AcctSvcrRef>` : ""}`;

  if (shape === "batched") {
    // consecutive movements of one day, value date and sign, three at most per entry
    let i = 0;
    let batch = 0;
    while (i < o.movements.length) {
      const first = o.movements[i];
      const group = [first];
      while (
        group.length < 3 &&
        i + group.length < o.movements.length &&
        o.movements[i + group.length].bookingDate === first.bookingDate &&
        o.movements[i + group.length].valueDate === first.valueDate &&
        Math.sign(o.movements[i + group.length].amount) === Math.sign(first.amount)
      ) {
        group.push(o.movements[i + group.length]);
      }
      i += group.length;
      batch++;
      if (group.length === 1) {
        out.push(`<Ntry>${entryHead(first.amount, first.bookingDate, first.valueDate, first.reference)}<NtryDtls>${txDetails(first, false, false)}</NtryDtls></Ntry>`);
        continue;
      }
      const total = group.reduce((a, m) => a + m.amount, 0);
      // the entry's own reference only when every transaction has one (else the parser would number the parts)
      const ref = group.every((m) => m.reference) ? `BATCH-${to}-${batch}` : null;
      out.push(
        `<Ntry>${ref ? `<NtryRef>${batch}</NtryRef>` : ""}${entryHead(total, first.bookingDate, first.valueDate, ref)}` +
          `<NtryDtls><Btch><NbOfTxs>${group.length}</NbOfTxs></Btch>${group.map((m) => txDetails(m, true, true)).join("")}</NtryDtls>` +
          `<AddtlNtryInf>DISTINTA DI ${group.length} OPERAZIONI</AddtlNtryInf></Ntry>`,
      );
    }
  } else {
    for (const m of o.movements) {
      const head = entryHead(m.amount, m.bookingDate, m.valueDate, m.reference);
      if (shape === "no-related-parties") {
        out.push(`<Ntry>${head}${m.description ? `<AddtlNtryInf>${esc(m.description)}</AddtlNtryInf>` : ""}</Ntry>`);
      } else {
        out.push(`<Ntry>${head}<NtryDtls>${txDetails(m, true, false)}</NtryDtls></Ntry>`);
      }
    }
  }
  out.push(`</Stmt></BkToCstmrStmt></Document>`);
  return out.join("\n") + "\n";
}

// ---- CBI

type Layout = Record<string, readonly [number, number]>;

/** A 120-character record from its fields (1-based inclusive positions of CBI_LAYOUT). */
function record(layout: Layout, values: Record<string, string>): string {
  const chars = Array<string>(CBI_RECORD_LENGTH).fill(" ");
  for (const [field, value] of Object.entries(values)) {
    const [start, end] = layout[field];
    const text = value.slice(0, end - start + 1).padEnd(end - start + 1, " ");
    for (let i = 0; i < text.length; i++) chars[start - 1 + i] = text[i];
  }
  return chars.join("");
}

const ggmmaa = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}`;
const cbiAmount = (cents: number) => amountText(cents).replace(".", ",").padStart(15, "0");
const num = (n: number, width: number) => String(n).padStart(width, "0");

/** A CBI RH file (rendicontazione movimenti) of an Italian IBAN: one 61…64 block per booking date (999 movements at most). */
export function writeCbi(o: { iban: string; movements: ParsedMovement[] }): string {
  const iban = o.iban.replace(/\s+/g, "").toUpperCase();
  if (!/^IT\d{2}[A-Z]\d{10}[A-Z0-9]{12}$/.test(iban)) throw new Error("writeCbi: serve un IBAN italiano");
  const [cin, abi, cab, account] = [iban.slice(4, 5), iban.slice(5, 10), iban.slice(10, 15), iban.slice(15, 27)];
  const created = ggmmaa(o.movements.map((m) => m.bookingDate).sort().at(-1) ?? "2026-01-01");
  const head = { sender: abi, receiver: "AB12C", created, name: `RND${created}${num(o.movements.length, 8)}` };
  const lines: string[] = [record(CBI_LAYOUT.RH, { type: "RH", ...head })];
  let balance = 1_000_000;
  let progressive = 0;
  let i = 0;
  while (i < o.movements.length || (i === 0 && progressive === 0)) {
    const day = o.movements[i]?.bookingDate ?? "2026-01-01";
    const block: ParsedMovement[] = [];
    while (i < o.movements.length && o.movements[i].bookingDate === day && block.length < 999) block.push(o.movements[i++]);
    progressive++;
    const p = num(progressive, 7);
    lines.push(
      record(CBI_LAYOUT["61"], {
        type: "61", progressive: p, abiOrigin: abi, cin, abi, cab, account, currency: "EUR", date: ggmmaa(day),
        sign: balance < 0 ? "D" : "C", balance: cbiAmount(balance), country: iban.slice(0, 2), checkDigits: iban.slice(2, 4),
      }),
    );
    block.forEach((m, k) => {
      const movement = num(k + 1, 3);
      const [first = "", ...rest] = wrap(m.description, [CBI_DESCRIPTION_FIRST, CBI_DESCRIPTION_NEXT]);
      lines.push(
        record(CBI_LAYOUT["62"], {
          type: "62", progressive: p, movement, valueDate: m.valueDate ? ggmmaa(m.valueDate) : "", bookingDate: ggmmaa(m.bookingDate),
          sign: m.amount < 0 ? "D" : "C", amount: cbiAmount(m.amount), causaleCbi: m.amount < 0 ? "26" : "48", reference: m.reference ?? "", description: first,
        }),
      );
      for (const text of rest) lines.push(record(CBI_LAYOUT["63"], { type: "63", progressive: p, movement, text }));
      if (m.counterpartyName) lines.push(record(CBI_LAYOUT["63"], { type: "63", progressive: p, movement, flag: "YYY", name: m.counterpartyName }));
      if (m.counterpartyIban) lines.push(record(CBI_LAYOUT["63"], { type: "63", progressive: p, movement, flag: "YY2", iban: m.counterpartyIban }));
      balance += m.amount;
    });
    lines.push(
      record(CBI_LAYOUT["64"], {
        type: "64", progressive: p, currency: "EUR", date: ggmmaa(day), sign: balance < 0 ? "D" : "C", balance: cbiAmount(balance),
        availableSign: balance < 0 ? "D" : "C", available: cbiAmount(balance),
      }),
    );
    if (o.movements.length === 0) break;
  }
  lines.push(record(CBI_LAYOUT.EF, { type: "EF", ...head, statements: num(progressive, 7), records: num(lines.length + 1, 7) }));
  return lines.join("\r\n") + "\r\n";
}

// ---- CSV and XLSX

export type CsvStyle = "italian" | "dare-avere";

const HEADERS: Record<CsvStyle, string[]> = {
  italian: ["Data contabile", "Data valuta", "Importo", "Descrizione", "Controparte", "IBAN controparte", "Riferimento"],
  "dare-avere": ["Data operazione", "Data valuta", "Dare", "Avere", "Descrizione", "Ordinante/Beneficiario", "IBAN ordinante/beneficiario", "CRO"],
};

/** 123456 → "1.234,56", -5 → "-0,05". */
export function italianAmount(cents: number): string {
  const [int, dec] = amountText(cents).split(".");
  return `${cents < 0 ? "-" : ""}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ".")},${dec}`;
}
const italianDate = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : "");

function rowsOf(movements: ParsedMovement[], style: CsvStyle): string[][] {
  return movements.map((m) => {
    const tail = [m.description, m.counterpartyName ?? "", m.counterpartyIban ?? "", m.reference ?? ""];
    if (style === "italian") return [italianDate(m.bookingDate), italianDate(m.valueDate), italianAmount(m.amount), ...tail];
    const abs = italianAmount(Math.abs(m.amount));
    return [italianDate(m.bookingDate), italianDate(m.valueDate), m.amount < 0 ? abs : "", m.amount < 0 ? "" : abs, ...tail];
  });
}

const csvCell = (v: string) => (/[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** A home-banking CSV: ';' separated, "1.234,56" amounts (signed, or in Dare/Avere columns), dd/mm/yyyy dates, CR LF. */
export function writeCsv(o: { movements: ParsedMovement[]; style?: CsvStyle }): string {
  const style = o.style ?? "italian";
  return [HEADERS[style], ...rowsOf(o.movements, style)].map((r) => r.map(csvCell).join(";")).join("\r\n") + "\r\n";
}

/**
 * An Excel statement as banks export it: optional rows above the table (account data), then the header and the
 * movements with real date cells and numeric amounts (signed, or in Dare/Avere columns).
 */
export async function writeXlsx(o: { movements: ParsedMovement[]; style?: CsvStyle; above?: string[][] }): Promise<Uint8Array> {
  const style = o.style ?? "italian";
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Movimenti");
  for (const r of o.above ?? []) ws.addRow(r);
  ws.addRow(HEADERS[style]);
  const date = (iso: string | null) => (iso ? new Date(`${iso}T00:00:00Z`) : null);
  const number = (cents: number) => Number(centsToDecimal(cents));
  for (const m of o.movements) {
    const tail = [m.description, m.counterpartyName ?? "", m.counterpartyIban ?? "", m.reference ?? ""];
    const amounts = style === "italian" ? [number(m.amount)] : [m.amount < 0 ? number(-m.amount) : null, m.amount < 0 ? null : number(m.amount)];
    const row = ws.addRow([date(m.bookingDate), date(m.valueDate), ...amounts, ...tail]);
    row.getCell(1).numFmt = "dd/mm/yyyy";
    row.getCell(2).numFmt = "dd/mm/yyyy";
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

// ---- sample data

const NAMES = ["Rossi S.r.l.", "Bianchi & Figli S.p.A.", "Studio Verdi", "Ferretti Costruzioni S.r.l.", "Gallo Maria", "Esposito Trasporti S.n.c."];
const IBANS = ["IT60X0542811101000000123456", "IT02L1234512345123456789012", null, "IT40S0542811101000000654321", null, "DE89370400440532013000"];

/**
 * `count` deterministic movements (no randomness) from `from` on, several a day: credits from customers citing an
 * invoice number, debits to suppliers, bank fees without counterparty; every fourth without reference.
 */
export function sampleMovements(count: number, from = "2026-03-02"): ParsedMovement[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(start + Math.floor(i / 7) * 86_400_000).toISOString().slice(0, 10);
    const value = new Date(start + (Math.floor(i / 7) + (i % 3)) * 86_400_000).toISOString().slice(0, 10);
    const kind = i % 5;
    const who = i % NAMES.length;
    const amount = kind === 4 ? -(150 + (i % 4) * 100) : (kind % 2 === 0 ? 1 : -1) * (10_000 + ((i * 7_919) % 2_500_000));
    return {
      bookingDate: day,
      valueDate: kind === 4 ? day : value,
      amount,
      description:
        kind === 4
          ? "COMMISSIONI E SPESE TENUTA CONTO"
          : amount > 0
            ? `BONIFICO A VOSTRO FAVORE SALDO FATTURA N. ${100 + i}/2026 DEL ${day.slice(8, 10)}/${day.slice(5, 7)}/2026`
            : `BONIFICO DISPOSTO A FAVORE DI ${NAMES[who].toUpperCase()} PAGAMENTO FT ${i + 1}/A`,
      counterpartyName: kind === 4 ? null : NAMES[who],
      counterpartyIban: kind === 4 ? null : IBANS[who],
      reference: i % 4 === 3 ? null : `RIF${String(i + 1).padStart(10, "0")}`,
    };
  });
}
