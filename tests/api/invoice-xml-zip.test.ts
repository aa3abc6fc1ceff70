/**
 * 'Scarica XML' of the documents grid over HTTP: POST /api/invoices/download-xml-zip (multipart, ids) answers one zip
 * of the FatturaPA files (each XSD-valid, the same bytes as the single download, built and stored when not yet),
 * ERRORI.txt for the documents left out (Bozza, proforma, options the user must choose, the pre-check's refusals);
 * no file at all, bad ids, too many ids → 400 in Italian; another tenant's id → 404; ROLE_DOCUMENT.
 */
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { XML_ZIP_ERRORS_FILE, XML_ZIP_MAX_IDS, XML_ZIP_MESSAGES } from "@/db/documents/xml-zip";
import { validateFatturaXml } from "@/lib/fiscal/xsd";
import { INVOICE_ACTION_MESSAGES, INVOICE_MESSAGES, XML_OPTIONS_MESSAGES } from "@/lib/schemas/invoice";
import { Client, signUpTenant } from "../support/http";
import { expectDocumentRoleNeeded, saveIssuer } from "../support/entity-api";

const URL = "/api/invoices";
const ZIP_URL = `${URL}/download-xml-zip`;
const XML_URL = `${URL}/download-electronic-invoice-xml`;

type Option = { id: number; toString: string };
type Doc = Record<string, any> & { id: number; version: number };

describe("POST /api/invoices/download-xml-zip", () => {
  let c: Client;
  let customer: Option;
  let vat22: Option;

  const fee = (extra: Record<string, unknown> = {}) => ({ rowType: "GENERICA", description: "Compenso professionale", quantity: "1", amount: 100000, vat: vat22, ...extra });
  const doc = (over: Record<string, unknown> = {}) => ({ kind: "INVOICE", date: "2026-03-02", contact: customer, rows: [fee()], ...over });
  const create = async (over: Record<string, unknown> = {}): Promise<Doc> => {
    const r = await c.postEntity(URL, "invoice", doc(over));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.invoice;
  };
  const single = async (id: number, client = c) => {
    const r = await client.postForm(`${XML_URL}/${id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return { filename: r.body.filename as string, bytes: new Uint8Array(Buffer.from(r.body.contentBase64, "base64")) };
  };
  const stateOf = async (id: number) => (await c.get(`${URL}/get/${id}`)).body.invoice.state as string;
  /** The call as the grid makes it: ids as a JSON array (or any string given). */
  const zip = async (ids: number[] | string, client = c) => {
    const fd = new FormData();
    fd.set("ids", typeof ids === "string" ? ids : JSON.stringify(ids));
    const res = await client.raw("POST", ZIP_URL, { body: fd });
    const bytes = new Uint8Array(await res.arrayBuffer());
    const json = () => JSON.parse(new TextDecoder().decode(bytes));
    return { status: res.status, headers: res.headers, bytes, json };
  };
  const errorLines = (files: Record<string, Uint8Array>) => {
    const bytes = files[XML_ZIP_ERRORS_FILE]!;
    // UTF-8 with its BOM (TextDecoder drops it), Windows line ends
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.endsWith("\r\n")).toBe(true);
    return text.split("\r\n").slice(0, -1);
  };

  beforeAll(async () => {
    c = (await signUpTenant("Zip Fatture S.r.l.")).client;
    await saveIssuer(c);
    const a = await c.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Rossi S.r.l.", isCustomer: true, vatNumber: "12345678903", address: "Via Milano 2", postalCode: "20121", city: "Milano", province: "MI" });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    customer = { id: a.body.contact.id, toString: "Rossi S.r.l." };
    const rates: Option[] = (await c.get("/api/vat-rates/get-filtered-list")).body.options;
    vat22 = rates.find((o) => o.toString.startsWith("22%"))!;
  });

  it("one zip: stored and new files (XSD-valid, the single download's bytes, stored, states unchanged), ERRORI.txt for a Bozza and a proforma", async () => {
    const stored = await create({ state: "Emessa" });
    const before = await single(stored.id);
    const fresh = await create({ state: "Emessa" });
    const note = await create({ kind: "CREDIT_NOTE", state: "Emessa", correctedInvoice: { number: "1", date: "2026-01-10" } });
    const draft = await create();
    const proforma = await create({ kind: "PROFORMA", state: "Emessa" });

    const r = await zip([stored.id, draft.id, fresh.id, proforma.id, note.id]);
    expect(r.status, new TextDecoder().decode(r.bytes.slice(0, 500))).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/zip");
    expect(r.headers.get("content-disposition")).toMatch(/^attachment; filename="fatture-xml-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(r.bytes);
    const xmlNames = Object.keys(files).filter((n) => n.endsWith(".xml"));
    expect(Object.keys(files).sort()).toEqual([...xmlNames, XML_ZIP_ERRORS_FILE].sort());
    expect(xmlNames).toHaveLength(3);
    for (const n of xmlNames) expect(validateFatturaXml(files[n]!), n).toEqual({ valid: true });

    // the stored file as it was; the new ones are what the single download now answers; a file made is not sent
    expect(files[before.filename]).toEqual(before.bytes);
    for (const d of [fresh, note]) {
      const now = await single(d.id);
      expect(files[now.filename], now.filename).toEqual(now.bytes);
      expect(new TextDecoder().decode(now.bytes)).toContain(`<Numero>${d.number}</Numero>`);
      expect(await stateOf(d.id)).toBe("Emessa");
    }
    expect(xmlNames.filter((n) => new TextDecoder().decode(files[n]!).includes("<TipoDocumento>TD04</TipoDocumento>"))).toHaveLength(1);

    // one line per document left out, in the order of the selection
    expect(errorLines(files)).toEqual([`Fattura (bozza) del 02/03/2026 (Rossi S.r.l.): ${INVOICE_ACTION_MESSAGES.xmlDraft}`, `Proforma ${proforma.number} del 02/03/2026 (Rossi S.r.l.): ${INVOICE_ACTION_MESSAGES.xmlKind}`]);
    expect(await stateOf(draft.id)).toBe("Bozza");

    // every file stored: the same zip content again (no new transmission number), and no ERRORI.txt without errors
    const again = await zip(`${stored.id},${fresh.id},${note.id}`);
    expect(again.status).toBe(200);
    const files2 = unzipSync(again.bytes);
    expect(Object.keys(files2).sort()).toEqual(xmlNames.sort());
    for (const n of xmlNames) expect(files2[n], n).toEqual(files[n]);
  });

  it("options the user must choose and the pre-check's refusals are listed with the number; no file at all → 400 with the reasons", async () => {
    const plain = await create({ state: "Emessa" });
    const withCassa = await create({ state: "Emessa", professionistFund: "4", withholdingTaxApply: true, withholdingTaxPercentage: "20", rows: [fee({ withholding: true })] });
    const bare = await c.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Senza Dati S.r.l.", isCustomer: true, address: "Via Po 3", postalCode: "10121", city: "Torino", province: "TO" });
    expect(bare.status, JSON.stringify(bare.body)).toBe(200);
    const refused = await create({ contact: { id: bare.body.contact.id }, state: "Emessa" });

    const plain2 = await create({ state: "Emessa" });

    const r = await zip([withCassa.id, plain.id, refused.id, plain2.id]);
    expect(r.status).toBe(200);
    const files = unzipSync(r.bytes);
    const xmls = Object.keys(files).filter((n) => n.endsWith(".xml"));
    expect(xmls).toHaveLength(2);
    // only the files built take a transmission progressive: the refused document between them leaves no gap
    const progressive = (name: string) => parseInt(/_([0-9A-Z]{5})\.xml$/.exec(name)![1]!, 36);
    const [p1, p2] = xmls.map(progressive).sort((x, y) => x - y);
    expect(p2! - p1!).toBe(1);
    const [options, precheck, ...more] = errorLines(files);
    expect(more).toEqual([]);
    expect(options).toBe(`Fattura ${withCassa.number} del 02/03/2026 (Rossi S.r.l.): ${XML_OPTIONS_MESSAGES.previdential}; ${XML_OPTIONS_MESSAGES.paymentCausal}: ${XML_ZIP_MESSAGES.options}`);
    expect(precheck.startsWith(`Fattura ${refused.number} del 02/03/2026 (Senza Dati S.r.l.): ${INVOICE_ACTION_MESSAGES.precheck}; `), precheck).toBe(true);
    expect(precheck).toContain("[00417] Il cliente non ha né partita IVA né codice fiscale: indicarne almeno uno");
    // left out: nothing stored, the state unchanged
    expect(await stateOf(withCassa.id)).toBe("Emessa");
    expect(await stateOf(refused.id)).toBe("Emessa");

    const none = await zip([withCassa.id, refused.id]);
    expect(none.status).toBe(400);
    expect(none.json()).toEqual({
      status: "error",
      message: XML_ZIP_MESSAGES.none,
      errors: [expect.stringContaining(XML_OPTIONS_MESSAGES.previdential), expect.stringContaining("[00417]")],
    });
  });

  it("bad input: no ids, garbage, more than 5,000 → 400 in Italian, nothing written", async () => {
    const d = await create({ state: "Emessa" });
    const cases: [string, string][] = [
      ["", "Nessuna riga selezionata"],
      ["[]", "Nessuna riga selezionata"],
      ["abc", "Identificativi delle righe non validi"],
      [`[${d.id}, "x"]`, "Identificativi delle righe non validi"],
      [`[${d.id}, 1.5]`, "Identificativi delle righe non validi"],
      [`[[${d.id}]]`, "Identificativi delle righe non validi"],
      ["[1,", "Identificativi delle righe non validi"],
      [`{"id": ${d.id}}`, "Identificativi delle righe non validi"],
      ["-1", "Identificativi delle righe non validi"],
      ["99999999999", "Identificativi delle righe non validi"],
      [JSON.stringify(Array.from({ length: XML_ZIP_MAX_IDS + 1 }, (_, i) => i + 1)), XML_ZIP_MESSAGES.tooMany],
    ];
    for (const [ids, message] of cases) {
      const r = await zip(ids);
      expect(r.status, ids.slice(0, 40)).toBe(400);
      expect(r.json(), ids.slice(0, 40)).toEqual({ status: "error", message });
    }
    const missing = await c.raw("POST", ZIP_URL, { body: new FormData() });
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe("Nessuna riga selezionata");
    expect(XML_ZIP_MESSAGES.tooMany).toBe("Troppi documenti selezionati: al massimo 5.000 per volta");
    expect(await stateOf(d.id)).toBe("Emessa");
  });

  it("another tenant's id makes the whole call a 404 and nothing is built", async () => {
    const mine = await create({ state: "Emessa" });
    const other = (await signUpTenant("Altro Zip S.r.l.")).client;
    const r = await zip([mine.id], other);
    expect(r.status).toBe(404);
    expect(r.json()).toEqual({ status: "error", message: INVOICE_MESSAGES.notFound });
    // mine beside an id that is not mine (a document of the other tenant)
    const cust = await other.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Bianchi S.r.l.", isCustomer: true, vatNumber: "12345678903" });
    const rates: Option[] = (await other.get("/api/vat-rates/get-filtered-list")).body.options;
    const theirs = await other.postEntity(URL, "invoice", { kind: "INVOICE", date: "2026-03-02", contact: { id: cust.body.contact.id }, rows: [{ ...fee(), vat: rates.find((o) => o.toString.startsWith("22%")) }] });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    const mixed = await zip([mine.id, theirs.body.invoice.id]);
    expect(mixed.status).toBe(404);
    expect(await stateOf(mine.id)).toBe("Emessa");
    expect((await other.get(`${URL}/get/${theirs.body.invoice.id}`)).body.invoice.state).toBe("Bozza");
  });

  it("roles: ROLE_DOCUMENT needed (403), a session needed (401)", async () => {
    const d = await create({ state: "Emessa" });
    const luca = await expectDocumentRoleNeeded(URL, "invoice", doc());
    expect((await zip([d.id], luca)).status).toBe(403);
    expect((await zip([d.id], new Client())).status).toBe(401);
    expect(await stateOf(d.id)).toBe("Emessa");
  });
});
