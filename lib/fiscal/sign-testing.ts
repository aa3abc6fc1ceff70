/**
 * Test material for the signing and the receipts' signature check (never used by the product's own code paths):
 * - makeTestCertificate(): a self-signed RSA certificate and its PKCS#12 made by the real `openssl` (3.x: PBES2 with
 *   AES-256-CBC and an HMAC-SHA-256 MAC, the format a user's exported certificate has), in a temporary directory;
 * - signXmlForTests(): an XMLDSig enveloped signature as SDI puts on its receipts (RSA-SHA256, inclusive C14N,
 *   the signer's X509 certificate in KeyInfo), made with xml-crypto.
 * Used by the unit tests here, and by the SDI channel's end-to-end and Playwright tests.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SignedXml } from "xml-crypto";

export interface TestCertificate {
  /** PKCS#12 bytes (certificate + private key). */
  p12: Uint8Array;
  password: string;
  /** PEM of the certificate and of its unencrypted private key (PKCS#8). */
  certPem: string;
  keyPem: string;
  /** The temporary directory holding cert.pem, key.pem and cert.p12 (removed by cleanup()). */
  dir: string;
  cleanup(): void;
}

export interface TestCertificateOptions {
  commonName?: string;
  password?: string;
  days?: number;
  /** Extra subject parts after CN, openssl syntax ("/C=IT/O=Prova"). */
  subjectTail?: string;
}

/** A fresh self-signed certificate and its PKCS#12, made by the openssl command. */
export function makeTestCertificate(options: TestCertificateOptions = {}): TestCertificate {
  const commonName = options.commonName ?? "Mario Rossi (prova)";
  const password = options.password ?? "Prova-1234";
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "test-cert-"));
  const cert = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  const p12 = path.join(dir, "cert.p12");
  const subject = `/CN=${commonName}${options.subjectTail ?? "/C=IT/serialNumber=TINIT-RSSMRA80A01H501U"}`;
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-sha256", "-keyout", key, "-out", cert,
    "-days", String(options.days ?? 365), "-subj", subject, "-utf8",
  ], { stdio: "pipe" });
  execFileSync("openssl", ["pkcs12", "-export", "-inkey", key, "-in", cert, "-out", p12, "-passout", `pass:${password}`], { stdio: "pipe" });
  return {
    p12: new Uint8Array(fs.readFileSync(p12)),
    password,
    certPem: fs.readFileSync(cert, "utf8"),
    keyPem: fs.readFileSync(key, "utf8"),
    dir,
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Signs `xml` with an enveloped XMLDSig signature appended to the root element, as SDI's receipts are signed:
 * Reference URI="" with the enveloped-signature transform and inclusive C14N, RSA-SHA256, SHA-256 digest, and
 * KeyInfo/X509Data/X509Certificate holding `certPem`.
 */
export function signXmlForTests(xml: string, keyPem: string, certPem: string): string {
  const sig = new SignedXml({
    privateKey: keyPem,
    publicCert: certPem,
    signatureAlgorithm: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
    canonicalizationAlgorithm: "http://www.w3.org/TR/2001/REC-xml-c14n-20010315",
  });
  sig.addReference({
    xpath: "/*",
    uri: "",
    isEmptyUri: true,
    transforms: ["http://www.w3.org/2000/09/xmldsig#enveloped-signature", "http://www.w3.org/TR/2001/REC-xml-c14n-20010315"],
    digestAlgorithm: "http://www.w3.org/2001/04/xmlenc#sha256",
  });
  sig.computeSignature(xml, { prefix: "ds", location: { reference: "/*", action: "append" } });
  return sig.getSignedXml();
}
