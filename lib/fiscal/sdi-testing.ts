/**
 * A writer of SDI messages in the official format (MessaggiTypes v1.1), for the tests and for the SDI stand-in the
 * transport's tests run: `writeSdiMessage(type, { fileName, identificativoSdi, errors?, esito? })` answers the XML
 * text of a RicevutaConsegna, NotificaScarto, NotificaMancataConsegna, NotificaEsito, NotificaDecorrenzaTermini or
 * AttestazioneTrasmissioneFattura about the transmitted file `fileName`, signed as SDI signs them: an enveloped
 * XMLDSig (RSA-SHA256, exclusive c14n, Reference URI="") with the signer's certificate in KeyInfo.
 * The signer is a self-signed test certificate made once per process with openssl (the tests' own, never a real
 * one), or the caller's (`signer`). `signature: 'tampered'` changes the message after signing (a signature that does
 * not verify), `'none'` leaves it out (what an intermediary's stripped copy looks like; the official schema then
 * refuses it: the product reads it through its relaxation, lib/fiscal/sdi-messages.ts).
 * Not for production code: it signs with a key it makes up.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { SignedXml } from "xml-crypto";
import { SDI_MESSAGE_TYPES, SDI_MESSAGES_NS, type SdiError, type SdiMessageType } from "./sdi-messages";

export interface SdiSigner {
  privateKeyPem: string;
  certificatePem: string;
}

export interface SdiMessageOptions {
  /** NomeFile: the transmitted file's name (IT01234567890_00001.xml or .xml.p7m). */
  fileName: string;
  /** IdentificativoSdI (up to 12 digits). */
  identificativoSdi: string | number;
  /** NS: ListaErrori (default one 00200). `suggestion` writes a Suggerimento (newer specs; not in the 1.1 schema). */
  errors?: SdiError[];
  /** NE: EC01 (default) or EC02, and the PA's Descrizione. */
  esito?: "EC01" | "EC02";
  esitoDescription?: string;
  /** MessageId (1–14 characters; default derived from the type and IdentificativoSdI). */
  messageId?: string;
  /** DataOraRicezione / DataOraConsegna (default now). */
  date?: Date;
  /** MC, DT: Descrizione. */
  description?: string;
  signature?: "valid" | "tampered" | "none";
  signer?: SdiSigner;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const el = (name: string, value: string | number) => `<${name}>${esc(String(value))}</${name}>`;
/** xsd:dateTime with the Rome offset as SDI writes it (2026-11-27T10:15:00.000+01:00): written from UTC, +00:00. */
const dateTime = (d: Date) => d.toISOString().replace("Z", "+00:00");

let testSigner: SdiSigner | null = null;

/** A self-signed RSA certificate for the tests ('Sistema di Interscambio (test)'), made once per process. */
export function sdiTestSigner(): SdiSigner {
  if (testSigner) return testSigner;
  const dir = mkdtempSync(path.join(os.tmpdir(), "sdi-signer-"));
  try {
    const key = path.join(dir, "key.pem");
    const cert = path.join(dir, "cert.pem");
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "2", "-subj", "/C=IT/O=Sogei test/CN=Sistema di Interscambio (test)"], { stdio: "ignore" });
    testSigner = { privateKeyPem: readFileSync(key, "utf8"), certificatePem: readFileSync(cert, "utf8") };
    return testSigner;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Signs an SDI message as SDI does (enveloped XMLDSig appended as the root's last child). */
export function signSdiXml(xml: string, signer: SdiSigner = sdiTestSigner()): string {
  const sig = new SignedXml({
    privateKey: signer.privateKeyPem,
    publicCert: signer.certificatePem,
    signatureAlgorithm: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
    canonicalizationAlgorithm: "http://www.w3.org/2001/10/xml-exc-c14n#",
  });
  sig.addReference({
    xpath: "/*",
    isEmptyUri: true,
    digestAlgorithm: "http://www.w3.org/2001/04/xmlenc#sha256",
    transforms: ["http://www.w3.org/2000/09/xmldsig#enveloped-signature", "http://www.w3.org/2001/10/xml-exc-c14n#"],
  });
  sig.computeSignature(xml, { prefix: "ds", location: { reference: "/*", action: "append" } });
  return sig.getSignedXml();
}

/** The XML of an SDI message of `type` about the transmitted file `fileName` (see the header). */
export function writeSdiMessage(type: SdiMessageType, o: SdiMessageOptions): string {
  const root = SDI_MESSAGE_TYPES[type];
  const date = o.date ?? new Date();
  const id = el("IdentificativoSdI", o.identificativoSdi);
  const name = el("NomeFile", o.fileName);
  const mid = o.messageId ?? `${type}${String(o.identificativoSdi)}`.slice(0, 14);
  const messageId = el("MessageId", mid);
  const received = el("DataOraRicezione", dateTime(date));
  const recipient = `<Destinatario>${el("Codice", "AAAAAA")}${el("Descrizione", "Destinatario di prova")}</Destinatario>`;
  let body: string;
  switch (type) {
    case "RC":
      body = id + name + received + el("DataOraConsegna", dateTime(new Date(date.getTime() + 60_000))) + recipient + messageId;
      break;
    case "NS": {
      const errors = o.errors?.length ? o.errors : [{ code: "00200", description: "File non conforme al formato" }];
      const list = errors
        .map((e) => `<Errore>${el("Codice", e.code)}${el("Descrizione", e.description)}${e.suggestion ? el("Suggerimento", e.suggestion) : ""}</Errore>`)
        .join("");
      body = id + name + received + `<ListaErrori>${list}</ListaErrori>` + messageId;
      break;
    }
    case "MC":
      body = id + name + received + el("Descrizione", o.description ?? "Impossibilità di recapito al destinatario") + messageId;
      break;
    case "NE":
      body =
        id +
        name +
        `<EsitoCommittente versione="1.0">${id}${el("Esito", o.esito ?? "EC01")}${o.esitoDescription ? el("Descrizione", o.esitoDescription) : ""}</EsitoCommittente>` +
        messageId;
      break;
    case "DT":
      body = id + name + el("Descrizione", o.description ?? "Decorrenza dei termini per la notifica di esito") + messageId;
      break;
    case "AT":
      body = id + name + received + recipient + messageId + el("HashFileOriginale", "0".repeat(64));
      break;
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?><types:${root} xmlns:types="${SDI_MESSAGES_NS}" versione="1.0">${body}</types:${root}>`;
  const mode = o.signature ?? "valid";
  if (mode === "none") return xml;
  const signed = signSdiXml(xml, o.signer);
  // after signing: the digest no longer matches what is signed
  const forged = `${mid.slice(0, -1)}${mid.endsWith("Z") ? "Y" : "Z"}`;
  return mode === "tampered" ? signed.replace(messageId, el("MessageId", forged)) : signed;
}
