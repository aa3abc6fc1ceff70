/**
 * SDI messages about a file this product transmitted (issue 31): RicevutaConsegna (RC), NotificaScarto (NS, with
 * ListaErrori), NotificaMancataConsegna (MC), NotificaEsito (NE: the PA's EC01 acceptance or EC02 refusal),
 * NotificaDecorrenzaTermini (DT), AttestazioneTrasmissioneFattura (AT).
 *
 * - Parsed with libxml2-wasm and SAFE options (no network, no entity expansion: lib/fiscal/xsd.ts
 *   SAFE_PARSE_OPTIONS), validated against the official MessaggiTypes_v1.1.xsd (lib/fiscal/xsd/, PROVENANCE.md).
 * - The ROOT ELEMENT decides the type (its local name in the namespace http://www.fatturapa.gov.it/sdi/messaggi/v1.0);
 *   the file-name convention (IT01234567890_11111_RC_001.xml) is only a hint (`sdiFileNameType`): an intermediary
 *   may rename the files it hands over.
 * - Anything else is refused (`SdiMessageRefusedError`, 'Il file non è una notifica SDI: …'): a FatturaPA invoice, any
 *   other XML, the messages SDI sends to a RECEIVER (MT, EC, SE: they are not about a file we sent), bytes that are
 *   not XML, a message that does not validate.
 * - Decisions where the schema and practice differ (written here because the issue is silent):
 *   · the ds:Signature the schema requires may be missing in a copy an intermediary hands over: the message is read
 *     and its signature result is 'assente' (the issue: a receipt is applied whatever that result, and recorded);
 *   · later SDI specifications add an optional Suggerimento to each Errore of a NotificaScarto (after Descrizione),
 *     which the 1.1 schema does not know: it is accepted and read.
 *   Both are relaxations of a copy of the official schema compiled beside it (`RELAXED`); the official schema itself
 *   (`validateSdiMessageStrict`) is what the writer's messages are proven against (lib/fiscal/sdi-testing.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { XmlBufferInputProvider, XmlDocument, XmlElement, XmlParseError, XmlValidateError, XsdValidator, xmlRegisterInputProvider } from "libxml2-wasm";
import { SAFE_PARSE_OPTIONS, xsdDir } from "./xsd";

export const SDI_MESSAGES_NS = "http://www.fatturapa.gov.it/sdi/messaggi/v1.0";
export const XMLDSIG_NS = "http://www.w3.org/2000/09/xmldsig#";
export const SDI_SCHEMA_FILE = "MessaggiTypes_v1.1.xsd";
const DSIG_FILE = "xmldsig-core-schema.xsd";
const URL_BASE = "sdi-messaggi-xsd:/";
const RELAXED_URL_BASE = "sdi-messaggi-relaxed-xsd:/";

/** The messages about a transmitted file, by their root element. */
export const SDI_MESSAGE_TYPES = {
  RC: "RicevutaConsegna",
  NS: "NotificaScarto",
  MC: "NotificaMancataConsegna",
  NE: "NotificaEsito",
  DT: "NotificaDecorrenzaTermini",
  AT: "AttestazioneTrasmissioneFattura",
} as const;
export type SdiMessageType = keyof typeof SDI_MESSAGE_TYPES;
export const SDI_TYPE_LABELS: Record<SdiMessageType, string> = {
  RC: "Ricevuta di consegna",
  NS: "Notifica di scarto",
  MC: "Notifica di mancata consegna",
  NE: "Notifica di esito",
  DT: "Notifica di decorrenza termini",
  AT: "Attestazione di trasmissione con impossibilità di recapito",
};
const TYPE_OF_ROOT = new Map(Object.entries(SDI_MESSAGE_TYPES).map(([t, root]) => [root as string, t as SdiMessageType]));
/** Messages SDI sends to the receiver of an invoice: not about a file we sent. */
const RECEIVER_ROOTS: Record<string, string> = {
  MetadatiInvioFile: "è il file dei metadati di una fattura ricevuta (MT), non una notifica su una fattura inviata",
  NotificaEsitoCommittente: "è l'esito del committente (EC) inviato da chi riceve la fattura, non una notifica dello SDI",
  ScartoEsitoCommittente: "è lo scarto di un esito del committente (SE), non una notifica su una fattura inviata",
};

export interface SdiError {
  /** SDI's code, 5 digits ("00305"). */
  code: string;
  /** SDI's own Descrizione. */
  description: string;
  /** SDI's Suggerimento, when the message carries one. */
  suggestion?: string;
}

export interface SdiMessage {
  type: SdiMessageType;
  /** The root element's name (RicevutaConsegna, …). */
  root: string;
  identificativoSdi: string;
  /** NomeFile: the name of the transmitted file the message is about (as this product named it, .xml or .xml.p7m). */
  nomeFile: string;
  messageId: string;
  /** DataOraRicezione (RC, NS, MC, AT), DataOraConsegna for RC; ISO text as written (null where the type has none: NE, DT). */
  receivedAt: string | null;
  deliveredAt: string | null;
  /** NS: the ListaErrori. */
  errors: SdiError[];
  /** NE: EC01 (accettazione) or EC02 (rifiuto), with the PA's Descrizione. */
  esito: "EC01" | "EC02" | null;
  /** MC, DT: Descrizione; NE: EsitoCommittente's Descrizione. */
  description: string | null;
  note: string | null;
  /** RC, AT: the Destinatario (code and name). */
  recipient: { code: string; description: string } | null;
  /** Whether the message carries a ds:Signature (checked by lib/fiscal/xml-signature.ts). */
  signed: boolean;
}

export const SDI_MESSAGE_PREFIX = "Il file non è una notifica SDI: ";

/** A file that is not an SDI message about a transmitted file: its reason (Italian, the upload's report). */
export class SdiMessageRefusedError extends Error {
  constructor(detail: string) {
    super(SDI_MESSAGE_PREFIX + detail);
    this.name = "SdiMessageRefusedError";
  }
}

/** The convention of SDI's file names: <IdPaese><IdCodice>_<progressivo>_<TIPO>_<nnn>.xml. Only a hint. */
const FILE_NAME = /^[A-Z]{2}[A-Za-z0-9]{1,28}_[A-Za-z0-9]{1,5}_(RC|NS|MC|NE|MT|EC|SE|DT|AT)_[A-Za-z0-9]{3}\.xml$/i;

/** The type the file name announces (SDI's convention), or null. The root element decides. */
export function sdiFileNameType(name: string): string | null {
  const base = name.split(/[\\/]/).pop() ?? name;
  const m = FILE_NAME.exec(base);
  return m ? m[1].toUpperCase() : null;
}

/** The SDI file name of a message about the transmitted file `transmitted` (IT01234567890_11111.xml → IT01234567890_11111_RC_001.xml). */
export function sdiMessageFileName(transmitted: string, type: SdiMessageType | "MT" | "EC" | "SE", n = 1): string {
  const stem = transmitted.replace(/\.p7m$/i, "").replace(/\.xml$/i, "");
  return `${stem}_${type}_${String(n).padStart(3, "0")}.xml`;
}

/**
 * The relaxed copy (see the header): ds:Signature optional, Errore's Suggerimento allowed. Each edit is checked to
 * have happened, so a different schema file cannot silently give a different validator.
 */
function relax(schema: string): string {
  const signature = '<xsd:element ref="ds:Signature"/>';
  const count = schema.split(signature).length - 1;
  const normalized = schema.replace(/\r\n/g, "\n");
  if (count < 6 || !normalized.includes('<xsd:complexType name="Errore_Type">')) throw new Error("Schema dei messaggi SDI inatteso: impossibile rilassarlo");
  let out = normalized.split(signature).join('<xsd:element ref="ds:Signature" minOccurs="0"/>');
  const start = out.indexOf('<xsd:complexType name="Errore_Type">');
  const end = out.indexOf("</xsd:sequence>", start);
  out = out.slice(0, end) + '\t<xsd:element name="Suggerimento" type="xsd:string" minOccurs="0"/>\n\t\t' + out.slice(end);
  return out;
}

let strict: XsdValidator | null = null;
let relaxed: XsdValidator | null = null;

function compile(base: string, schemaBytes: Uint8Array, dsig: Uint8Array): XsdValidator {
  xmlRegisterInputProvider(new XmlBufferInputProvider({ [base + DSIG_FILE]: dsig }));
  const doc = XmlDocument.fromBuffer(schemaBytes, { url: base + SDI_SCHEMA_FILE });
  try {
    return XsdValidator.fromDoc(doc);
  } finally {
    doc.dispose();
  }
}

function validators(): { strict: XsdValidator; relaxed: XsdValidator } {
  if (!strict || !relaxed) {
    const dir = xsdDir(SDI_SCHEMA_FILE);
    const schema = readFileSync(path.join(dir, SDI_SCHEMA_FILE));
    const dsig = readFileSync(path.join(dir, DSIG_FILE));
    strict = compile(URL_BASE, schema, dsig);
    relaxed = compile(RELAXED_URL_BASE, Buffer.from(relax(schema.toString("utf8")), "utf8"), dsig);
  }
  return { strict, relaxed };
}

function errorsOf(e: unknown): string[] {
  if (e instanceof XmlValidateError || e instanceof XmlParseError) {
    const details = (e as { details?: { message: string; line: number }[] }).details ?? [];
    if (details.length) return details.map((d) => `riga ${d.line}: ${d.message.trim()}`);
  }
  return [e instanceof Error ? e.message.trim() : String(e)];
}

function parse(bytes: Uint8Array | string): XmlDocument {
  return typeof bytes === "string" ? XmlDocument.fromString(bytes, { option: SAFE_PARSE_OPTIONS }) : XmlDocument.fromBuffer(bytes, { option: SAFE_PARSE_OPTIONS });
}

/** Validation against the OFFICIAL schema, unmodified (the tests prove the writer's messages with it). */
export function validateSdiMessageStrict(xml: Uint8Array | string): { valid: true } | { valid: false; errors: string[] } {
  let doc: XmlDocument;
  try {
    doc = parse(xml);
  } catch (e) {
    return { valid: false, errors: errorsOf(e) };
  }
  try {
    validators().strict.validate(doc);
    return { valid: true };
  } catch (e) {
    return { valid: false, errors: errorsOf(e) };
  } finally {
    doc.dispose();
  }
}

function children(el: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  for (let n = el.firstChild; n; n = n.next) if (n instanceof XmlElement) out.push(n);
  return out;
}
const childOf = (el: XmlElement, name: string) => children(el).find((c) => c.name === name && !c.namespaceUri);
const textOf = (el: XmlElement | undefined) => (el ? el.content.trim() : null);

/** A refusal's detail, kept short (the report lists it beside the file). */
const clip = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}…` : s);

/**
 * Reads and validates an SDI message about a transmitted file. Throws SdiMessageRefusedError (Italian reason) for
 * anything else. `fileName` only makes a refusal clearer (the root decides the type).
 */
export function parseSdiMessage(bytes: Uint8Array | string, fileName?: string): SdiMessage {
  let doc: XmlDocument;
  try {
    doc = parse(bytes);
  } catch {
    throw new SdiMessageRefusedError("non è un file XML leggibile");
  }
  try {
    const root = doc.root;
    const local = root.name;
    const ns = root.namespaceUri;
    if (local === "FatturaElettronica") throw new SdiMessageRefusedError("è una fattura elettronica (FatturaElettronica), non una ricevuta o notifica dello SDI");
    if (ns === SDI_MESSAGES_NS && RECEIVER_ROOTS[local]) throw new SdiMessageRefusedError(RECEIVER_ROOTS[local]);
    const type = ns === SDI_MESSAGES_NS ? TYPE_OF_ROOT.get(local) : undefined;
    if (!type) {
      const hint = fileName ? sdiFileNameType(fileName) : null;
      const named = hint ? ` (il nome del file indica ${hint}, ma il contenuto no)` : "";
      throw new SdiMessageRefusedError(`l'elemento principale è ${local}${ns ? ` nello spazio dei nomi ${ns}` : " senza spazio dei nomi"}${named}`);
    }
    try {
      validators().relaxed.validate(doc);
    } catch (e) {
      throw new SdiMessageRefusedError(`${SDI_MESSAGE_TYPES[type]} non conforme allo schema dei messaggi SDI (MessaggiTypes v1.1): ${clip(errorsOf(e).join("; "))}`);
    }
    const get = (name: string) => textOf(childOf(root, name));
    const errors: SdiError[] = [];
    const lista = childOf(root, "ListaErrori");
    if (lista) {
      for (const e of children(lista)) {
        if (e.name !== "Errore") continue;
        const suggestion = textOf(childOf(e, "Suggerimento"));
        errors.push({ code: textOf(childOf(e, "Codice")) ?? "", description: textOf(childOf(e, "Descrizione")) ?? "", ...(suggestion ? { suggestion } : {}) });
      }
    }
    const esitoEl = childOf(root, "EsitoCommittente");
    const destinatario = childOf(root, "Destinatario");
    return {
      type,
      root: local,
      identificativoSdi: get("IdentificativoSdI")!,
      nomeFile: get("NomeFile")!,
      messageId: get("MessageId")!,
      receivedAt: get("DataOraRicezione"),
      deliveredAt: get("DataOraConsegna"),
      errors,
      esito: esitoEl ? (textOf(childOf(esitoEl, "Esito")) as "EC01" | "EC02") : null,
      description: esitoEl ? textOf(childOf(esitoEl, "Descrizione")) : get("Descrizione"),
      note: get("Note"),
      recipient: destinatario ? { code: textOf(childOf(destinatario, "Codice")) ?? "", description: textOf(childOf(destinatario, "Descrizione")) ?? "" } : null,
      signed: children(root).some((c) => c.name === "Signature" && c.namespaceUri === XMLDSIG_NS),
    };
  } finally {
    doc.dispose();
  }
}
