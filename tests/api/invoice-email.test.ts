/**
 * 'Invia email' of a sales document over HTTP (issue 11, spec §2 send-email dialog, §3, §5): the dialog
 * prefilled from the customer and the tenant's template, each validation message, a Bozza refused, the mail
 * in the outbox with cc, bcc, the PDF (read back) and the FatturaPA file (XSD-valid), roles and tenants.
 * The history row is checked by the data layer's test (db/documents/email.test.ts): no call lists it yet.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { validateFatturaXml } from "@/lib/fiscal/xsd";
import { readPdf } from "@/tests/support/sample-invoice";
import { SEND_EMAIL_MESSAGES } from "@/lib/schemas/invoice-email";
import { XML_OPTIONS_MESSAGES } from "@/lib/schemas/invoice";
import { type Client, sentMails, signUpTenant } from "../support/http";
import { expectErrors, loginBianchi, saveIssuer } from "../support/entity-api";

const URL = "/api/invoices";
const SEND_URL = `${URL}/send-email`;
const FIELD = "sendEmail";

type Option = { id: number; toString: string };
type Doc = Record<string, any> & { id: number; version: number; number: string | null };
type OutboxMail = { to: string; cc: string[]; bcc: string[]; subject: string; text: string; html: string; attachments: { filename: string; contentType: string; size: number; contentBase64: string }[] };

describe("Invia email (send-email)", () => {
  let c: Client;
  let customer: Option;
  let vat22: Option;

  const create = async (over: Record<string, unknown> = {}): Promise<Doc> => {
    const r = await c.postEntity(URL, "invoice", { kind: "INVOICE", date: "2026-03-02", contact: customer, rows: [{ rowType: "GENERICA", description: "Compenso professionale", quantity: "1", amount: 100000, vat: vat22 }], ...over });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.invoice;
  };
  const message = (over: Record<string, unknown> = {}) => ({ email: "amministrazione@rossi.example.it", cc: "", bcc: "", subject: "La fattura", body: "Gentile cliente,\n\nin allegato la fattura.", attachXml: false, ...over });
  const mailsTo = (to: string) => sentMails(to) as unknown as OutboxMail[];

  beforeAll(async () => {
    c = (await signUpTenant("Studio Invii S.r.l.")).client;
    await saveIssuer(c, {
      invoiceEmailSubject: "Fattura n. {numero} del {data} - {cliente}",
      invoiceEmailBody: "Gentile {cliente},\n\nin allegato la fattura {numero} del {data}, totale {totale}.",
    });
    const a = await c.postEntity("/api/contacts", "contact", {
      kind: "COMPANY",
      companyName: "Rossi S.r.l.",
      isCustomer: true,
      vatNumber: "12345678903",
      address: "Via Milano 2",
      postalCode: "20121",
      city: "Milano",
      province: "MI",
      email: "amministrazione@rossi.example.it",
    });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    customer = { id: a.body.contact.id, toString: "Rossi S.r.l." };
    const rates: Option[] = (await c.get("/api/vat-rates/get-filtered-list")).body.options;
    vat22 = rates.find((o) => o.toString.startsWith("22%"))!;
  });

  it("GET: the dialog prefilled with the customer's e-mail and the tenant's texts, placeholders replaced", async () => {
    const d = await create({ state: "Emessa" });
    const r = await c.get(`${SEND_URL}/${d.id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.sendEmail).toEqual({
      email: "amministrazione@rossi.example.it",
      cc: "",
      bcc: "",
      subject: `Fattura n. ${d.number} del 02/03/2026 - Rossi S.r.l.`,
      body: `Gentile Rossi S.r.l.,\n\nin allegato la fattura ${d.number} del 02/03/2026, totale € 1'220,00.`,
      attachXml: false,
      version: d.version,
    });
    expect(r.body).toMatchObject({ status: "ok", canAttachXml: true, draft: false, xmlOptionsNeeded: { previdential: false, paymentCausal: false } });
  });

  it("validation: each message of spec §5, nothing sent", async () => {
    const d = await create({ state: "Emessa" });
    const before = sentMails().length;
    const url = `${SEND_URL}/${d.id}`;
    await expectErrors(c, url, FIELD, { email: "", subject: "", body: "" }, [SEND_EMAIL_MESSAGES.email, SEND_EMAIL_MESSAGES.subject, SEND_EMAIL_MESSAGES.body]);
    await expectErrors(c, url, FIELD, {}, [SEND_EMAIL_MESSAGES.email, SEND_EMAIL_MESSAGES.subject, SEND_EMAIL_MESSAGES.body]);
    await expectErrors(c, url, FIELD, message({ email: "non-un-indirizzo" }), ["Indirizzo email non corretto"]);
    await expectErrors(c, url, FIELD, message({ email: "a@example.it, b@example.it" }), ["Indirizzo email non corretto"]);
    await expectErrors(c, url, FIELD, message({ cc: "uno@example.it; sbagliato" }), ["Indirizzo email non corretto"]);
    await expectErrors(c, url, FIELD, message({ bcc: "@example.it" }), ["Indirizzo email non corretto"]);
    await expectErrors(c, url, FIELD, message({ subject: "   " }), [SEND_EMAIL_MESSAGES.subject]);
    await expectErrors(c, url, FIELD, message({ body: "  \n " }), [SEND_EMAIL_MESSAGES.body]);
    expect(sentMails().length).toBe(before);
  });

  it("a Bozza is refused (it has no number): 400, nothing sent", async () => {
    const draft = await create();
    const before = sentMails().length;
    const r = await c.postEntity(`${SEND_URL}/${draft.id}`, FIELD, message());
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ status: "error", message: SEND_EMAIL_MESSAGES.draft });
    expect((await c.get(`${SEND_URL}/${draft.id}`)).body.draft).toBe(true);
    expect(sentMails().length).toBe(before);
  });

  it("sent: the outbox holds to, cc, bcc, subject and the PDF with the number and the total", async () => {
    const d = await create({ state: "Emessa" });
    const to = "pdf.solo@rossi.example.it";
    const r = await c.postEntity(`${SEND_URL}/${d.id}`, FIELD, message({ email: to, cc: "uno@example.it; due@example.it", bcc: "archivio@example.it", subject: "Fattura per voi", body: "Gentile cliente,\n\nin allegato <la fattura>." }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: "ok", message: SEND_EMAIL_MESSAGES.sent, invoice: { id: d.id, state: "Emessa", number: d.number } });
    const mails = mailsTo(to);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toMatchObject({ to, cc: ["uno@example.it", "due@example.it"], bcc: ["archivio@example.it"], subject: "Fattura per voi", text: "Gentile cliente,\n\nin allegato <la fattura>." });
    expect(mail.html).toBe("<p>Gentile cliente,</p>\n<p>in allegato &lt;la fattura&gt;.</p>");
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`Fattura_${d.number}_2026.pdf`, "application/pdf"]]);
    const pdf = Buffer.from(mail.attachments[0]!.contentBase64, "base64");
    expect(mail.attachments[0]!.size).toBe(pdf.length);
    const { text } = await readPdf(pdf);
    for (const t of [`${d.number}`, "Rossi S.r.l.", "€ 1'220,00"]) expect(text, t).toContain(t);
  });

  it("with 'Allega anche il file XML': the FatturaPA file too, XSD-valid; its options required when the document has a cassa and a ritenuta", async () => {
    const d = await create({ state: "Emessa" });
    const to = "con.xml@rossi.example.it";
    const r = await c.postEntity(`${SEND_URL}/${d.id}`, FIELD, message({ email: to, attachXml: true }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // a copy for the customer is no transmission to the SDI: the state stays Emessa
    expect(r.body.invoice.state).toBe("Emessa");
    const [mail] = mailsTo(to);
    expect(mail!.attachments.map((a) => a.contentType)).toEqual(["application/pdf", "application/xml"]);
    const file = mail!.attachments[1]!;
    expect(file.filename).toMatch(/^IT07654321012_[0-9A-Z]{5}\.xml$/);
    const xml = Buffer.from(file.contentBase64, "base64").toString("utf8");
    expect(validateFatturaXml(xml)).toEqual({ valid: true });
    expect(xml).toContain(`<Numero>${d.number}</Numero>`);
    // the same file the XML button gives
    const download = await c.postForm(`${URL}/download-electronic-invoice-xml/${d.id}`);
    expect(download.body.filename).toBe(file.filename);

    const fund = await create({ state: "Emessa", professionistFund: "4", withholdingTaxApply: true, withholdingTaxPercentage: "20", rows: [{ rowType: "GENERICA", description: "Progetto", quantity: "1", amount: 100000, vat: vat22, withholding: true }] });
    expect((await c.get(`${SEND_URL}/${fund.id}`)).body.xmlOptionsNeeded).toEqual({ previdential: true, paymentCausal: true });
    await expectErrors(c, `${SEND_URL}/${fund.id}`, FIELD, message({ attachXml: true }), [XML_OPTIONS_MESSAGES.previdential, XML_OPTIONS_MESSAGES.paymentCausal]);
    const ok = await c.postEntity(`${SEND_URL}/${fund.id}`, FIELD, message({ email: "cassa@rossi.example.it", attachXml: true, xmlOptions: { previdential: "TC04", paymentCausal: "A" } }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const fundXml = Buffer.from(mailsTo("cassa@rossi.example.it")[0]!.attachments[1]!.contentBase64, "base64").toString("utf8");
    expect(validateFatturaXml(fundXml)).toEqual({ valid: true });
    expect(fundXml).toContain("<TipoCassa>TC04</TipoCassa>");
  });

  it("a proforma: no XML to attach (400); its PDF goes", async () => {
    const p = await create({ kind: "PROFORMA", state: "Emessa" });
    expect((await c.get(`${SEND_URL}/${p.id}`)).body.canAttachXml).toBe(false);
    const bad = await c.postEntity(`${SEND_URL}/${p.id}`, FIELD, message({ attachXml: true }));
    expect([bad.status, bad.body.message]).toEqual([400, SEND_EMAIL_MESSAGES.xmlKind]);
    const r = await c.postEntity(`${SEND_URL}/${p.id}`, FIELD, message({ email: "proforma@rossi.example.it" }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(mailsTo("proforma@rossi.example.it")[0]!.attachments.map((a) => a.filename)).toEqual([`Fattura_proforma_${p.number}_2026.pdf`]);
  });

  it("a stale version is a 409; another tenant's document a 404 (GET and POST); nothing sent", async () => {
    const d = await create({ state: "Emessa" });
    // signed up first: its sign-up sends the address's confirmation mail
    const other = (await signUpTenant("Altri Invii S.r.l.")).client;
    const before = sentMails().length;
    expect((await c.postEntity(`${SEND_URL}/${d.id}`, FIELD, message({ version: d.version + 3 }))).status).toBe(409);
    expect((await other.get(`${SEND_URL}/${d.id}`)).status).toBe(404);
    expect((await other.postEntity(`${SEND_URL}/${d.id}`, FIELD, message())).status).toBe(404);
    expect(sentMails().length).toBe(before);
  });

  it("roles: a user without ROLE_DOCUMENT gets 403", async () => {
    const luca = await loginBianchi();
    expect((await luca.get(`${SEND_URL}/1`)).status).toBe(403);
    expect((await luca.postEntity(`${SEND_URL}/1`, FIELD, message())).status).toBe(403);
  });
});
