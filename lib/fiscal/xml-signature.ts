/**
 * The XML signature of SDI's messages (receipts: RC, NS, MC, NE, DT, AT). SDI signs them with an enveloped
 * XMLDSig signature (ds:Signature inside the root, Reference URI="" or the root's Id, the certificate in
 * KeyInfo/X509Data/X509Certificate). verifyXmlSignature() checks it with xml-crypto:
 * - 'assente': no ds:Signature in the document;
 * - 'valida': the signature value matches SignedInfo under the KeyInfo's certificate, every reference's digest
 *   matches, and a reference covers the whole document (URI "" or "#<root Id>": a signature over a fragment does
 *   not vouch for the receipt);
 * - 'non valida': anything else (tampered content, no certificate, unreadable signature), with the reason.
 * The detail names the signer (the certificate's CN/O) in Italian. As for the .p7m of received invoices, the chain of
 * trust is not checked (the certificate is taken from the message itself): the result says the message was not
 * altered after signing by that certificate's holder, and the record shows who that was; a receipt is applied
 * whatever the result (the issue), and its history says the result.
 * Safe parsing: a document holding a DOCTYPE/ENTITY declaration is 'non valida' before any parsing (no DTD, no
 * entity expansion), libxml2 (no network, no XXE) checks it is well formed, and only then xmldom reads it, as
 * xml-crypto needs its DOM.
 */
import { X509Certificate } from "node:crypto";
import { DOMParser } from "@xmldom/xmldom";
import { XmlDocument } from "libxml2-wasm";
import { SignedXml } from "xml-crypto";
import { SAFE_PARSE_OPTIONS } from "./xsd";

export type XmlSignatureResult = "valida" | "non valida" | "assente";

export interface XmlSignatureCheck {
  result: XmlSignatureResult;
  /** Italian, for the document's history: who signed, or why the signature is not valid. */
  detail: string;
}

const DSIG = "http://www.w3.org/2000/09/xmldsig#";
const MAX_XML = 5 * 1024 * 1024;

function signerOf(pem: string): string {
  try {
    const cert = new X509Certificate(pem);
    const parts = Object.fromEntries(
      cert.subject.split("\n").map((l) => {
        const at = l.indexOf("=");
        return [l.slice(0, at), l.slice(at + 1)];
      }),
    ) as Record<string, string>;
    const name = [parts.CN, parts.O].filter(Boolean).join(", ") || cert.subject.replace(/\n/g, ", ");
    return `${name} (certificato valido fino al ${new Date(cert.validTo).toLocaleDateString("it-IT", { timeZone: "Europe/Rome" })})`;
  } catch {
    return "certificato non leggibile";
  }
}

const invalid = (detail: string): XmlSignatureCheck => ({ result: "non valida", detail: `Firma non valida: ${detail}` });

/** Checks the enveloped XMLDSig signature of an SDI message (see the module comment). Never throws. */
export function verifyXmlSignature(xml: string): XmlSignatureCheck {
  if (xml.length > MAX_XML) return invalid("documento troppo grande per la verifica");
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return invalid("il documento contiene una dichiarazione DOCTYPE o ENTITY, non ammessa");
  // well-formedness by libxml2 (strict, no network, no external entities) before xmldom (lenient) reads it
  try {
    XmlDocument.fromString(xml, { option: SAFE_PARSE_OPTIONS }).dispose();
  } catch {
    return invalid("XML non ben formato");
  }
  let doc: Document;
  try {
    const errors: string[] = [];
    doc = new DOMParser({
      errorHandler: { warning: () => {}, error: (m: string) => void errors.push(m), fatalError: (m: string) => void errors.push(m) },
    }).parseFromString(xml, "text/xml") as unknown as Document;
    if (errors.length > 0 || !doc?.documentElement) return invalid("XML non leggibile");
  } catch {
    return invalid("XML non leggibile");
  }
  const signatures = Array.from(doc.getElementsByTagNameNS(DSIG, "Signature"));
  if (signatures.length === 0) return { result: "assente", detail: "Il messaggio non è firmato" };
  if (signatures.length > 1) return invalid("il messaggio contiene più di una firma");
  const signature = signatures[0];
  const keyInfo = signature.getElementsByTagNameNS(DSIG, "KeyInfo")[0] ?? null;
  const pem = SignedXml.getCertFromKeyInfo(keyInfo as unknown as Node);
  if (!pem) return invalid("il certificato del firmatario (KeyInfo/X509Certificate) è assente");
  const signer = signerOf(pem);
  const root = doc.documentElement;
  const rootId = root.getAttribute("Id") ?? root.getAttribute("ID") ?? root.getAttribute("id");
  const uris = Array.from(signature.getElementsByTagNameNS(DSIG, "Reference")).map((r) => r.getAttribute("URI"));
  if (!uris.some((u) => u === "" || u === null || (rootId && u === `#${rootId}`))) {
    return invalid(`la firma non copre l'intero messaggio (firmatario: ${signer})`);
  }
  try {
    const check = new SignedXml({ publicCert: pem, getCertFromKeyInfo: () => pem });
    check.loadSignature(signature as unknown as Node);
    const ok = check.checkSignature(xml);
    if (!ok) return invalid(`il contenuto non corrisponde alla firma (firmatario: ${signer})`);
  } catch (e) {
    const message = String((e as Error)?.message ?? "");
    const reason = /invalid signature|signature value/i.test(message)
      ? "il valore della firma non corrisponde"
      : /reference|digest/i.test(message)
        ? "il contenuto non corrisponde alla firma"
        : `verifica non riuscita (${message || "errore sconosciuto"})`;
    return invalid(`${reason} (firmatario: ${signer})`);
  }
  return { result: "valida", detail: `Firma valida: ${signer}` };
}
