import { afterAll, describe, expect, it } from "vitest";
import { makeTestCertificate, signXmlForTests } from "./sign-testing";
import { verifyXmlSignature } from "./xml-signature";

const sdi = makeTestCertificate({ commonName: "Sistema di Interscambio (prova)", subjectTail: "/O=Sogei S.p.A./C=IT" });
const other = makeTestCertificate({ commonName: "Altro firmatario" });
afterAll(() => {
  sdi.cleanup();
  other.cleanup();
});

const receipt = `<?xml version="1.0" encoding="UTF-8"?>
<ns2:RicevutaConsegna xmlns:ns2="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fattura/messaggi/v1.0" versione="1.0">
  <IdentificativoSdI>123456789</IdentificativoSdI>
  <NomeFile>IT12345678903_00001.xml</NomeFile>
  <Hash>0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0</Hash>
  <DataOraRicezione>2026-11-20T10:00:00.000+01:00</DataOraRicezione>
  <DataOraConsegna>2026-11-20T10:05:00.000+01:00</DataOraConsegna>
  <Destinatario><Codice>ABC1234</Codice><Descrizione>Cliente di prova</Descrizione></Destinatario>
  <MessageId>987654</MessageId>
</ns2:RicevutaConsegna>`;

describe("verifyXmlSignature", () => {
  it("a receipt signed as SDI signs (enveloped, X509 in KeyInfo) is 'valida', naming the signer", () => {
    const signed = signXmlForTests(receipt, sdi.keyPem, sdi.certPem);
    expect(signed).toContain("<ds:X509Certificate>");
    const check = verifyXmlSignature(signed);
    expect(check.result).toBe("valida");
    expect(check.detail).toMatch(/^Firma valida: Sistema di Interscambio \(prova\), Sogei S\.p\.A\. \(certificato valido fino al \d{2}\/\d{2}\/\d{4}\)$/);
  });

  it("a receipt altered after signing is 'non valida'", () => {
    const signed = signXmlForTests(receipt, sdi.keyPem, sdi.certPem).replace("IT12345678903_00001.xml", "IT12345678903_00002.xml");
    const check = verifyXmlSignature(signed);
    expect(check.result).toBe("non valida");
    expect(check.detail).toMatch(/^Firma non valida: il contenuto non corrisponde alla firma \(firmatario: Sistema di Interscambio/);
  });

  it("a signature whose certificate was replaced by another is 'non valida'", () => {
    const signed = signXmlForTests(receipt, sdi.keyPem, sdi.certPem);
    const pemBody = (pem: string) => pem.replace(/-----[^-]+-----/g, "").replace(/\s+/g, "");
    const swapped = signed.replace(pemBody(sdi.certPem), pemBody(other.certPem));
    expect(swapped).not.toBe(signed);
    const check = verifyXmlSignature(swapped);
    expect(check.result).toBe("non valida");
    expect(check.detail).toContain("Altro firmatario");
  });

  it("an unsigned receipt is 'assente'", () => {
    expect(verifyXmlSignature(receipt)).toEqual({ result: "assente", detail: "Il messaggio non è firmato" });
  });

  it("a signature without the certificate, or a DOCTYPE, or broken XML is 'non valida'", () => {
    const signed = signXmlForTests(receipt, sdi.keyPem, sdi.certPem).replace(/<ds:KeyInfo>[\s\S]*<\/ds:KeyInfo>/, "");
    expect(verifyXmlSignature(signed)).toMatchObject({ result: "non valida", detail: expect.stringContaining("KeyInfo/X509Certificate") });
    const dtd = `<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]>${receipt.replace(/^<\?xml[^>]*>/, "")}`;
    expect(verifyXmlSignature(dtd)).toMatchObject({ result: "non valida", detail: expect.stringContaining("DOCTYPE") });
    expect(verifyXmlSignature("<a><b></a>").result).toBe("non valida");
  });
});
