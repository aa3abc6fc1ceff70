/**
 * CBI "rendicontazione movimenti di conto corrente" (flusso RH), the fixed-width file Italian home banking
 * exports: records of 120 characters, each starting with a blank and a two-character type.
 *
 * The layout read here (positions 1-based, inclusive) is written down in lib/bank/README.md; the writer of the
 * tests (lib/bank/testing.ts writeCbi) uses the same table, CBI_LAYOUT, so that the two cannot drift apart.
 *
 * Decisions:
 * - the file must start with RH and end with EF: a file cut short (no EF) is refused rather than half imported;
 * - records are separated by CR LF, LF or nothing (a single run of 120-character records); trailing blanks a
 *   text editor dropped are restored;
 * - 62 opens a movement, the 63 records after it (same progressive numbers) complete it: 'YYY' gives the
 *   counterparty's name, 'YY2' its IBAN, 'ID1'/'ID2' are identifiers not kept, any other 63 continues the
 *   description (the 62's 34 characters, then 107 per record, joined with a space);
 * - dates GGMMAA with years 80-99 in the 1900s; a blank or zero value date is null;
 * - record 61 gives the account: IBAN from country, check digits, CIN, ABI, CAB and account number; an account
 *   in another currency than EUR is refused; records of different accounts in one file are refused;
 * - the balances of 61 and 64 are not checked against the movements (banks disagree on what 64 carries).
 */
import { parseCents } from "@/lib/money";
import { collapse, description, fullYear, ibanOrNull, isoDate, nameOrNull, referenceOrNull } from "./normalize";
import { MAX_STATEMENT_BYTES, StatementRefusedError, type ParsedMovement, type ParsedStatement } from "./types";

export const CBI_RECORD_LENGTH = 120;

/** [start, end] 1-based inclusive positions of each field, per record type. */
export const CBI_LAYOUT = {
  RH: { type: [2, 3], sender: [4, 8], receiver: [9, 13], created: [14, 19], name: [20, 39] },
  "61": {
    type: [2, 3], progressive: [4, 10], abiOrigin: [24, 28], accountType: [50, 51], cin: [52, 52], abi: [53, 57], cab: [58, 62], account: [63, 74],
    currency: [75, 77], date: [78, 83], sign: [84, 84], balance: [85, 99], country: [100, 101], checkDigits: [102, 103],
  },
  "62": {
    type: [2, 3], progressive: [4, 10], movement: [11, 13], valueDate: [14, 19], bookingDate: [20, 25], sign: [26, 26], amount: [27, 41],
    causaleCbi: [42, 43], causaleInterna: [44, 45], cheque: [46, 61], reference: [62, 77], customerReference: [78, 86], description: [87, 120],
  },
  "63": { type: [2, 3], progressive: [4, 10], movement: [11, 13], text: [14, 120], flag: [14, 16], name: [41, 80], iban: [17, 50] },
  "64": { type: [2, 3], progressive: [4, 10], currency: [11, 13], date: [14, 19], sign: [20, 20], balance: [21, 35], availableSign: [36, 36], available: [37, 51] },
  EF: { type: [2, 3], sender: [4, 8], receiver: [9, 13], created: [14, 19], name: [20, 39], statements: [46, 52], records: [83, 89] },
} as const satisfies Record<string, Record<string, readonly [number, number]>>;

/** Width of the description in a 62 record and in a continuation 63 record. */
export const CBI_DESCRIPTION_FIRST = 34;
export const CBI_DESCRIPTION_NEXT = 107;

export const CBI_MESSAGES = {
  tooBig: `Il file supera la dimensione massima di ${MAX_STATEMENT_BYTES / 1024 / 1024} MB per un estratto conto`,
  length: (line: number, n: number) => `Riga ${line}: record CBI di ${n} caratteri invece di ${CBI_RECORD_LENGTH}`,
  noEnd: "Il file CBI è incompleto: manca il record di chiusura EF (scaricalo di nuovo dall'home banking)",
  date: (line: number, what: string, v: string) => `Riga ${line}: ${what} "${v}" non valida`,
  amount: (line: number, v: string) => `Riga ${line}: importo "${v}" non valido`,
  sign: (line: number, v: string) => `Riga ${line}: segno "${v}" non valido (atteso C o D)`,
  currency: (line: number, v: string) => `Riga ${line}: conto in ${v}, sono importabili solo conti in euro`,
  severalAccounts: (ibans: string[]) => `Il file contiene movimenti di più conti (${ibans.join(", ")}): importa un file per conto`,
  noAccount: "Il file CBI non contiene alcun conto (record 61)",
} as const;

/** Does this text look like a CBI RH file? (its first record is ' RH') */
export function isCbi(text: string): boolean {
  return /^\uFEFF? RH/.test(text);
}

type Field = readonly [number, number];
const cut = (record: string, [start, end]: Field) => record.slice(start - 1, end);

function records(text: string): { line: number; record: string }[] {
  const body = text.replace(/^\uFEFF/, "");
  let lines = body.split(/\r\n|\n|\r/);
  // a file with no separators: one run of 120-character records
  const run = body.replace(/[\r\n]+$/, "");
  if (run.length > CBI_RECORD_LENGTH && !/[\r\n]/.test(run)) {
    lines = Array.from({ length: Math.ceil(run.length / CBI_RECORD_LENGTH) }, (_, i) => run.slice(i * CBI_RECORD_LENGTH, (i + 1) * CBI_RECORD_LENGTH));
  }
  const out: { line: number; record: string }[] = [];
  lines.forEach((l, i) => {
    if (l.trim() === "") return;
    if (l.length > CBI_RECORD_LENGTH) throw new StatementRefusedError(CBI_MESSAGES.length(i + 1, l.length));
    out.push({ line: i + 1, record: l.padEnd(CBI_RECORD_LENGTH, " ") });
  });
  return out;
}

function date(line: number, what: string, v: string, optional: boolean): string | null {
  if (optional && (v.trim() === "" || /^0+$/.test(v))) return null;
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(v);
  const d = m ? isoDate(fullYear(Number(m[3])), Number(m[2]), Number(m[1])) : null;
  if (!d) throw new StatementRefusedError(CBI_MESSAGES.date(line, what, v.trim()));
  return d;
}

function amount(line: number, signChar: string, v: string): number {
  const t = v.trim();
  if (!/^\d{1,13}[,.]\d{2}$/.test(t)) throw new StatementRefusedError(CBI_MESSAGES.amount(line, t));
  if (signChar !== "C" && signChar !== "D") throw new StatementRefusedError(CBI_MESSAGES.sign(line, signChar));
  const c = parseCents(t.replace(",", "."));
  return signChar === "D" ? -c : c;
}

interface Draft {
  progressive: string;
  movement: string;
  bookingDate: string;
  valueDate: string | null;
  amount: number;
  texts: string[];
  counterpartyName: string | null;
  counterpartyIban: string | null;
  reference: string | null;
}

/** Parses the text of a CBI RH file (already recognised by isCbi). */
export function parseCbi(text: string): ParsedStatement {
  if (text.length > MAX_STATEMENT_BYTES) throw new StatementRefusedError(CBI_MESSAGES.tooBig);
  const recs = records(text);
  if (recs.length === 0 || cut(recs[recs.length - 1].record, CBI_LAYOUT.EF.type) !== "EF") throw new StatementRefusedError(CBI_MESSAGES.noEnd);
  const L61 = CBI_LAYOUT["61"];
  const L62 = CBI_LAYOUT["62"];
  const L63 = CBI_LAYOUT["63"];
  const ibans = new Set<string>();
  let accounts = 0;
  const movements: ParsedMovement[] = [];
  let open: Draft | null = null;
  const close = () => {
    if (!open) return;
    movements.push({
      bookingDate: open.bookingDate,
      valueDate: open.valueDate,
      amount: open.amount,
      description: description(open.texts.map((t) => t.trim()).filter(Boolean).join(" ")),
      counterpartyName: open.counterpartyName,
      counterpartyIban: open.counterpartyIban,
      reference: open.reference,
    });
    open = null;
  };
  for (const { line, record } of recs) {
    const type = record.slice(1, 3);
    if (type === "61") {
      close();
      accounts++;
      const currency = cut(record, L61.currency).trim();
      if (currency && currency !== "EUR") throw new StatementRefusedError(CBI_MESSAGES.currency(line, currency));
      const country = cut(record, L61.country).trim();
      if (country) {
        const iban = ibanOrNull(country + cut(record, L61.checkDigits) + cut(record, L61.cin) + cut(record, L61.abi) + cut(record, L61.cab) + cut(record, L61.account));
        if (iban) ibans.add(iban);
      }
    } else if (type === "62") {
      close();
      open = {
        progressive: cut(record, L62.progressive),
        movement: cut(record, L62.movement),
        valueDate: date(line, "data valuta", cut(record, L62.valueDate), true),
        bookingDate: date(line, "data contabile", cut(record, L62.bookingDate), false)!,
        amount: amount(line, cut(record, L62.sign), cut(record, L62.amount)),
        texts: [cut(record, L62.description)],
        counterpartyName: null,
        counterpartyIban: null,
        reference: referenceOrNull(cut(record, L62.reference)),
      };
    } else if (type === "63") {
      if (!open || cut(record, L63.progressive) !== open.progressive || cut(record, L63.movement) !== open.movement) continue;
      const flag = cut(record, L63.flag);
      if (flag === "YYY") open.counterpartyName = nameOrNull(cut(record, L63.name));
      else if (flag === "YY2") open.counterpartyIban = ibanOrNull(collapse(cut(record, L63.iban)));
      else if (flag === "ID1" || flag === "ID2") continue;
      else open.texts.push(cut(record, L63.text));
    } else {
      close(); // 64, 65 (balances), EF: the movement before is complete
    }
  }
  close();
  if (accounts === 0) throw new StatementRefusedError(CBI_MESSAGES.noAccount);
  if (ibans.size > 1) throw new StatementRefusedError(CBI_MESSAGES.severalAccounts([...ibans]));
  return { format: "cbi", iban: [...ibans][0] ?? null, movements };
}
