/**
 * SDI receipts uploaded over HTTP (POST /api/invoices/sdi-notifications, issue 31): an invoice issued and its XML
 * downloaded for its file name; an RC, an NS inside a zip, an MC, a receipt of another tenant's file and garbage in one
 * upload; the exact JSON; sdiState on get and list; the history and the NS errors in the form's data; the bell and the
 * admin's e-mail for NS and MC; the same upload again a no-op; roles and bad requests. The receipts are the project's
 * own, in the official format (lib/fiscal/sdi-testing.ts), signed by a test certificate.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { zipSync } from "fflate";
import { writeSdiMessage } from "@/lib/fiscal/sdi-testing";
import { sdiMessageFileName } from "@/lib/fiscal/sdi-messages";
import { SDI_ERROR_CODES } from "@/lib/fiscal/sdi-errors";
import { type Client, sentMails, signUpTenant } from "../support/http";
import { loginBianchi, saveIssuer } from "../support/entity-api";

const URL = "/api/invoices";
const UPLOAD = `${URL}/sdi-notifications`;
type Upload = { name: string; bytes: Uint8Array };
const utf8 = (s: string) => new Uint8Array(Buffer.from(s, "utf8"));

function form(files: Upload[], field = "files"): FormData {
  const fd = new FormData();
  for (const f of files) fd.append(field, new Blob([f.bytes as BlobPart], { type: "application/octet-stream" }), f.name);
  return fd;
}

describe("POST /api/invoices/sdi-notifications", () => {
  let c: Client;
  let other: Client;
  let adminEmail: string;
  let sdi = 700_000;

  /** An issued invoice of the client's tenant and its FatturaPA file name (downloaded as the user would). */
  async function issuedInvoice(client: Client): Promise<{ id: number; number: string; file: string }> {
    const contact = await client.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Rossi S.r.l.", isCustomer: true, vatNumber: "12345678903", address: "Via Milano 2", postalCode: "20121", city: "Milano", province: "MI", sdiCode: "ABC1234", email: "rossi@example.it" });
    expect(contact.status, JSON.stringify(contact.body)).toBe(200);
    const rates: { id: number; toString: string }[] = (await client.get("/api/vat-rates/get-filtered-list")).body.options;
    const vat22 = rates.find((o) => o.toString.startsWith("22%"))!;
    const r = await client.postEntity(URL, "invoice", {
      kind: "INVOICE",
      date: "2026-03-02",
      state: "Emessa",
      contact: { id: contact.body.contact.id, toString: "Rossi S.r.l." },
      rows: [{ rowType: "GENERICA", description: "Consulenza", quantity: "1", amount: 100000, vat: vat22 }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const xml = await client.postForm(`${URL}/download-electronic-invoice-xml/${r.body.invoice.id}`);
    expect(xml.status, JSON.stringify(xml.body)).toBe(200);
    return { id: r.body.invoice.id, number: r.body.invoice.number, file: xml.body.filename };
  }
  const receipt = (type: "RC" | "NS" | "MC" | "NE" | "DT" | "AT", file: string, extra: Record<string, unknown> = {}): Upload => ({
    name: sdiMessageFileName(file, type),
    bytes: utf8(writeSdiMessage(type, { fileName: file, identificativoSdi: ++sdi, ...extra })),
  });

  beforeAll(async () => {
    const signed = await signUpTenant("Studio Ricevute S.r.l.");
    c = signed.client;
    adminEmail = signed.email;
    other = (await signUpTenant("Altro Studio Ricevute S.r.l.")).client;
    await saveIssuer(c);
    await saveIssuer(other, { vat: "01234567897", fiscalCode: "01234567897" });
  });

  it("RC, NS (zip), MC, a foreign tenant's receipt and garbage in one upload: the exact report, states, history, bell, mail", async () => {
    const delivered = await issuedInvoice(c);
    const discarded = await issuedInvoice(c);
    const undelivered = await issuedInvoice(c);
    const foreign = await issuedInvoice(other);
    const rc = receipt("RC", delivered.file);
    const ns = receipt("NS", discarded.file, { errors: [{ code: "00305", description: "1.4.1.1.2 <IdCodice> non valido : 12345678903" }] });
    const mc = receipt("MC", undelivered.file);
    const foreignRc = receipt("RC", foreign.file);
    const archive = zipSync({ [ns.name]: ns.bytes });
    const mailsBefore = sentMails(adminEmail).length;

    const files = [rc, { name: "scarti.zip", bytes: archive }, mc, foreignRc, { name: "appunti.xml", bytes: utf8("<appunti>non una notifica</appunti>") }, { name: "foto.xml", bytes: new Uint8Array([0xff, 0xd8, 0xff]) }];
    const r = await c.json("POST", UPLOAD, { body: form(files) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      status: "ok",
      applied: [
        { file: rc.name, type: "RC", invoice: { id: delivered.id, number: delivered.number }, sdiState: "Consegnata" },
        { file: `scarti.zip/${ns.name}`, type: "NS", invoice: { id: discarded.id, number: discarded.number }, sdiState: "Scartata" },
        { file: mc.name, type: "MC", invoice: { id: undelivered.id, number: undelivered.number }, sdiState: "Mancata consegna" },
      ],
      unmatched: [{ file: foreignRc.name, reason: `Nessuna fattura di questa azienda corrisponde al file ${foreign.file} indicato dalla notifica` }],
      refused: [
        { file: "appunti.xml", reason: "Il file non è una notifica SDI: l'elemento principale è appunti senza spazio dei nomi" },
        { file: "foto.xml", reason: "Il file non è una notifica SDI: non è un file XML leggibile" },
      ],
    });

    // sdiState on get and on the list
    const get = async (client: Client, id: number) => (await client.get(`${URL}/get/${id}`)).body.invoice;
    expect((await get(c, delivered.id)).sdiState).toBe("Consegnata");
    expect((await get(c, discarded.id)).state).toBe("Scartata");
    expect((await get(c, undelivered.id)).sdiState).toBe("Mancata consegna");
    expect((await get(other, foreign.id)).sdiState).toBeNull();
    const list = await c.get(`${URL}?startRow=0&limit=50&addedParams=${encodeURIComponent(JSON.stringify({ kind: ["INVOICE", "CREDIT_NOTE"] }))}`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const byId = new Map(list.body.data.map((d: { id: number; sdiState: string | null }) => [d.id, d.sdiState]));
    expect([byId.get(delivered.id), byId.get(discarded.id), byId.get(undelivered.id)]).toEqual(["Consegnata", "Scartata", "Mancata consegna"]);
    expect(list.body.gridData.columns.some((col: { field: string; header: string }) => col.field === "sdiState" && col.header === "Stato SDI")).toBe(true);

    // the form's history: the receipt with the signature's result, the NS errors explained
    const formData = (await c.get(`${URL}/update-form-data/${discarded.id}`)).body.formData;
    expect(formData.history.at(-1).note).toContain("Firma della notifica: valida");
    expect(formData.sdiEvents).toHaveLength(1);
    expect(formData.sdiEvents[0]).toMatchObject({ type: "NS", signatureResult: "valida", via: "upload", errors: [{ code: "00305", explanation: SDI_ERROR_CODES["00305"] }] });

    // NS and MC: the bell and the admin's e-mail
    const bell = (await c.get("/api/notifications")).body;
    const titles = bell.notifications.map((n: { title: string }) => n.title);
    expect(titles).toContain(`Fattura ${discarded.number} scartata dallo SDI`);
    expect(titles).toContain(`Fattura ${undelivered.number} non consegnata al cliente`);
    const mails = sentMails(adminEmail).slice(mailsBefore);
    expect(mails.map((m) => m.subject).sort()).toEqual([`Fattura ${discarded.number} scartata dallo SDI`, `Fattura ${undelivered.number} non consegnata al cliente`].sort());
    expect(mails.find((m) => m.subject.includes("scartata"))!.text).toContain(SDI_ERROR_CODES["00305"]);

    // the same upload again: nothing changes, nobody is notified again
    const again = await c.json("POST", UPLOAD, { body: form([rc, mc]) });
    expect(again.body.applied.map((a: { sdiState: string }) => a.sdiState)).toEqual(["Consegnata", "Mancata consegna"]);
    expect(sentMails(adminEmail).length).toBe(mailsBefore + 2);
    expect((await c.get("/api/notifications")).body.notifications.length).toBe(bell.notifications.length);
    // the other tenant's document was never touched, and its own upload of it applies there
    expect((await other.json("POST", UPLOAD, { body: form([foreignRc]) })).body.applied).toEqual([{ file: foreignRc.name, type: "RC", invoice: { id: foreign.id, number: foreign.number }, sdiState: "Consegnata" }]);
  });

  it("ROLE_DOCUMENT only: a ROLE_USER user gets 403 and nothing is applied", async () => {
    const luca = await loginBianchi();
    const r = await luca.json("POST", UPLOAD, { body: form([{ name: "a.xml", bytes: utf8(writeSdiMessage("RC", { fileName: "IT01234567890_00001.xml", identificativoSdi: 1 })) }]) });
    expect(r.status).toBe(403);
  });

  it("bad requests: no files, another field, not multipart (400 in Italian)", async () => {
    const none = await c.json("POST", UPLOAD, { body: new FormData() });
    expect([none.status, none.body.message]).toEqual([400, "Nessun file da caricare: scegli una o più notifiche SDI (.xml) o un archivio .zip"]);
    const wrong = await c.json("POST", UPLOAD, { body: form([{ name: "a.xml", bytes: utf8("<a/>") }], "file") });
    expect([wrong.status, wrong.body.message]).toEqual([400, 'Dati non validi: il campo "file" non è previsto (i file vanno inviati nel campo "files")']);
  });
});
