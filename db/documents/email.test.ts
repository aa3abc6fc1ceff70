import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { documentStateLogs, mailOutbox } from "@/db/schema";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { ApiError } from "@/lib/errors";
import { validateFatturaXml } from "@/lib/fiscal/xsd";
import { readPdf } from "@/tests/support/sample-invoice";
import { contactSchema } from "@/lib/schemas/contact";
import { invoiceSchema } from "@/lib/schemas/invoice";
import { SEND_EMAIL_MESSAGES, sendEmailSchema } from "@/lib/schemas/invoice-email";
import { vatRates } from "@/db/schema";
import { createTenantWithAdmin } from "@/db/queries/accounts";
import { contactEntity } from "@/db/queries/contacts";
import { emailFormData, sendInvoiceEmail } from "./email";
import { invoiceEntity } from "./entity";
import { TenantScope } from "../scope";

const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

describe.each(kinds)("'Invia email' of a sales document on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let a: TenantScope;
  let b: TenantScope;
  let customer: { id: number };
  let vat22: { id: number };

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "mail");
    database = await tdb.open();
    const ta = await createTenantWithAdmin(database.db, { denomination: "Studio Alfa", email: `ma-${kind}@example.it`, firstName: "Anna", lastName: "Alfa", password: "abc12345" });
    const tb = await createTenantWithAdmin(database.db, { denomination: "B", email: `mb-${kind}@example.it`, firstName: "B", lastName: "B", password: "abc12345" });
    a = new TenantScope(database.db, ta.tenant.id, { userId: ta.admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] });
    b = new TenantScope(database.db, tb.tenant.id, { userId: tb.admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] });
    await a.updateTenant(undefined, { vat: "07654321012", fiscalCode: "07654321012", address: "Via Roma 1", postalCode: "00184", city: "Roma", province: "RM", taxRegime: "RF01" });
    const c = await contactEntity.create(
      a,
      contactSchema.parse({ kind: "COMPANY", companyName: "Rossi S.r.l.", isCustomer: true, vatNumber: "12345678903", address: "Via Milano 2", postalCode: "20121", city: "Milano", province: "MI", pec: "rossi@pec.it" }),
    );
    customer = { id: c.id };
    vat22 = { id: (await a.list(vatRates)).find((r) => r.rate === "22.00")!.id };
  });
  afterAll(async () => {
    await database.close();
    await tdb.drop();
  });

  const create = (raw: Record<string, unknown>) =>
    invoiceEntity.create(a, invoiceSchema.parse({ contact: customer, date: "2026-03-02", rows: [{ rowType: "GENERICA", description: "Consulenza", quantity: "1", amount: 100000, vat: vat22 }], ...raw }));
  const input = (raw: Record<string, unknown> = {}) => sendEmailSchema.parse({ email: "cliente@example.it", subject: "Oggetto", body: "Testo", ...raw });
  const lastMail = async () => (await database.db.select().from(mailOutbox).where(eq(mailOutbox.tenantId, a.tenantId)).orderBy(desc(mailOutbox.id)).limit(1))[0]!;

  it("prefilled: the customer's PEC when it has no e-mail, the default texts of the kind with the placeholders filled", async () => {
    const d = await create({ state: "Emessa" });
    const data = await emailFormData(a, d.id);
    expect(data.sendEmail).toEqual({
      email: "rossi@pec.it",
      cc: "",
      bcc: "",
      subject: `Fattura n. ${d.number} del 02/03/2026`,
      body: `Gentile cliente,\n\nin allegato la fattura n. ${d.number} del 02/03/2026, di € 1'220,00.\n\nCordiali saluti\nStudio Alfa`,
      attachXml: false,
      version: d.version,
    });
    expect(data).toMatchObject({ canAttachXml: true, draft: false, xmlOptionsNeeded: { previdential: false, paymentCausal: false } });
    const quote = await create({ kind: "QUOTE", state: "Emessa" });
    expect((await emailFormData(a, quote.id)).sendEmail.subject).toBe(`Preventivo n. ${quote.number} del 02/03/2026`);
    expect((await emailFormData(a, quote.id)).canAttachXml).toBe(false);
  });

  it("sent: the outbox row holds cc, bcc and both files with their bytes; the history says to whom, the state unchanged on a PDF-only mail", async () => {
    const d = await create({ state: "Emessa" });
    const r = await sendInvoiceEmail(a, d.id, input({ cc: "uno@example.it; due@example.it", bcc: "tre@example.it", body: "Riga 1\n\nRiga <2>" }));
    expect(r.message).toBe(SEND_EMAIL_MESSAGES.sent);
    expect(r.invoice.state).toBe("Emessa");
    const mail = await lastMail();
    expect(mail).toMatchObject({ to: "cliente@example.it", cc: ["uno@example.it", "due@example.it"], bcc: ["tre@example.it"], subject: "Oggetto", text: "Riga 1\n\nRiga <2>", html: "<p>Riga 1</p>\n<p>Riga &lt;2&gt;</p>", provider: "outbox" });
    expect(mail.attachments).toHaveLength(1);
    const pdf = Buffer.from(mail.attachments[0]!.contentBase64, "base64");
    expect(mail.attachments[0]).toMatchObject({ contentType: "application/pdf", size: pdf.length });
    expect((await readPdf(pdf)).text).toContain(d.number!);
    const logs = await a.list(documentStateLogs, { where: eq(documentStateLogs.documentId, d.id) });
    expect(logs.at(-1)).toMatchObject({ stateBefore: "Emessa", stateAfter: "Emessa", note: "Inviata per email a cliente@example.it" });

    await sendInvoiceEmail(a, d.id, input({ attachXml: true }));
    const withXml = await lastMail();
    expect(withXml.attachments.map((x) => x.contentType)).toEqual(["application/pdf", "application/xml"]);
    const xml = Buffer.from(withXml.attachments[1]!.contentBase64, "base64").toString("utf8");
    expect(validateFatturaXml(xml)).toEqual({ valid: true });
    expect(withXml.attachments[1]!.filename).toMatch(/^IT07654321012_[0-9A-Z]{5}\.xml$/);
  });

  it("refused: a Bozza (nothing sent), a stale version, XML on a proforma; another tenant's document is a 404", async () => {
    const before = (await lastMail()).id;
    const draft = await create({});
    const e1 = await sendInvoiceEmail(a, draft.id, input()).catch((e: unknown) => e);
    expect(e1).toBeInstanceOf(ApiError);
    expect([(e1 as ApiError).httpStatus, (e1 as ApiError).message]).toEqual([400, SEND_EMAIL_MESSAGES.draft]);
    const d = await create({ kind: "PROFORMA", state: "Emessa" });
    expect(((await sendInvoiceEmail(a, d.id, input({ version: d.version + 5 })).catch((e: unknown) => e)) as ApiError).httpStatus).toBe(409);
    expect(((await sendInvoiceEmail(a, d.id, input({ attachXml: true })).catch((e: unknown) => e)) as ApiError).message).toBe(SEND_EMAIL_MESSAGES.xmlKind);
    expect(((await sendInvoiceEmail(b, d.id, input()).catch((e: unknown) => e)) as ApiError).httpStatus).toBe(404);
    expect(((await emailFormData(b, d.id).catch((e: unknown) => e)) as ApiError).httpStatus).toBe(404);
    expect((await lastMail()).id).toBe(before);
  });
});
