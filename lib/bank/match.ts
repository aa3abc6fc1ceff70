/**
 * Suggestions for a bank movement among the tenant's open deadlines (issue 32): pure, no database. The caller loads
 * every open deadline once (db/queries/bank-movements.ts openDeadlines: one query), builds one index
 * (`buildMatchIndex`) and asks it for each movement (`suggestMatches`): lookups by amount, document number and
 * counterparty in maps, never a scan of every deadline per movement (1,000 movements × 20,000 deadlines: bench:bank).
 *
 * Decisions (the order the issue gives, each with its Italian reason):
 * - Direction by sign: a credit (amount > 0) is matched only to deadlines to collect, a debit only to deadlines to pay.
 *   The amount expected is the deadline's OPEN amount, which is already the netto a pagare: the documents schedule
 *   their deadlines on the total less the ritenuta and, under split payment, less the VAT (lib/fiscal/calculate.ts
 *   netToPay, db/queries/deadline-schedule.ts), and a credit note netting lowers it.
 * - 'number' (score 100, certain): a deadline whose document number is written in the description with the same
 *   amount. A number is found as a word of the description ('FT 12/A', 'fattura n.12/A', 'saldo fatt. 12-2026'): a
 *   bare number of one or two digits counts only after a word such as 'fattura', 'fatt', 'ft', 'n', 'nr', 'rif'
 *   or with its year ('12/2026'), so the '12' of '12,00 EUR' names no invoice. Several deadlines of the documents
 *   named summing to the amount (a whole invoice paid in one go, or two invoices named) are certain too (95).
 * - 'counterparty' (90): the same amount from a counterparty that matches the deadline's contact by name (every
 *   significant word of the contact's name, legal forms like SRL left out, in the movement's counterparty or
 *   description), by VAT number written in the description, or by an IBAN that paid this contact before (learned
 *   from the matches already made: contacts have no IBAN field).
 * - 'group' (80): several open deadlines of one matched counterparty summing to the amount: first the oldest ones in
 *   order (how customers pay arrears), else a bounded subset search (at most 24 deadlines, 5,000 steps). A name many
 *   contacts share (more than 3 equally specific) points at none, so the search stays bounded per movement.
 * - 'partial' (70 with the number, 40 by counterparty): less than the deadline's open amount; the match splits it.
 * - 'amount' (50, less when many deadlines share it): the same amount only, nearest due date first.
 * Only 'number' suggestions are `certain`: the tenant setting bankAutoMatch applies the top one on import when it
 * is certain and no other certain suggestion competes with it.
 */
import { formatEuro } from "@/lib/format";

export type MatchDirection = "IN" | "OUT";

/** An open deadline as the matcher needs it (amount = its open amount, cents, positive). */
export interface OpenDeadline {
  id: number;
  direction: MatchDirection;
  amount: number;
  deadlineDate: string;
  documentNumber: string;
  /** Year of the document date ('2026'), for '12/2026' in a description. */
  documentYear: string;
  contactId: number;
  contactName: string;
  contactVat: string;
}

export interface MovementToMatch {
  amount: number;
  description: string;
  counterpartyName: string | null;
  counterpartyIban: string | null;
}

export interface MatchSuggestion {
  deadlines: { id: number; amount: number }[];
  score: number;
  certain: boolean;
  kind: "number" | "counterparty" | "group" | "partial" | "amount";
  reason: string;
}

export interface MatchIndex {
  byId: Map<number, OpenDeadline>;
  byAmount: Map<string, OpenDeadline[]>;
  byNumber: Map<string, OpenDeadline[]>;
  byContact: Map<string, OpenDeadline[]>;
  /** First significant word of a contact's name → the contacts (id, all its significant words). */
  contactsByWord: Map<string, { contactId: number; words: string[] }[]>;
  contactsByVat: Map<string, number[]>;
  contactsByIban: Map<string, number[]>;
}

export const MAX_SUGGESTIONS = 10;
const GROUP_MAX_DEADLINES = 24;
const GROUP_MAX_STEPS = 5_000;
const MAX_NAME_CONTACTS = 3;

const key = (direction: MatchDirection, x: string | number) => `${direction}|${x}`;

/** Upper case, accents off, anything but letters, digits, '/' and '-' a separator. */
function words(text: string): string[] {
  // eslint-disable-next-line no-control-regex -- plain ASCII needs no accent folding (the common case, and faster)
  const folded = /^[\x00-\x7f]*$/.test(text) ? text : text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  return folded
    .toUpperCase()
    .split(/[^A-Z0-9/-]+/)
    .map((w) => w.replace(/^[-/]+|[-/]+$/g, ""))
    .filter(Boolean);
}

/** Words of a name that identify it: legal forms and short words left out. */
const LEGAL_FORMS = new Set(["SRL", "SRLS", "SPA", "SNC", "SAS", "SAPA", "SCARL", "SCRL", "SOC", "COOP", "SOCIETA", "DI", "DEL", "DELLA", "DEI", "E", "LA", "IL", "LE", "GLI", "THE", "AND", "STUDIO", "DITTA", "UNIPERSONALE", "ONLUS", "ASSOCIATI"]);
function nameWords(name: string): string[] {
  const compact = name.replace(/\b([A-Za-z])\.(?=[A-Za-z]\.)/g, "$1").replace(/\b([A-Za-z])\.\s*/g, "$1"); // S.R.L. → SRL
  // a number in a name distinguishes it ('Studio 21'), a one-letter word or a legal form does not
  return [...new Set(words(compact).filter((w) => (/^\d+$/.test(w) ? w.length >= 2 : w.length >= 3 && !LEGAL_FORMS.has(w))))];
}

/** Words that announce a document number just after them. */
const NUMBER_WORDS = new Set(["FATTURA", "FATTURE", "FATT", "FAT", "FT", "FTT", "FATTURAN", "N", "NR", "NUM", "NUMERO", "NO", "DOC", "DOCUMENTO", "RIF", "RIFERIMENTO", "INV", "INVOICE", "NC", "NOTA", "SALDO", "ACCONTO"]);

/** The keys a document number is found by: its own text, and for a bare number also 'n/yyyy' and 'n-yyyy'. */
function numberKeys(number: string, year: string): string[] {
  const n = words(number).join("");
  if (!n) return [];
  if (/^\d+$/.test(n)) {
    const bare = String(Number(n));
    return [bare, `${bare}/${year}`, `${bare}-${year}`];
  }
  return [n];
}

/** The number keys a description may be naming. */
function descriptionNumberKeys(description: string): Set<string> {
  const ws = words(description);
  const out = new Set<string>();
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i]!;
    const digitsOnly = /^\d+$/.test(w);
    if (digitsOnly) {
      const bare = String(Number(w));
      // a bare short number needs a word before it that says it is a document number
      if (w.length >= 3 || (i > 0 && NUMBER_WORDS.has(ws[i - 1]!))) out.add(bare);
      continue;
    }
    out.add(w);
    // 'N12/A' or 'FT12' glued: the word without its prefix
    const glued = /^(?:FATT|FAT|FT|NR|N|NUM|RIF|DOC|NC)(\d.*)$/.exec(w);
    if (glued) out.add(glued[1]!);
    // '0012/2026' → '12/2026'
    const withYear = /^0*(\d+)([/-]\d{4})$/.exec(w);
    if (withYear) out.add(`${withYear[1]}${withYear[2]}`);
  }
  return out;
}

function push<K, V>(map: Map<K, V[]>, k: K, v: V): void {
  const list = map.get(k);
  if (list) list.push(v);
  else map.set(k, [v]);
}

/**
 * The index of the open deadlines, built once for many movements. `knownIbans`: IBANs that paid (or were paid by) a
 * contact in earlier matches.
 */
export function buildMatchIndex(deadlines: readonly OpenDeadline[], knownIbans: readonly { iban: string; contactId: number }[] = []): MatchIndex {
  const index: MatchIndex = { byId: new Map(), byAmount: new Map(), byNumber: new Map(), byContact: new Map(), contactsByWord: new Map(), contactsByVat: new Map(), contactsByIban: new Map() };
  const seenContacts = new Set<number>();
  for (const d of deadlines) {
    if (d.amount <= 0) continue;
    index.byId.set(d.id, d);
    push(index.byAmount, key(d.direction, d.amount), d);
    for (const k of numberKeys(d.documentNumber, d.documentYear)) push(index.byNumber, key(d.direction, k), d);
    push(index.byContact, key(d.direction, d.contactId), d);
    if (!seenContacts.has(d.contactId)) {
      seenContacts.add(d.contactId);
      const ws = nameWords(d.contactName);
      if (ws.length) push(index.contactsByWord, ws[0]!, { contactId: d.contactId, words: ws });
      const vat = d.contactVat.replace(/\s/g, "").toUpperCase().replace(/^IT/, "");
      if (vat.length >= 8) push(index.contactsByVat, vat, d.contactId);
    }
  }
  for (const k of index.byContact.values()) k.sort(byDueDate);
  for (const { iban, contactId } of knownIbans) {
    const list = index.contactsByIban.get(iban.toUpperCase()) ?? [];
    if (!list.includes(contactId)) list.push(contactId);
    index.contactsByIban.set(iban.toUpperCase(), list);
  }
  return index;
}

const byDueDate = (a: OpenDeadline, b: OpenDeadline) => (a.deadlineDate < b.deadlineDate ? -1 : a.deadlineDate > b.deadlineDate ? 1 : a.id - b.id);

/**
 * The contacts the movement's counterparty (name, VAT number in the description, a known IBAN) points at. By name,
 * the most specific contacts only (those whose name has the most words, all found), and none when more than
 * MAX_NAME_CONTACTS remain: a word many names share ('Servizi') names nobody.
 */
export function matchingContacts(index: MatchIndex, m: MovementToMatch): Set<number> {
  const found = new Set<number>();
  const text = `${m.counterpartyName ?? ""} ${m.description}`;
  const ws = new Set(nameWords(text));
  let byName: { contactId: number; words: string[] }[] = [];
  for (const w of ws) {
    for (const c of index.contactsByWord.get(w) ?? []) if (c.words.every((x) => ws.has(x))) byName.push(c);
  }
  const most = Math.max(0, ...byName.map((c) => c.words.length));
  byName = byName.filter((c) => c.words.length === most);
  if (byName.length <= MAX_NAME_CONTACTS) for (const c of byName) found.add(c.contactId);
  for (const w of words(text)) {
    const vat = w.replace(/^IT/, "");
    if (vat.length >= 8) for (const id of index.contactsByVat.get(vat) ?? []) found.add(id);
  }
  if (m.counterpartyIban) for (const id of index.contactsByIban.get(m.counterpartyIban.toUpperCase()) ?? []) found.add(id);
  return found;
}

/** A subset of `list` summing exactly to `target` (the oldest first in order, else a bounded search); null when none. */
export function subsetSum(list: readonly OpenDeadline[], target: number): OpenDeadline[] | null {
  let running = 0;
  for (let i = 0; i < list.length; i++) {
    running += list[i]!.amount;
    if (running === target) return i > 0 ? list.slice(0, i + 1) : null;
    if (running > target) break;
  }
  const items = list.filter((d) => d.amount < target).slice(0, GROUP_MAX_DEADLINES);
  if (items.length < 2) return null;
  // suffix sums bound the search: a branch that cannot reach the target any more stops
  const suffix = new Array<number>(items.length + 1).fill(0);
  for (let i = items.length - 1; i >= 0; i--) suffix[i] = suffix[i + 1]! + items[i]!.amount;
  let steps = 0;
  const chosen: OpenDeadline[] = [];
  const search = (i: number, left: number): boolean => {
    if (left === 0) return chosen.length > 1;
    if (i >= items.length || ++steps > GROUP_MAX_STEPS || suffix[i]! < left) return false;
    const d = items[i]!;
    if (d.amount <= left) {
      chosen.push(d);
      if (search(i + 1, left - d.amount)) return true;
      chosen.pop();
    }
    return search(i + 1, left);
  };
  return search(0, target) ? [...chosen] : null;
}

const docs = (list: readonly OpenDeadline[]) => [...new Set(list.map((d) => d.documentNumber))].join(", ");

/** The suggestions for one movement, best first (at most MAX_SUGGESTIONS). */
export function suggestMatches(index: MatchIndex, m: MovementToMatch): MatchSuggestion[] {
  if (m.amount === 0) return [];
  const direction: MatchDirection = m.amount > 0 ? "IN" : "OUT";
  const target = Math.abs(m.amount);
  const out = new Map<string, MatchSuggestion>();
  const add = (s: MatchSuggestion) => {
    const k = s.deadlines.map((d) => `${d.id}:${d.amount}`).sort().join(",");
    const prior = out.get(k);
    if (!prior || prior.score < s.score) out.set(k, s);
  };
  const whole = (list: readonly OpenDeadline[]) => list.map((d) => ({ id: d.id, amount: d.amount }));

  // 1. the document number in the description
  const named = new Map<number, OpenDeadline>();
  for (const k of descriptionNumberKeys(m.description)) for (const d of index.byNumber.get(key(direction, k)) ?? []) named.set(d.id, d);
  const namedList = [...named.values()].sort(byDueDate);
  for (const d of namedList) {
    if (d.amount === target) add({ deadlines: whole([d]), score: 100, certain: true, kind: "number", reason: `Numero documento ${d.documentNumber} e importo corrispondono` });
  }
  if (namedList.length > 1) {
    const group = subsetSum(namedList, target);
    if (group) add({ deadlines: whole(group), score: 95, certain: true, kind: "number", reason: `Numeri documento ${docs(group)}: ${group.length} scadenze sommano all'importo` });
  }
  for (const d of namedList) {
    if (d.amount > target)
      add({ deadlines: [{ id: d.id, amount: target }], score: 70, certain: false, kind: "partial", reason: `Numero documento ${d.documentNumber} corrisponde: pagamento parziale di ${formatEuro(target)} su ${formatEuro(d.amount)}` });
    else if (d.amount < target)
      add({ deadlines: whole([d]), score: 60, certain: false, kind: "number", reason: `Numero documento ${d.documentNumber} corrisponde, importo diverso (${formatEuro(d.amount)})` });
  }

  // 2. the same amount from the counterparty; 3. several of its deadlines; 4. a partial payment
  const contacts = matchingContacts(index, m);
  const sameAmount = index.byAmount.get(key(direction, target)) ?? [];
  for (const d of sameAmount) {
    if (contacts.has(d.contactId)) add({ deadlines: whole([d]), score: 90, certain: false, kind: "counterparty", reason: `Importo e controparte (${d.contactName}) corrispondono` });
  }
  for (const c of contacts) {
    const own = index.byContact.get(key(direction, c)) ?? [];
    const group = subsetSum(own, target);
    if (group) add({ deadlines: whole(group), score: 80, certain: false, kind: "group", reason: `${group.length} scadenze di ${group[0]!.contactName} sommano all'importo` });
    const bigger = own.find((d) => d.amount > target);
    if (bigger)
      add({ deadlines: [{ id: bigger.id, amount: target }], score: 40, certain: false, kind: "partial", reason: `Pagamento parziale di ${bigger.contactName}: ${formatEuro(target)} su ${formatEuro(bigger.amount)}` });
  }

  // 5. the same amount only
  const others = sameAmount.filter((d) => !contacts.has(d.contactId));
  const amountScore = others.length === 1 ? 50 : 45;
  for (const d of others.slice(0, MAX_SUGGESTIONS)) add({ deadlines: whole([d]), score: amountScore, certain: false, kind: "amount", reason: `Importo corrispondente (${d.contactName}, documento ${d.documentNumber})` });

  const firstDate = (s: MatchSuggestion) => index.byId.get(s.deadlines[0]!.id)?.deadlineDate ?? "";
  return [...out.values()].sort((a, b) => b.score - a.score || (firstDate(a) < firstDate(b) ? -1 : firstDate(a) > firstDate(b) ? 1 : 0)).slice(0, MAX_SUGGESTIONS);
}

/** The suggestion an import may apply by itself: the top one, certain, and no other certain one beside it. */
export function certainMatch(suggestions: readonly MatchSuggestion[]): MatchSuggestion | null {
  const certain = suggestions.filter((s) => s.certain);
  return certain.length === 1 ? certain[0]! : null;
}
