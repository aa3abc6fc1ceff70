import { describe, expect, it } from "vitest";
import { DOCUMENT_KINDS } from "@/lib/schemas/invoice";
import { correctedInvoiceOf, DOCUMENT_POLICY, isLocked, XML_KINDS } from "./policy";

describe("the kinds' policy", () => {
  it("names each series as the counter rows stored so far ('doc:<lower-case kind>:…'): a new name would restart every numbering", () => {
    for (const k of DOCUMENT_KINDS) expect(DOCUMENT_POLICY[k].series).toBe(k.toLowerCase());
  });

  it("converts only into kinds that exist and are not itself, and only kinds without a file convert", () => {
    for (const k of DOCUMENT_KINDS) {
      for (const to of DOCUMENT_POLICY[k].conversions) {
        expect(DOCUMENT_KINDS).toContain(to);
        expect(to).not.toBe(k);
      }
      if (DOCUMENT_POLICY[k].conversions.length) expect(DOCUMENT_POLICY[k].xml).toBe(false);
    }
  });

  it("gives a TipoDocumento to exactly the kinds with a FatturaPA file, and locks them once issued", () => {
    expect(XML_KINDS).toEqual(["INVOICE", "CREDIT_NOTE"]);
    for (const k of DOCUMENT_KINDS) expect(DOCUMENT_POLICY[k].documentType !== null).toBe(DOCUMENT_POLICY[k].xml);
    expect(isLocked({ kind: "INVOICE", state: "Emessa" })).toBe(true);
    expect(isLocked({ kind: "INVOICE", state: "Scartata" })).toBe(false);
    expect(isLocked({ kind: "PROFORMA", state: "Emessa" })).toBe(false);
  });

  it("counts a credit note negative and lists its deadlines as money to give back", () => {
    expect(DOCUMENT_POLICY.CREDIT_NOTE).toMatchObject({ sign: -1, deadlines: "outgoing", correctsInvoice: true });
    expect(DOCUMENT_POLICY.INVOICE).toMatchObject({ sign: 1, deadlines: "incoming", creditNoteFrom: true });
    expect(DOCUMENT_POLICY.QUOTE.deadlines).toBeNull();
  });

  it("names the invoice a credit note corrects: the one it was made from, else the one typed in", () => {
    const note = { kind: "CREDIT_NOTE" as const, correctedInvoiceNumber: " 7/A ", correctedInvoiceDate: "2026-01-15" };
    expect(correctedInvoiceOf(note, { kind: "INVOICE", numberText: "12", date: "2026-03-02" })).toEqual({ number: "12", date: "2026-03-02" });
    expect(correctedInvoiceOf(note, undefined)).toEqual({ number: "7/A", date: "2026-01-15" });
    expect(correctedInvoiceOf({ ...note, correctedInvoiceNumber: "" }, { kind: "INVOICE", numberText: null, date: "2026-03-02" })).toBeNull();
    expect(correctedInvoiceOf({ ...note, kind: "INVOICE" }, undefined)).toBeNull();
  });
});
