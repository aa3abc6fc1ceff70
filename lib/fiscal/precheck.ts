/**
 * SDI pre-check: reports in plain Italian, with the SDI error code beside each message, what the
 * Sistema di Interscambio would reject (rules §4), before any XML leaves the product.
 *
 * - `precheckInvoice(parsed)` runs the content checks on a parsed FatturaPA file (the same code
 *   path for our own XML and for `npm run fatturapa -- check FILE`).
 * - `precheckDocument(doc, transmission)` adds friendly checks on the document model, builds the
 *   XML, validates it against the XSD and runs `precheckInvoice` on it.
 */
import { parseDecimal, pow10, roundDiv, toCents, type Cents } from "@/lib/money";
import { todayInRome } from "@/lib/rome-time";
import { TIPI_DOCUMENTO } from "./codes";
import { isIsoDate } from "./dates";
import { checkCodiceFiscale, checkPartitaIva } from "./identifiers";
import { InvoiceRefusedError, parseInvoiceXml, type ParsedBody, type ParsedInvoiceFile } from "./received";
import { buildFatturaPA, codiceDestinatarioFor, type BuiltInvoice, type Transmission } from "./xml-builder";
import type { FiscalDocument } from "./types";

export interface PrecheckIssue {
  /** SDI error code ("00400"), or "00200" for schema problems. */
  code: string;
  message: string;
  /** 1-based body number when the file has several bodies. */
  body?: number;
}

export interface PrecheckOptions {
  /** "yyyy-mm-dd", default today in Italy. */
  today?: string;
}

const GENERIC_NATURE = new Set(["N2", "N3", "N6"]);
const SELF_INVOICE_FORBIDDEN = new Set(["TD01", "TD02", "TD03", "TD06", "TD16", "TD17", "TD18", "TD19", "TD20", "TD24", "TD25", "TD28"]);
/** Documents a business issues to itself (rules §4, 00472): integration/self-invoice TD21, self-consumption TD27. */
const SELF_INVOICE_REQUIRED = new Set(["TD21", "TD27"]);
const BUYER_VAT_REQUIRED = new Set(["TD16", "TD17", "TD18", "TD19", "TD20", "TD22", "TD23", "TD28"]);

const P8 = 8;
const PCT = 10000n; // rate "22.00" parsed at scale 2 → 2200; × amount / 10000

function it(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}
function euro(c: Cents): string {
  const s = (Math.abs(c) / 100).toFixed(2).replace(".", ",");
  return (c < 0 ? "-" : "") + s;
}

function rateKey(rate: string, natura: string | null): string {
  return `${parseDecimal(rate, 2)}|${natura ?? ""}`;
}
function rateLabel(rate: string, natura: string | null): string {
  return `${rate}%${natura ? ` ${natura}` : ""}`;
}

/** Unit price after line discounts × quantity, at 8 decimals (exact, then rounded half-up). */
function expectedLineTotal(row: ParsedBody["rows"][number]): bigint {
  let num = parseDecimal(row.unitPrice, P8);
  let den = 1n;
  for (const d of row.discounts) {
    const sign = d.type === "SC" ? -1n : 1n;
    if (d.percent !== null) {
      num = num * (10000n + sign * parseDecimal(d.percent, 2));
      den = den * 10000n;
    } else if (d.amount !== null) {
      num = num + sign * parseDecimal(d.amount, P8) * den;
    }
  }
  const qty = row.quantity !== null ? parseDecimal(row.quantity, P8) : pow10(P8);
  return roundDiv(num * qty, den * pow10(P8));
}

function checkBody(b: ParsedBody, today: string, push: (code: string, message: string) => void): void {
  const td16 = b.documentType === "TD16";
  if (isIsoDate(b.date) && b.date > today) push("00403", `La data della fattura (${it(b.date)}) è successiva alla data odierna`);
  if (!/\d/.test(b.number)) push("00425", `Il numero della fattura "${b.number}" deve contenere almeno una cifra`);

  // Lines
  const used = new Map<string, { rate: string; natura: string | null; total: bigint }>(); // rate|natura → Σ at 8 decimals
  const addUsed = (rate: string, natura: string | null, amount8: bigint) => {
    const k = rateKey(rate, natura);
    const u = used.get(k);
    if (u) u.total += amount8;
    else used.set(k, { rate, natura, total: amount8 });
  };
  let lineWithholding = false;
  for (const r of b.rows) {
    const zero = parseDecimal(r.vatRate, 2) === 0n;
    if (zero && !r.natura) push("00400", `Riga ${r.line}: aliquota IVA 0% senza Natura (indicare il motivo di non applicazione dell'IVA)`);
    if (!zero && r.natura && !td16) push("00401", `Riga ${r.line}: Natura ${r.natura} indicata con aliquota IVA ${r.vatRate}%`);
    if (r.natura && GENERIC_NATURE.has(r.natura)) push("00445", `Riga ${r.line}: la Natura ${r.natura} generica non è più ammessa, usare un sottocodice (es. ${r.natura}.1)`);
    for (const d of r.discounts) {
      if (d.percent === null && d.amount === null) push("00438", `Riga ${r.line}: sconto/maggiorazione senza percentuale né importo`);
    }
    const actual = parseDecimal(r.totalPrice, P8);
    const expected = expectedLineTotal(r);
    const diff = actual - expected;
    if (diff > pow10(P8 - 2) || diff < -pow10(P8 - 2)) {
      push("00423", `Riga ${r.line}: il prezzo totale ${r.totalPrice} non corrisponde a prezzo unitario × quantità (atteso ${(Number(roundDiv(expected, pow10(P8 - 2))) / 100).toFixed(2)})`);
    }
    if (r.withholding) lineWithholding = true;
    addUsed(r.vatRate, r.natura, actual);
  }

  // Cassa
  let cassaWithholding = false;
  for (const c of b.cassa) {
    const zero = parseDecimal(c.vatRate, 2) === 0n;
    if (zero && !c.natura) push("00413", `Cassa previdenziale ${c.type}: aliquota IVA 0% senza Natura`);
    if (!zero && c.natura) push("00414", `Cassa previdenziale ${c.type}: Natura ${c.natura} indicata con aliquota IVA ${c.vatRate}%`);
    if (c.natura && GENERIC_NATURE.has(c.natura)) push("00445", `Cassa previdenziale ${c.type}: la Natura ${c.natura} generica non è più ammessa`);
    if (c.withholding) cassaWithholding = true;
    addUsed(c.vatRate, c.natura, BigInt(c.amount) * pow10(P8 - 2));
  }
  if (lineWithholding && b.withholdings.length === 0) push("00411", "Una riga è soggetta a ritenuta ma manca il blocco DatiRitenuta");
  if (cassaWithholding && b.withholdings.length === 0) push("00415", "La cassa previdenziale è soggetta a ritenuta ma manca il blocco DatiRitenuta");
  for (const d of b.documentDiscounts) {
    if (d.percent === null && d.amount === null) push("00437", "Sconto/maggiorazione del documento senza percentuale né importo");
  }
  for (const f of b.linkedInvoices) {
    if (f.date && f.date > b.date) push("00418", `La data della fattura (${it(b.date)}) è precedente a quella del documento collegato ${f.id} (${it(f.date)})`);
  }

  // Riepilogo
  const summaryKeys = new Set<string>();
  for (const s of b.vatSummary) {
    const rate = parseDecimal(s.vatRate, 2);
    const k = rateKey(s.vatRate, s.natura);
    summaryKeys.add(k);
    if (rate === 0n && !s.natura) push("00429", `Riepilogo IVA 0%: manca la Natura`);
    if (rate !== 0n && s.natura && !td16) push("00430", `Riepilogo IVA ${s.vatRate}%: Natura ${s.natura} non ammessa con aliquota diversa da zero`);
    if (s.natura && GENERIC_NATURE.has(s.natura)) push("00445", `Riepilogo: la Natura ${s.natura} generica non è più ammessa`);
    if (s.natura?.startsWith("N6") && s.esigibilita === "S") push("00420", `Riepilogo ${s.natura}: l'inversione contabile non è compatibile con la scissione dei pagamenti`);
    const expectedVat = toCents(roundDiv(BigInt(s.taxableAmount) * rate, PCT));
    if (Math.abs(expectedVat - s.vatAmount) > 1) {
      push("00421", `Riepilogo ${rateLabel(s.vatRate, s.natura)}: imposta ${euro(s.vatAmount)} diversa da imponibile × aliquota (${euro(expectedVat)})`);
    }
    const u = used.get(k);
    if (u) {
      const rounding = s.rounding ? parseDecimal(s.rounding, P8) : 0n;
      const diff = BigInt(s.taxableAmount) * pow10(P8 - 2) - (u.total + rounding);
      if (diff >= pow10(P8) || diff <= -pow10(P8)) {
        push("00422", `Riepilogo ${rateLabel(s.vatRate, s.natura)}: imponibile ${euro(s.taxableAmount)} non corrisponde alla somma delle righe e dei contributi (${euro(toCents(roundDiv(u.total + rounding, pow10(P8 - 2))))})`);
      }
    }
  }
  for (const [k, u] of used) {
    if (!summaryKeys.has(k)) {
      const sameRate = [...summaryKeys].some((s) => s.split("|")[0] === k.split("|")[0]);
      if (!sameRate) push("00419", `Manca il riepilogo IVA per l'aliquota ${u.rate}% usata nelle righe o nella cassa`);
      else push(u.natura ? "00444" : "00443", `Il riepilogo IVA non corrisponde alle righe per ${rateLabel(u.rate, u.natura)}`);
    }
  }
  for (const s of b.vatSummary) {
    const k = rateKey(s.vatRate, s.natura);
    if (!used.has(k)) push(s.natura ? "00444" : "00443", `Riepilogo IVA ${rateLabel(s.vatRate, s.natura)} senza righe o cassa corrispondenti`);
  }

  // Parties
  const sameParty =
    (b.supplier.vatNumber && b.supplier.vatNumber === b.customer.vatNumber) ||
    (b.supplier.fiscalCode && b.supplier.fiscalCode === b.customer.fiscalCode);
  if (sameParty && SELF_INVOICE_FORBIDDEN.has(b.documentType)) push("00471", `Cedente e cessionario coincidono: non ammesso per il tipo documento ${b.documentType}`);
  if (!sameParty && SELF_INVOICE_REQUIRED.has(b.documentType)) {
    const name = TIPI_DOCUMENTO[b.documentType as keyof typeof TIPI_DOCUMENTO].toLowerCase();
    push("00472", `Il tipo documento ${b.documentType} (${name}) richiede che il cliente sia l'azienda stessa: cedente e cessionario devono coincidere`);
  }
  if (!b.customer.vatNumber && BUYER_VAT_REQUIRED.has(b.documentType)) push("00475", `Per il tipo documento ${b.documentType} è obbligatoria la partita IVA del cessionario`);
}

/** Content checks of the SDI on a parsed FatturaPA file (already schema-valid). */
export function precheckInvoice(file: ParsedInvoiceFile, options: PrecheckOptions = {}): PrecheckIssue[] {
  const today = options.today ?? todayInRome();
  const issues: PrecheckIssue[] = [];
  const seen = new Set<string>();
  const add = (code: string, message: string, body?: number) => {
    const key = `${code}|${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    issues.push({ code, message, ...(body !== undefined && file.bodies.length > 1 ? { body } : {}) });
  };

  const len = file.codiceDestinatario.length;
  if (file.formato === "FPA12" && len !== 6) add("00427", `Il codice destinatario di una PA deve essere di 6 caratteri (trovato "${file.codiceDestinatario}")`);
  if (file.formato === "FPR12" && len !== 7) add("00427", `Il codice destinatario deve essere di 7 caratteri per le fatture tra privati (trovato "${file.codiceDestinatario}")`);
  if (file.formato !== "FPA12" && file.formato !== "FPR12") add("00428", `Formato di trasmissione non valido: ${file.formato}`);

  const first = file.bodies[0];
  if (first) {
    const s = first.supplier;
    const c = first.customer;
    if (s.vatNumber?.startsWith("IT") && checkPartitaIva(s.vatNumber.slice(2))) add("00301", `La partita IVA del cedente ${s.vatNumber.slice(2)} non è valida`);
    if (s.fiscalCode && checkCodiceFiscale(s.fiscalCode)) add("00302", `Il codice fiscale del cedente ${s.fiscalCode} non è valido`);
    if (!c.vatNumber && !c.fiscalCode) add("00417", "Il cliente non ha né partita IVA né codice fiscale: indicarne almeno uno");
    if (c.vatNumber?.startsWith("IT") && checkPartitaIva(c.vatNumber.slice(2))) add("00305", `La partita IVA del cliente ${c.vatNumber.slice(2)} non è valida`);
    if (c.fiscalCode && checkCodiceFiscale(c.fiscalCode)) add("00306", `Il codice fiscale del cliente ${c.fiscalCode} non è valido`);
  }

  const numbers = new Map<string, number>();
  file.bodies.forEach((b, i) => {
    checkBody(b, today, (code, message) => add(code, message, i + 1));
    const key = `${b.date.slice(0, 4)}|${b.number}|${b.documentType === "TD04"}`;
    if (numbers.has(key)) add("00409", `Il numero ${b.number} è ripetuto nello stesso file (lotto)`, i + 1);
    numbers.set(key, i);
  });
  return issues;
}

export interface DocumentPrecheck {
  ok: boolean;
  issues: PrecheckIssue[];
  /** Present when the XML could be built. */
  built?: BuiltInvoice;
}

/** Checks a document before sending: model checks, XSD validation of the built XML, SDI content checks. */
export function precheckDocument(doc: FiscalDocument, transmission: Transmission, options: PrecheckOptions = {}): DocumentPrecheck {
  const issues: PrecheckIssue[] = [];
  const add = (code: string, message: string) => {
    if (!issues.some((i) => i.code === code && i.message === message)) issues.push({ code, message });
  };
  if (doc.kind === "proforma") return { ok: false, issues: [{ code: "-", message: "Una proforma non si invia allo SDI" }] };

  const s = doc.seller;
  if (!s.vatNumber) add("00200", "Manca la partita IVA del cedente (obbligatoria nella fattura elettronica)");
  else if ((s.vatCountry ?? "IT") === "IT" && checkPartitaIva(s.vatNumber)) add("00301", `La partita IVA del cedente ${s.vatNumber} non è valida`);
  if (!s.companyName && !(s.firstName && s.lastName)) add("00200", "Manca la denominazione (o nome e cognome) del cedente");
  const b = doc.buyer;
  if (!b.vatNumber && !b.fiscalCode && (b.address.country ?? "IT") === "IT") add("00417", "Il cliente non ha né partita IVA né codice fiscale: indicarne almeno uno");
  if (!b.companyName && !(b.firstName && b.lastName)) add("00200", "Manca la denominazione (o nome e cognome) del cliente");
  const cd = codiceDestinatarioFor(b);
  if (b.kind === "pa" && cd.length !== 6) add("00427", "Per la Pubblica Amministrazione serve il codice univoco ufficio di 6 caratteri (IPA)");
  if (b.kind !== "pa" && cd.length !== 7) add("00427", `Il codice destinatario deve essere di 7 caratteri (trovato "${cd}")`);
  if (cd && !/^[A-Z0-9]+$/.test(cd)) add("00200", "Il codice destinatario può contenere solo lettere maiuscole e cifre");
  if (!isIsoDate(doc.date)) add("00200", `Data della fattura non valida: "${doc.date}"`);
  if (doc.rows.length === 0) add("00200", "La fattura deve avere almeno una riga");

  let built: BuiltInvoice | undefined;
  try {
    built = buildFatturaPA(doc, transmission);
  } catch (e) {
    add("00200", e instanceof Error ? e.message : String(e));
    return { ok: false, issues };
  }
  try {
    const parsed = parseInvoiceXml(built.xml);
    for (const i of precheckInvoice(parsed, options)) add(i.code, i.message);
  } catch (e) {
    if (e instanceof InvoiceRefusedError) add("00200", e.message);
    else throw e;
  }
  return { ok: issues.length === 0, issues, built };
}
