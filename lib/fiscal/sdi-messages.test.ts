import { describe, expect, it } from "vitest";
import { buildFatturaPA } from "./xml-builder";
import { parseSdiMessage, SDI_MESSAGE_PREFIX, SDI_MESSAGE_TYPES, sdiFileNameType, sdiMessageFileName, SdiMessageRefusedError, validateSdiMessageStrict, type SdiMessageType } from "./sdi-messages";
import { sdiErrorExplanation, SDI_ERROR_CODES } from "./sdi-errors";
import { writeSdiMessage } from "./sdi-testing";
import { sampleDocument } from "./__fixtures__/documents";

const FILE = "IT01234567890_0A1B2.xml";
const TYPES = Object.keys(SDI_MESSAGE_TYPES) as SdiMessageType[];

function refusal(bytes: string | Uint8Array, name?: string): string {
  try {
    parseSdiMessage(bytes, name);
  } catch (e) {
    expect(e).toBeInstanceOf(SdiMessageRefusedError);
    return (e as Error).message;
  }
  throw new Error("accettato");
}

describe("SDI messages: writer, official schema, parser", () => {
  it.each(TYPES)("%s written by the writer validates against the official MessaggiTypes v1.1 and reads back", (type) => {
    const xml = writeSdiMessage(type, {
      fileName: FILE,
      identificativoSdi: 987654321,
      errors: [
        { code: "00305", description: "1.4.1.1.2 <IdCodice> non valido : 01234567890" },
        { code: "00423", description: "2.2.1.11 <PrezzoTotale> non calcolato correttamente" },
      ],
      esito: "EC02",
      esitoDescription: "Importo non conforme al contratto",
    });
    expect(validateSdiMessageStrict(xml)).toEqual({ valid: true });
    const m = parseSdiMessage(xml, sdiMessageFileName(FILE, type));
    expect(m.type).toBe(type);
    expect(m.root).toBe(SDI_MESSAGE_TYPES[type]);
    expect(m.nomeFile).toBe(FILE);
    expect(m.identificativoSdi).toBe("987654321");
    expect(m.messageId.length).toBeGreaterThan(0);
    expect(m.signed).toBe(true);
    if (type === "NS") expect(m.errors.map((e) => e.code)).toEqual(["00305", "00423"]);
    else expect(m.errors).toEqual([]);
    if (type === "NE") expect([m.esito, m.description]).toEqual(["EC02", "Importo non conforme al contratto"]);
    else expect(m.esito).toBeNull();
    if (type === "RC") expect(m.deliveredAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    if (type === "RC" || type === "AT") expect(m.recipient?.code).toBe("AAAAAA");
  });

  it("the root decides the type, not the file name", () => {
    const xml = writeSdiMessage("NS", { fileName: FILE, identificativoSdi: 1 });
    expect(sdiFileNameType("IT01234567890_0A1B2_RC_001.xml")).toBe("RC");
    expect(parseSdiMessage(xml, "IT01234567890_0A1B2_RC_001.xml").type).toBe("NS");
    expect(parseSdiMessage(xml, "qualsiasi.xml").type).toBe("NS");
    expect(sdiFileNameType("fattura.xml")).toBeNull();
  });

  it("a message without signature or with SDI's newer Suggerimento is read (the official schema alone refuses both)", () => {
    const unsigned = writeSdiMessage("RC", { fileName: FILE, identificativoSdi: 2, signature: "none" });
    expect(validateSdiMessageStrict(unsigned).valid).toBe(false);
    expect(parseSdiMessage(unsigned).signed).toBe(false);
    const suggested = writeSdiMessage("NS", { fileName: FILE, identificativoSdi: 3, errors: [{ code: "00102", description: "Firma non valida", suggestion: "Firma di nuovo il file" }] });
    expect(validateSdiMessageStrict(suggested).valid).toBe(false);
    expect(parseSdiMessage(suggested).errors).toEqual([{ code: "00102", description: "Firma non valida", suggestion: "Firma di nuovo il file" }]);
  });

  it("a FatturaPA invoice is refused", () => {
    const built = buildFatturaPA(sampleDocument(), { progressive: "00001" });
    const reason = refusal(built.xml, built.fileName);
    expect(reason.startsWith(SDI_MESSAGE_PREFIX)).toBe(true);
    expect(reason).toContain("fattura elettronica");
  });

  it("any other XML, garbage, an invalid message and the receiver's messages are refused with a reason", () => {
    expect(refusal("<ordine><numero>1</numero></ordine>", "IT01234567890_0A1B2_RC_001.xml")).toBe(
      `${SDI_MESSAGE_PREFIX}l'elemento principale è ordine senza spazio dei nomi (il nome del file indica RC, ma il contenuto no)`,
    );
    expect(refusal("non è xml")).toBe(`${SDI_MESSAGE_PREFIX}non è un file XML leggibile`);
    expect(refusal(new Uint8Array([0xff, 0xd8, 0xff, 0x00]))).toBe(`${SDI_MESSAGE_PREFIX}non è un file XML leggibile`);
    // a RicevutaConsegna without its NomeFile
    const broken = writeSdiMessage("RC", { fileName: FILE, identificativoSdi: 4, signature: "none" }).replace(`<NomeFile>${FILE}</NomeFile>`, "");
    expect(refusal(broken)).toMatch(/^Il file non è una notifica SDI: RicevutaConsegna non conforme allo schema/);
    const mt = `<types:MetadatiInvioFile xmlns:types="http://www.fatturapa.gov.it/sdi/messaggi/v1.0" versione="1.0"><IdentificativoSdI>1</IdentificativoSdI></types:MetadatiInvioFile>`;
    expect(refusal(mt)).toContain("metadati di una fattura ricevuta");
  });

  it("an entity declared in the file is neither expanded nor fetched (safe parse)", () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><types:RicevutaConsegna xmlns:types="http://www.fatturapa.gov.it/sdi/messaggi/v1.0" versione="1.0"><IdentificativoSdI>1</IdentificativoSdI><NomeFile>&x;</NomeFile></types:RicevutaConsegna>`;
    expect(refusal(xxe)).toMatch(/^Il file non è una notifica SDI: /);
  });
});

describe("SDI error codes", () => {
  it("every code is five digits in 00001–00475 with an explanation naming what to fix", () => {
    for (const [code, text] of Object.entries(SDI_ERROR_CODES)) {
      expect(code).toMatch(/^\d{5}$/);
      expect(Number(code)).toBeGreaterThanOrEqual(1);
      expect(Number(code)).toBeLessThanOrEqual(477);
      expect(text.length).toBeGreaterThan(20);
    }
    expect(SDI_ERROR_CODES["00305"]).toContain("Partita IVA del cliente in Anagrafica");
    expect(Object.keys(SDI_ERROR_CODES).length).toBeGreaterThan(60);
  });

  it("an unknown code falls back to SDI's own Descrizione", () => {
    expect(sdiErrorExplanation({ code: "00305", description: "IdCodice non valido" })).toBe(SDI_ERROR_CODES["00305"]);
    expect(sdiErrorExplanation({ code: "00999", description: "Errore nuovo dello SDI" })).toBe("Errore nuovo dello SDI");
  });
});
