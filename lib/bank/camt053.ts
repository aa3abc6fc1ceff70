/**
 * ISO 20022 camt.053 (BankToCustomerStatement), versions 001.02 and later, as Italian banks export it for
 * business accounts.
 *
 * Safety, as the e-invoice import (lib/fiscal/received.ts): a DOCTYPE or ENTITY declaration is refused before
 * anything parses the file (XXE, billion laughs); libxml2 then checks that the XML is well formed with no network,
 * no entity substitution and its own depth/size limits; the size is capped by MAX_STATEMENT_BYTES before both.
 * Only then a small tree reader (faster than walking libxml2's nodes through wasm) extracts the fields.
 *
 * Decisions (where the standard leaves room):
 * - only booked entries are movements: an entry whose status (Sts, or Sts/Cd from 001.08) is not BOOK
 *   (PDNG, INFO) is skipped, as a statement's reconciliation does;
 * - amounts are in euro: an entry in another currency refuses the file (the account and the deadlines are in euro);
 * - sign from CdtDbtInd (CRDT +, DBIT −) of the entry, or of the transaction when it has its own;
 * - counterparty: the debtor on a credit, the creditor on a debit (the other way round on a reversal, RvslInd:
 *   a returned transfer names who returned it); 001.08 wraps names in Pty; UltmtDbtr/UltmtCdtr when the direct
 *   party has no name;
 * - description: RmtInf/Ustrd joined (and any structured creditor reference, Strd/CdtrRefInf/Ref), else
 *   AddtlTxInf, else the entry's AddtlNtryInf;
 * - batched entries (several TxDtls in one Ntry): one movement per TxDtls when every one has its amount and
 *   they add up to the entry's; otherwise one movement for the entry (its descriptions joined), since a partial
 *   split would invent amounts;
 * - reference: the entry's AcctSvcrRef, else the transaction's AcctSvcrRef, NtryRef, EndToEndId (not
 *   NOTPROVIDED), TxId; in a split batch each transaction's own AcctSvcrRef, else the entry's with "/n"
 *   appended, so that the parts of one entry never count as duplicates of each other;
 * - several Stmt in one file (several days) are read in order; Stmt of different IBANs refuse the file.
 */
import { XmlDocument } from "libxml2-wasm";
import { decodeEntities, localName, SAFE_PARSE_OPTIONS } from "@/lib/fiscal/xsd";
import { parseCents, MoneyError } from "@/lib/money";
import { collapse, description, ibanOrNull, isIsoDate, nameOrNull, referenceOrNull } from "./normalize";
import { MAX_STATEMENT_BYTES, StatementRefusedError, type ParsedMovement, type ParsedStatement } from "./types";

const NS = /^urn:iso:std:iso:20022:tech:xsd:camt\.(\d{3})\.001\.(\d{2})$/;

const enc = new TextEncoder();
const DOCTYPE = enc.encode("<!DOCTYPE");
const ENTITY = enc.encode("<!ENTITY");
const indexOfBytes = (hay: Uint8Array, needle: Uint8Array) => Buffer.from(hay.buffer, hay.byteOffset, hay.byteLength).indexOf(needle);

const MB = MAX_STATEMENT_BYTES / 1024 / 1024;
export const CAMT_MESSAGES = {
  tooBig: `Il file supera la dimensione massima di ${MB} MB per un estratto conto`,
  doctype: "Il file contiene una dichiarazione DOCTYPE o ENTITY, non ammessa in un estratto conto camt.053",
  malformed: (detail: string) => `Il file non è un XML ben formato${detail ? `: ${detail}` : ""}`,
  encoding: (e: string) => `Codifica del file non supportata: ${e}`,
  otherCamt: (kind: string) =>
    kind === "052"
      ? "Il file è un camt.052 (saldi e movimenti infragiornalieri), non un estratto conto camt.053: scarica l'estratto conto di fine giornata"
      : kind === "054"
        ? "Il file è un camt.054 (avviso di addebito/accredito), non un estratto conto camt.053: scarica l'estratto conto"
        : `Il file è un messaggio camt.${kind}, non un estratto conto camt.053`,
  oldVersion: (v: string) => `La versione camt.053.001.${v} non è supportata: servono la 001.02 o successive`,
  noStatement: "Il file camt.053 non contiene alcun estratto conto (Stmt)",
  severalAccounts: (ibans: string[]) => `Il file contiene estratti di più conti (${ibans.join(", ")}): importa un file per conto`,
  currency: (n: number, ccy: string) => `Movimento ${n}: importo in ${ccy}, sono importabili solo movimenti in euro`,
  amount: (n: number, v: string) => `Movimento ${n}: importo "${v}" non valido`,
  sign: (n: number) => `Movimento ${n}: segno (CdtDbtInd) mancante o non valido`,
  date: (n: number) => `Movimento ${n}: data contabile mancante o non valida`,
} as const;

/** Is this XML root a camt message? Returns "053", "052", … with its version, or null. */
export function camtKind(namespaceUri: string): { kind: string; version: string } | null {
  const m = NS.exec(namespaceUri);
  return m ? { kind: m[1], version: m[2] } : null;
}

function declaredEncoding(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 200)).toString("latin1");
  const m = /^\s*(?:\xEF\xBB\xBF)?<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head);
  return m ? m[1].toLowerCase() : "utf-8";
}

/**
 * Checks the bytes of an XML statement (size, no DTD, well formed, camt.053 root) and returns its text.
 * Throws StatementRefusedError with the reason otherwise; `notCamt` is called for a well-formed XML that is no camt.
 */
export function checkCamtXml(bytes: Uint8Array, notCamt: (root: string, ns: string) => never): string {
  if (bytes.byteLength > MAX_STATEMENT_BYTES) throw new StatementRefusedError(CAMT_MESSAGES.tooBig);
  if (indexOfBytes(bytes, DOCTYPE) >= 0 || indexOfBytes(bytes, ENTITY) >= 0) throw new StatementRefusedError(CAMT_MESSAGES.doctype);
  const encoding = declaredEncoding(bytes);
  if (!["utf-8", "utf8", "iso-8859-1", "latin1", "iso-8859-15", "windows-1252", "us-ascii"].includes(encoding)) {
    throw new StatementRefusedError(CAMT_MESSAGES.encoding(encoding));
  }
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromBuffer(bytes, { option: SAFE_PARSE_OPTIONS });
  } catch (e) {
    const detail = (e as { details?: { message: string; line: number }[] }).details?.[0];
    const msg = detail ? `${detail.message.trim()} (riga ${detail.line})` : "";
    throw new StatementRefusedError(CAMT_MESSAGES.malformed(msg));
  }
  try {
    if (doc.dtd) throw new StatementRefusedError(CAMT_MESSAGES.doctype);
    const root = doc.root;
    const kind = camtKind(root.namespaceUri);
    if (!kind || root.name !== "Document") notCamt(root.name, root.namespaceUri);
    if (kind.kind !== "053") throw new StatementRefusedError(CAMT_MESSAGES.otherCamt(kind.kind));
    if (Number(kind.version) < 2) throw new StatementRefusedError(CAMT_MESSAGES.oldVersion(kind.version));
  } finally {
    doc.dispose();
  }
  return new TextDecoder(encoding.startsWith("utf") || encoding === "us-ascii" ? "utf-8" : "latin1").decode(bytes);
}

// ---- a minimal tree of an XML libxml2 has already checked (well formed, no DTD)

/** A leaf's raw content: entities decoded outside CDATA sections, comments and processing instructions dropped. */
function leafText(raw: string): string {
  if (raw.indexOf("<") < 0) return decodeEntities(raw);
  let out = "";
  const PART = /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>/g;
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = PART.exec(raw)) !== null) {
    out += decodeEntities(raw.slice(last, m.index)) + (m[1] ?? "");
    last = PART.lastIndex;
  }
  return out + decodeEntities(raw.slice(last));
}

/** The '>' closing the tag opened at `lt` (a '>' inside a quoted attribute value does not close it). */
function tagEnd(xml: string, lt: number): number {
  let quote = 0;
  for (let j = lt + 1; j < xml.length; j++) {
    const c = xml.charCodeAt(j);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === 62 /* > */) return j;
    else if (c === 34 || c === 39) quote = c;
  }
  return xml.length;
}

class Node {
  attrs: Record<string, string> | null = null;
  children: Node[] | null = null;
  /** A leaf's text (entities decoded, CDATA kept, comments dropped); "" for an element with children. */
  text = "";
  constructor(readonly name: string) {}
}

/**
 * The element tree of `xml`, by indexOf rather than a regular expression over every character. `detach(node)`
 * is called when an element closes: returning true hands it over and keeps it out of the tree (camt entries are
 * processed one by one, so that 10,000 of them never live as one tree of 300,000 objects).
 */
function readTree(xml: string, detach?: (node: Node) => boolean): Node {
  const root = new Node("");
  const nodes: Node[] = [root];
  const starts: number[] = [0];
  let i = 0;
  for (;;) {
    const lt = xml.indexOf("<", i);
    if (lt < 0) break;
    const c = xml.charCodeAt(lt + 1);
    if (c === 63 /* ? */) {
      i = xml.indexOf("?>", lt) + 2;
      if (i < 2) break;
      continue;
    }
    if (c === 33 /* ! */) {
      // comments and CDATA stay in the raw text of their leaf (leafText); inside a container they are skipped
      if (xml.startsWith("<!--", lt)) i = xml.indexOf("-->", lt) + 3;
      else if (xml.startsWith("<![CDATA[", lt)) i = xml.indexOf("]]>", lt) + 3;
      else i = xml.indexOf(">", lt) + 1;
      if (i <= 2) break;
      continue;
    }
    const gt = tagEnd(xml, lt);
    i = gt + 1;
    if (c === 47 /* / */) {
      if (nodes.length <= 1) break;
      const node = nodes.pop()!;
      const start = starts.pop()!;
      if (!node.children) node.text = leafText(xml.slice(start, lt));
      if (detach?.(node)) nodes[nodes.length - 1].children!.pop();
      continue;
    }
    const selfClosing = xml.charCodeAt(gt - 1) === 47;
    const end = selfClosing ? gt - 1 : gt;
    let nameEnd = lt + 1;
    while (nameEnd < end) {
      const k = xml.charCodeAt(nameEnd);
      if (k === 32 || k === 9 || k === 10 || k === 13) break;
      nameEnd++;
    }
    const node = new Node(localName(xml.slice(lt + 1, nameEnd)));
    if (nameEnd < end) {
      const eq = xml.indexOf("=", nameEnd);
      if (eq >= 0 && eq < end) {
        const ATTR = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
        const attrText = xml.slice(nameEnd, end);
        let a: RegExpExecArray | null;
        while ((a = ATTR.exec(attrText)) !== null) {
          if (a[1].startsWith("xmlns")) continue;
          (node.attrs ??= {})[localName(a[1])] = decodeEntities(a[2] ?? a[3] ?? "");
        }
      }
    }
    (nodes[nodes.length - 1].children ??= []).push(node);
    if (selfClosing) {
      if (detach?.(node)) nodes[nodes.length - 1].children!.pop();
    } else {
      nodes.push(node);
      starts.push(gt + 1);
    }
  }
  return root;
}

const child = (n: Node | undefined, name: string): Node | undefined => n?.children?.find((c) => c.name === name);
const kids = (n: Node | undefined, name: string): Node[] => (n?.children ? n.children.filter((c) => c.name === name) : []);
/** The node at a path of local names ("Acct/Id/IBAN"; the split paths are cached: they are a handful of constants). */
const PATHS = new Map<string, string[]>();
function at(n: Node | undefined, path: string): Node | undefined {
  let parts = PATHS.get(path);
  if (!parts) PATHS.set(path, (parts = path.split("/")));
  let cur = n;
  for (const p of parts) {
    cur = child(cur, p);
    if (!cur) return undefined;
  }
  return cur;
}
const textAt = (n: Node | undefined, path: string): string | null => {
  const node = at(n, path);
  if (!node) return null;
  const t = node.text.trim();
  return t === "" ? null : t;
};

// ---- camt.053

function dateOf(n: Node | undefined): string | null {
  const v = textAt(n, "Dt") ?? textAt(n, "DtTm");
  if (!v) return null;
  const d = v.slice(0, 10);
  return isIsoDate(d) ? d : null;
}

/** A party's name: Nm, or Pty/Nm (001.08 and later). */
const partyName = (p: Node | undefined): string | null => textAt(p, "Nm") ?? textAt(p, "Pty/Nm");
const accountIban = (a: Node | undefined): string | null => ibanOrNull(textAt(a, "Id/IBAN"));

interface Tx {
  amount: number | null; // signed cents, when the transaction states its amount
  reference: string | null; // its own AcctSvcrRef
  otherRef: string | null; // EndToEndId or TxId
  description: string;
  counterpartyName: string | null;
  counterpartyIban: string | null;
}

function sign(ind: string | null): 1 | -1 | null {
  return ind === "CRDT" ? 1 : ind === "DBIT" ? -1 : null;
}

function cents(v: string | null, n: number): number {
  try {
    if (v === null || !/^\d+(\.\d{1,5})?$/.test(v)) throw new MoneyError(v ?? "");
    return parseCents(v);
  } catch {
    throw new StatementRefusedError(CAMT_MESSAGES.amount(n, v ?? ""));
  }
}

function readTx(tx: Node, entrySign: 1 | -1, reversal: boolean, n: number): Tx {
  const amtNode = child(tx, "Amt") ?? at(tx, "AmtDtls/TxAmt/Amt") ?? at(tx, "AmtDtls/CntrValAmt/Amt");
  let amount: number | null = null;
  if (amtNode && amtNode.text.trim() !== "") {
    const ccy = amtNode.attrs?.Ccy;
    if (ccy && ccy !== "EUR") throw new StatementRefusedError(CAMT_MESSAGES.currency(n, ccy));
    const s = sign(textAt(tx, "CdtDbtInd")) ?? entrySign;
    amount = s * cents(amtNode.text.trim(), n);
  }
  const txSign = amount === null ? entrySign : amount < 0 ? -1 : 1;
  const parties = child(tx, "RltdPties");
  // who paid us on a credit, whom we paid on a debit; a reversal names the other side of the original payment
  const otherIsDebtor = (txSign > 0) !== reversal;
  const [p, acct, ultimate] = otherIsDebtor ? ["Dbtr", "DbtrAcct", "UltmtDbtr"] : ["Cdtr", "CdtrAcct", "UltmtCdtr"];
  const rmt = child(tx, "RmtInf");
  const ustrd = kids(rmt, "Ustrd").map((u) => u.text);
  const strd = kids(rmt, "Strd")
    .map((s) => textAt(s, "CdtrRefInf/Ref"))
    .filter((r): r is string => !!r);
  let text = collapse([...ustrd, ...strd].join(" "));
  if (!text) text = collapse(textAt(tx, "AddtlTxInf"));
  const e2e = textAt(tx, "Refs/EndToEndId");
  return {
    amount,
    reference: textAt(tx, "Refs/AcctSvcrRef"),
    otherRef: (e2e && e2e.toUpperCase() !== "NOTPROVIDED" ? e2e : null) ?? textAt(tx, "Refs/TxId"),
    description: text,
    counterpartyName: nameOrNull(partyName(child(parties, p)) ?? partyName(child(parties, ultimate))),
    counterpartyIban: accountIban(child(parties, acct)),
  };
}

/** The movements of one entry (Ntry), the n-th of the file. */
function readEntry(entry: Node, n: number, movements: ParsedMovement[]): void {
  const status = textAt(entry, "Sts/Cd") ?? textAt(entry, "Sts");
  if (status && status !== "BOOK") return;
  const amtNode = child(entry, "Amt");
  const ccy = amtNode?.attrs?.Ccy;
  if (ccy && ccy !== "EUR") throw new StatementRefusedError(CAMT_MESSAGES.currency(n, ccy));
  const s = sign(textAt(entry, "CdtDbtInd"));
  if (s === null) throw new StatementRefusedError(CAMT_MESSAGES.sign(n));
  const amount = s * cents(amtNode ? amtNode.text.trim() : null, n);
  const valueDate = dateOf(child(entry, "ValDt"));
  const bookingDate = dateOf(child(entry, "BookgDt")) ?? valueDate;
  if (!bookingDate) throw new StatementRefusedError(CAMT_MESSAGES.date(n));
  const reversal = textAt(entry, "RvslInd") === "true";
  const entryRef = textAt(entry, "AcctSvcrRef");
  const entryInfo = collapse(textAt(entry, "AddtlNtryInf"));
  const txs = kids(entry, "NtryDtls").flatMap((d) => kids(d, "TxDtls").map((t) => readTx(t, s, reversal, n)));
  const base = { bookingDate, valueDate };
  const splittable = txs.length > 1 && txs.every((t) => t.amount !== null) && txs.reduce((a, t) => a + t.amount!, 0) === amount;
  if (splittable) {
    const own = entryRef ?? textAt(entry, "NtryRef");
    const seen = new Set<string>();
    txs.forEach((t, i) => {
      let ref = t.reference && t.reference !== entryRef ? t.reference : own ? `${own}/${i + 1}` : t.otherRef;
      if (ref && seen.has(ref)) ref = `${ref}/${i + 1}`;
      if (ref) seen.add(ref);
      movements.push({
        ...base,
        amount: t.amount!,
        description: description(t.description || entryInfo),
        counterpartyName: t.counterpartyName,
        counterpartyIban: t.counterpartyIban,
        reference: referenceOrNull(ref),
      });
    });
    return;
  }
  const one = txs.length === 1 ? txs[0] : null;
  const joined = [...new Set(txs.map((t) => t.description).filter(Boolean))].join(" ");
  const sameParty = txs.length > 0 && txs.every((t) => t.counterpartyName === txs[0].counterpartyName && t.counterpartyIban === txs[0].counterpartyIban);
  movements.push({
    ...base,
    amount,
    description: description(joined || entryInfo),
    counterpartyName: sameParty ? txs[0].counterpartyName : null,
    counterpartyIban: sameParty ? txs[0].counterpartyIban : null,
    reference: referenceOrNull(entryRef ?? one?.reference ?? textAt(entry, "NtryRef") ?? one?.otherRef ?? null),
  });
}

/** Parses a camt.053 statement already checked by checkCamtXml. */
export function parseCamt053(xml: string): ParsedStatement {
  const movements: ParsedMovement[] = [];
  let n = 0;
  const tree = readTree(xml, (node) => {
    if (node.name !== "Ntry") return false;
    readEntry(node, ++n, movements);
    return true;
  });
  const doc = child(tree, "Document");
  const statements = kids(child(doc, "BkToCstmrStmt"), "Stmt");
  if (statements.length === 0) throw new StatementRefusedError(CAMT_MESSAGES.noStatement);
  const ibans = [...new Set(statements.map((s) => accountIban(child(s, "Acct"))).filter((i): i is string => !!i))];
  if (ibans.length > 1) throw new StatementRefusedError(CAMT_MESSAGES.severalAccounts(ibans));
  return { format: "camt.053", iban: ibans[0] ?? null, movements };
}
