/**
 * XSD validation against the FatturaPA 1.2.3 schema with libxml2-wasm (no system package).
 * The schema (and its xmldsig import, resolved from memory, never from the network) is compiled
 * once per process and cached.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  ParseOption,
  XmlBufferInputProvider,
  XmlDocument,
  XmlParseError,
  XmlValidateError,
  XsdValidator,
  xmlRegisterInputProvider,
} from "libxml2-wasm";

const SCHEMA_URL_BASE = "fatturapa-xsd:/";
export const SCHEMA_FILE = "Schema_VFPR12_v1.2.3.xsd";
const DSIG_FILE = "xmldsig-core-schema.xsd";

/** Parse options for untrusted input: no network, no entity substitution, no DTD loading. */
export const SAFE_PARSE_OPTIONS = ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE;

// The text readers of an XML libxml2 has checked (received invoices, bank statements) walk it by hand: these two are
// what such a reader needs of XML itself.
const ENTITY_RE = /&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g;
const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
/** Text with the five predefined entities and character references decoded (a DTD's own entities are refused before). */
export function decodeEntities(s: string): string {
  if (s.indexOf("&") < 0) return s;
  return s.replace(ENTITY_RE, (_, e: string) =>
    e[0] === "#" ? String.fromCodePoint(e[1] === "x" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)) : NAMED[e],
  );
}
/** An element's name without its namespace prefix ('ns2:Ntry' → 'Ntry'). */
export const localName = (qname: string) => {
  const i = qname.indexOf(":");
  return i < 0 ? qname : qname.slice(i + 1);
};

/** The folder of the committed schemas (lib/fiscal/xsd, beside this module or under the working directory) holding `file`. */
export function xsdDir(file: string = SCHEMA_FILE): string {
  const candidates = [
    (() => {
      try {
        return path.join(path.dirname(fileURLToPath(import.meta.url)), "xsd");
      } catch {
        return "";
      }
    })(),
    path.join(process.cwd(), "lib", "fiscal", "xsd"),
  ];
  for (const c of candidates) {
    try {
      readFileSync(path.join(c, file), { flag: "r" });
      return c;
    } catch {
      /* next */
    }
  }
  throw new Error(`Schema XSD ${file} non trovato (lib/fiscal/xsd)`);
}

let validator: XsdValidator | null = null;

/** The compiled FatturaPA validator (compiled on first use, then cached). */
export function getFatturaValidator(): XsdValidator {
  if (validator) return validator;
  const dir = xsdDir();
  xmlRegisterInputProvider(new XmlBufferInputProvider({ [SCHEMA_URL_BASE + DSIG_FILE]: readFileSync(path.join(dir, DSIG_FILE)) }));
  const schemaDoc = XmlDocument.fromBuffer(readFileSync(path.join(dir, SCHEMA_FILE)), { url: SCHEMA_URL_BASE + SCHEMA_FILE });
  try {
    validator = XsdValidator.fromDoc(schemaDoc);
  } finally {
    schemaDoc.dispose();
  }
  return validator;
}

export interface SchemaError {
  message: string;
  line: number;
  path?: string;
}

export type SchemaResult = { valid: true } | { valid: false; errors: SchemaError[] };

function toErrors(e: unknown): SchemaError[] {
  if (e instanceof XmlValidateError || e instanceof XmlParseError) {
    const details = (e as { details?: { message: string; line: number; xpath?: string }[] }).details ?? [];
    if (details.length) return details.map((d) => ({ message: d.message.trim(), line: d.line, ...(d.xpath ? { path: d.xpath } : {}) }));
  }
  return [{ message: e instanceof Error ? e.message.trim() : String(e), line: 0 }];
}

/** Validates an already parsed document. */
export function validateDocument(doc: XmlDocument): SchemaResult {
  try {
    getFatturaValidator().validate(doc);
    return { valid: true };
  } catch (e) {
    return { valid: false, errors: toErrors(e) };
  }
}

/** Parses (safely) and validates an XML string or buffer against the FatturaPA schema. */
export function validateFatturaXml(xml: string | Uint8Array): SchemaResult {
  let doc: XmlDocument;
  try {
    doc = typeof xml === "string" ? XmlDocument.fromString(xml, { option: SAFE_PARSE_OPTIONS }) : XmlDocument.fromBuffer(xml, { option: SAFE_PARSE_OPTIONS });
  } catch (e) {
    return { valid: false, errors: toErrors(e) };
  }
  try {
    return validateDocument(doc);
  } finally {
    doc.dispose();
  }
}
