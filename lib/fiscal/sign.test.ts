import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { afterAll, describe, expect, it } from "vitest";
import { CORPUS_DIR } from "./__fixtures__/corpus";
import { parseInvoiceFile } from "./received";
import { P12_LEGACY, P12_UNREADABLE, WRONG_P12_PASSWORD, p7mFileName, readPkcs12, signCades } from "./sign";
import { makeTestCertificate } from "./sign-testing";

const cert = makeTestCertificate({ commonName: "Mario Rossi (prova)", password: "Pàss-1234" });
afterAll(() => cert.cleanup());
const xmlName = "pa-split-payment.xml";
const xml = new Uint8Array(fs.readFileSync(path.join(CORPUS_DIR, xmlName)));

async function rejection(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error("accepted");
}

describe("readPkcs12", () => {
  it("opens an openssl 3 PKCS#12 (PBES2/AES, HMAC-SHA-256): subject, expiry, a signing key", async () => {
    const read = await readPkcs12(cert.p12, cert.password);
    expect(read.subject).toMatch(/^Mario Rossi \(prova\), C=IT/);
    const expected = new Date(execFileSync("openssl", ["x509", "-noout", "-enddate"], { input: cert.certPem }).toString().replace("notAfter=", "").trim());
    expect(read.notAfter.getTime()).toBe(expected.getTime());
    expect(read.privateKey.type).toBe("private");
    expect(read.privateKey.usages).toEqual(["sign"]);
  });
  it("refuses a wrong password in Italian (400)", async () => {
    const e = await rejection(readPkcs12(cert.p12, "sbagliata"));
    expect(e.message).toBe(WRONG_P12_PASSWORD);
    expect((e as { httpStatus?: number }).httpStatus).toBe(400);
  });
  it("opens a 3DES PKCS#12 (Windows' TripleDES-SHA1 export) and signs with it; refuses RC2 (openssl -legacy) with the advice to export again", async () => {
    const tripleDes = path.join(cert.dir, "3des.p12");
    const pem = ["-inkey", path.join(cert.dir, "key.pem"), "-in", path.join(cert.dir, "cert.pem")];
    execFileSync("openssl", ["pkcs12", "-export", "-certpbe", "PBE-SHA1-3DES", "-keypbe", "PBE-SHA1-3DES", "-macalg", "sha1", ...pem, "-out", tripleDes, "-passout", "pass:àbc-1"], { stdio: "pipe" });
    const bytes = new Uint8Array(fs.readFileSync(tripleDes));
    const read = await readPkcs12(bytes, "àbc-1");
    expect(read.subject).toMatch(/^Mario Rossi \(prova\)/);
    const file = path.join(cert.dir, "3des.xml.p7m");
    fs.writeFileSync(file, await signCades(xml, bytes, "àbc-1"));
    const out = execFileSync("openssl", ["cms", "-verify", "-noverify", "-inform", "DER", "-in", file], { stdio: ["ignore", "pipe", "pipe"] });
    expect(Buffer.compare(out, Buffer.from(xml))).toBe(0);
    expect((await rejection(readPkcs12(bytes, "xyz"))).message).toBe(WRONG_P12_PASSWORD);
    const rc2 = path.join(cert.dir, "rc2.p12");
    execFileSync("openssl", ["pkcs12", "-export", "-legacy", ...pem, "-out", rc2, "-passout", "pass:abc"], { stdio: "pipe" });
    expect((await rejection(readPkcs12(new Uint8Array(fs.readFileSync(rc2)), "abc"))).message).toBe(P12_LEGACY);
  });
  it("refuses a file that is not a PKCS#12", async () => {
    expect((await rejection(readPkcs12(new TextEncoder().encode("non un certificato"), "x"))).message).toBe(P12_UNREADABLE);
    expect((await rejection(readPkcs12(xml, "x"))).message).toBe(P12_UNREADABLE);
  });
});

describe("signCades", () => {
  it("openssl cms -verify yields exactly the XML bytes, and our import reads the .p7m back to the same invoice", async () => {
    const p7m = await signCades(xml, cert.p12, cert.password);
    const file = path.join(cert.dir, p7mFileName(xmlName));
    expect(file.endsWith(".xml.p7m")).toBe(true);
    fs.writeFileSync(file, p7m);
    const out = execFileSync("openssl", ["cms", "-verify", "-noverify", "-inform", "DER", "-in", file], { stdio: ["ignore", "pipe", "pipe"] });
    expect(Buffer.compare(out, Buffer.from(xml))).toBe(0);
    // the signature verifies against the certificate itself taken as trusted (not only -noverify)
    const ca = path.join(cert.dir, "cert.pem");
    const trusted = execFileSync("openssl", ["cms", "-verify", "-CAfile", ca, "-purpose", "any", "-inform", "DER", "-in", file], { stdio: ["ignore", "pipe", "pipe"] });
    expect(Buffer.compare(trusted, Buffer.from(xml))).toBe(0);
    const fromP7m = await parseInvoiceFile(p7m);
    const fromXml = await parseInvoiceFile(xml);
    expect(fromP7m.signature).toMatchObject({ signed: true, valid: true, signer: "Mario Rossi (prova)" });
    expect(fromP7m.bodies).toEqual(fromXml.bodies);
  });

  it("carries the CAdES-BES signed attributes: contentType, messageDigest, signingTime, signingCertificateV2 (SHA-256 of the certificate)", async () => {
    const second = Math.floor(Date.now() / 1000) * 1000 + 3600_000;
    const now = new Date(second + 456);
    const p7m = await signCades(xml, cert.p12, cert.password, now);
    const info = new pkijs.ContentInfo({ schema: asn1js.fromBER(p7m.slice().buffer).result });
    const sd = new pkijs.SignedData({ schema: info.content });
    expect(sd.digestAlgorithms.map((a) => a.algorithmId)).toEqual(["2.16.840.1.101.3.4.2.1"]);
    const attrs = sd.signerInfos[0].signedAttrs!.attributes;
    const byType = new Map(attrs.map((a) => [a.type, a.values[0]]));
    expect([...byType.keys()].sort()).toEqual(["1.2.840.113549.1.9.16.2.47", "1.2.840.113549.1.9.3", "1.2.840.113549.1.9.4", "1.2.840.113549.1.9.5"].sort());
    expect((byType.get("1.2.840.113549.1.9.5") as asn1js.UTCTime).toDate().getTime()).toBe(second);
    const digest = (byType.get("1.2.840.113549.1.9.4") as asn1js.OctetString).valueBlock.valueHexView;
    expect(Buffer.from(digest).toString("hex")).toBe(execFileSync("openssl", ["dgst", "-sha256", "-r"], { input: Buffer.from(xml) }).toString().split(" ")[0]);
    const sc = byType.get("1.2.840.113549.1.9.16.2.47") as asn1js.Sequence;
    const essCertIdV2 = (sc.valueBlock.value[0] as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence;
    const certHash = (essCertIdV2.valueBlock.value[0] as asn1js.OctetString).valueBlock.valueHexView;
    const certDer = execFileSync("openssl", ["x509", "-outform", "DER"], { input: cert.certPem });
    expect(Buffer.from(certHash).toString("hex")).toBe(execFileSync("openssl", ["dgst", "-sha256", "-r"], { input: certDer }).toString().split(" ")[0]);
    // openssl reads the same structure (ESS signing certificate v2 is recognised and checked against the signer)
    const printed = execFileSync("openssl", ["cms", "-cmsout", "-print", "-inform", "DER"], { input: Buffer.from(p7m) }).toString();
    expect(printed).toContain("id-smime-aa-signingCertificateV2");
    expect(printed).toContain("signingTime");
  });

  it("refuses a wrong password and an expired certificate", async () => {
    expect((await rejection(signCades(xml, cert.p12, "no"))).message).toBe(WRONG_P12_PASSWORD);
    expect((await rejection(signCades(xml, cert.p12, cert.password, new Date(Date.now() + 400 * 86400_000)))).message).toMatch(/^Il certificato di firma è scaduto il /);
  });
});
