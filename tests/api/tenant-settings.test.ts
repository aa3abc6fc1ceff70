import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { Client, signUpTenant } from "../support/http";
import { FORM_ERROR, loginBianchi, loginRossi, postSettings, SAVED } from "../support/entity-api";

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 90, alpha: 0.5 } } }).png().toBuffer();

describe("Tenant settings (Impostazioni)", () => {
  let c: Client;
  beforeAll(async () => {
    c = (await signUpTenant("Impostazioni S.r.l.")).client;
  });

  it("get-actual returns every field (no logo bytes) and the form's choices", async () => {
    const r = await c.get("/api/tenants/get-actual");
    expect(r.status).toBe(200);
    const t = r.body.tenant;
    expect(t).toMatchObject({
      denomination: "Impostazioni S.r.l.",
      taxRegime: "RF01",
      paymentModality: null,
      inpsRevengeName: "Rivalsa INPS",
      inpsRevenge: "0.00",
      withholdingTaxPercentage: "20.00",
      stampAmount: 200,
      hourlyPrice: 0,
      officeTimeStart: "08:00",
      officeTimeEnd: "18:00",
      marginCalendarStart: 60,
      marginCalendarEnd: 60,
      hideSunday: true,
      hasLogo: false,
      isFree: true,
      expiresInDays: 30,
      version: 0,
    });
    for (const k of ["logo", "logoThumb", "logoContentType", "paymentModalityId"]) expect(t[k]).toBeUndefined();
    expect(r.body.formData.paymentModalities).toEqual([]);
    expect(r.body.formData.taxRegimes).toContainEqual({ code: "RF19", label: "Regime forfettario" });
    expect(r.body.formData.taxRegimes.map((x: any) => x.code)).not.toContain("RF03");
  });

  it("post-actual round trip: saves every field, normalises, bumps the version", async () => {
    const t = (await c.get("/api/tenants/get-actual")).body.tenant;
    const modality = (await c.postEntity("/api/payment-modalities", "paymentModality", { name: "Bonifico", paymentType: "MP05", paymentModalityRows: [{ paymentModalityExpirationType: "Fine mese" }] })).body.paymentModality;
    const input = {
      ...t,
      denomination: "  Impostazioni Due S.r.l. ",
      fiscalCode: "01234567897",
      vat: "IT 012 345 678 97",
      address: "Via Roma 1",
      city: "Bologna",
      postalCode: "40121",
      province: "bo",
      phone: "051 123456",
      email: "info@impostazioni.example.it",
      hourlyPrice: 4550,
      contactWithCode: true,
      footer: "Piè di pagina",
      invoiceProformaDetails: "Proforma",
      invoiceDetails: "Dettagli",
      taxRegime: "RF19",
      paymentModality: { id: modality.id, toString: "Bonifico" },
      inpsRevengeName: "Rivalsa INPS 4%",
      inpsRevenge: "4",
      professionistFundName: "Inarcassa",
      professionistFund: "4,00%",
      withholdingTaxApply: true,
      withholdingTaxPercentage: "20,5",
      stampApply: true,
      stampAmount: 200,
      invoiceCheckNumerationDates: true,
      invoiceEmailSubject: "Fattura {numero}",
      invoiceEmailBody: "Gentile cliente",
      officeTimeStart: "07:30",
      officeTimeEnd: "19:00",
      marginCalendarStart: 30,
      marginCalendarEnd: "120",
      hideSaturday: true,
      hideSunday: false,
      version: 0,
    };
    const r = await postSettings(c, input);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: "ok", message: SAVED });
    const expected = {
      denomination: "Impostazioni Due S.r.l.",
      fiscalCode: "01234567897",
      vat: "01234567897",
      province: "BO",
      hourlyPrice: 4550,
      taxRegime: "RF19",
      paymentModality: { id: modality.id, toString: "Bonifico" },
      inpsRevenge: "4.00",
      professionistFund: "4.00",
      withholdingTaxPercentage: "20.50",
      marginCalendarStart: 30,
      marginCalendarEnd: 120,
      officeTimeStart: "07:30",
      hideSaturday: true,
      hideSunday: false,
      contactWithCode: true,
      invoiceEmailBody: "Gentile cliente",
      version: 1,
    };
    expect(r.body.tenant).toMatchObject(expected);
    expect((await c.get("/api/tenants/get-actual")).body.tenant).toMatchObject(expected);
    expect((await c.get("/api/tenants/get-data")).body.tenant.denomination).toBe("Impostazioni Due S.r.l.");
  });

  it("gives each validation message of the tenant form and writes nothing", async () => {
    const t = (await c.get("/api/tenants/get-actual")).body.tenant;
    const expectErrors = async (over: Record<string, unknown>, errors: string[]) => {
      const r = await postSettings(c, { ...t, ...over });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.errors).toEqual(errors);
      expect(r.body.message).toBe([FORM_ERROR, ...errors].join("\n"));
    };
    await expectErrors({ taxRegime: "" }, ['Il campo "Regime fiscale" è richiesto']);
    await expectErrors({ taxRegime: undefined }, ['Il campo "Regime fiscale" è richiesto']);
    await expectErrors({ taxRegime: "RF03" }, ['Il campo "Regime fiscale" è richiesto']);
    await expectErrors({ inpsRevenge: "quattro" }, ['Il campo "% Rivalsa INPS" non è un numero decimale corretto']);
    await expectErrors({ professionistFund: "4,,0x" }, ['Il campo "% Cassa professionisti" non è un numero decimale corretto']);
    await expectErrors({ withholdingTaxPercentage: "venti" }, ["Il campo \"% Ritenuta d'acconto\" non è un numero decimale corretto"]);
    await expectErrors({ marginCalendarStart: null }, ["Mostrare del tempo in agenda prima dell'apertura attività"]);
    await expectErrors({ marginCalendarStart: 45 }, ["Mostrare del tempo in agenda prima dell'apertura attività"]);
    await expectErrors({ marginCalendarEnd: undefined }, ["Mostrare del tempo in agenda dopo la chiusura attività"]);
    await expectErrors({ denomination: " " }, ['Il campo "Ragione sociale" è richiesto']);
    await expectErrors({ vat: "12345678901" }, ["La partita IVA non è valida (cifra di controllo errata)"]);
    await expectErrors({ fiscalCode: "ABC" }, ["Il codice fiscale deve essere di 16 caratteri (11 cifre per le società)"]);
    await expectErrors({ postalCode: "4012" }, ["Il CAP deve essere composto da 5 cifre"]);
    await expectErrors({ province: "XX" }, ["La sigla della provincia non è valida"]);
    await expectErrors({ email: "posta" }, ["Indirizzo email non corretto"]);
    await expectErrors({ hourlyPrice: 12.5 }, ['Il campo "Prezzo orario" non è un importo valido']);
    await expectErrors({ stampAmount: -200 }, ["L'importo non può essere negativo"]);
    await expectErrors({ officeTimeStart: "8:00" }, ['Il campo "Inizio attività" deve essere un orario HH:mm']);
    await expectErrors({ officeTimeStart: "19:00", officeTimeEnd: "08:00" }, ["L'orario di fine attività deve essere successivo a quello di inizio"]);
    await expectErrors({ inpsRevenge: "101" }, ["Le percentuali devono essere comprese tra 0 e 100"]);
    await expectErrors({ paymentModality: { id: 2_000_000_000 } }, ["La modalità di pagamento scelta non esiste"]);
    // another tenant's payment modality is refused the same way
    const rossi = await loginRossi();
    const foreign = (await rossi.get("/api/payment-modalities/get-filtered-list")).body.options[0].id;
    await expectErrors({ paymentModality: { id: foreign } }, ["La modalità di pagamento scelta non esiste"]);
    // empty percentages are 0, empty identifiers stay empty
    const blank = await postSettings(c, { ...t, inpsRevenge: "", vat: "", fiscalCode: " " });
    expect(blank.status, JSON.stringify(blank.body)).toBe(200);
    expect(blank.body.tenant).toMatchObject({ inpsRevenge: "0.00", vat: "", fiscalCode: "", version: t.version + 1 });
  });

  it("bad bodies are 4xx, never 500, and nothing is written", async () => {
    const t = (await c.get("/api/tenants/get-actual")).body.tenant;
    expect((await c.postForm("/api/tenants/post-actual", {})).status).toBe(400);
    expect((await c.postForm("/api/tenants/post-actual", { tenant: "{" })).status).toBe(400);
    expect((await c.postForm("/api/tenants/post-actual", { tenant: "[1]" })).status).toBe(400);
    expect((await c.postForm("/api/tenants/post-actual", { tenant: JSON.stringify(t), logoContent: "non un file" })).status).toBe(400);
    const unversioned = await postSettings(c, { ...t, version: undefined });
    expect([unversioned.status, unversioned.body.message]).toEqual([400, "Versione mancante: ricarica i dati prima di salvare"]);
    expect((await postSettings(c, { ...t, hideSunday: "no" })).status).toBe(400);
    expect((await c.get("/api/tenants/get-actual")).body.tenant).toEqual(t);
  });

  it("refuses a stale version with 409 and keeps the newer data", async () => {
    const t = (await c.get("/api/tenants/get-actual")).body.tenant;
    expect((await postSettings(c, { ...t, footer: "Nuovo piè" })).status).toBe(200);
    const stale = await postSettings(c, { ...t, footer: "Vecchio piè" });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/modificato da un altro utente/);
    expect((await c.get("/api/tenants/get-actual")).body.tenant).toMatchObject({ footer: "Nuovo piè", version: t.version + 1 });
  });

  it("uploads a logo: stored as JPEG ≤ 1600 px, thumbnail within 200x70; delete-logo removes both", async () => {
    const t = (await c.get("/api/tenants/get-actual")).body.tenant;
    const r = await postSettings(c, t, { bytes: await png(2400, 800) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.tenant).toMatchObject({ hasLogo: true, version: t.version + 1 });

    const logo = await c.get("/api/tenants/get-logo");
    expect(logo.body.contentType).toBe("image/jpeg");
    const logoMeta = await sharp(Buffer.from(logo.body.base64, "base64")).metadata();
    expect([logoMeta.format, logoMeta.width, logoMeta.height]).toEqual(["jpeg", 1600, 533]);

    const thumb = await c.get("/api/tenants/get-logo-thumb");
    expect(thumb.body.contentType).toBe("image/jpeg");
    const thumbMeta = await sharp(Buffer.from(thumb.body.base64, "base64")).metadata();
    expect(thumbMeta.format).toBe("jpeg");
    expect(thumbMeta.width!).toBeLessThanOrEqual(200);
    expect(thumbMeta.height!).toBeLessThanOrEqual(70);
    expect([thumbMeta.width, thumbMeta.height]).toEqual([200, 67]);
    expect((await c.get("/api/tenants/get-actual")).body.tenant.hasLogo).toBe(true);
    expect((await c.get("/api/tenants/get-data")).body.tenant.hasLogo).toBe(true);

    // a tall logo keeps within 70 px of height
    const t2 = (await c.get("/api/tenants/get-actual")).body.tenant;
    expect((await postSettings(c, t2, { bytes: await png(300, 1200), name: "alto.png" })).status).toBe(200);
    const tall = await sharp(Buffer.from((await c.get("/api/tenants/get-logo-thumb")).body.base64, "base64")).metadata();
    expect(tall.height).toBe(70);
    expect(tall.width!).toBeLessThanOrEqual(18);

    const del = await c.json("DELETE", "/api/tenants/delete-logo");
    expect(del.body).toEqual({ status: "ok", message: "Logo eliminato" });
    expect((await c.get("/api/tenants/get-logo")).body).toEqual({ status: "ok", base64: null, contentType: null });
    expect((await c.get("/api/tenants/get-logo-thumb")).body.base64).toBeNull();
    const after = (await c.get("/api/tenants/get-actual")).body.tenant;
    expect(after.hasLogo).toBe(false);
    // the open form can still be saved after deleting the logo
    expect(after.version).toBe(t2.version + 1);
  });

  it("refuses logos out of 1:5..5:1, non-images and files over 30 MB; nothing is written", async () => {
    const t = (await c.get("/api/tenants/get-actual")).body.tenant;
    const wide = await postSettings(c, { ...t, footer: "non salvato" }, { bytes: await png(1200, 200) });
    expect(wide.status).toBe(400);
    expect(wide.body.message).toBe("Le proporzioni del logo devono essere comprese tra 1:5 e 5:1");
    const tall = await postSettings(c, t, { bytes: await png(100, 501) });
    expect(tall.status).toBe(400);
    const edge = await postSettings(c, t, { bytes: await png(1000, 200) });
    expect(edge.status).toBe(200);

    const t2 = (await c.get("/api/tenants/get-actual")).body.tenant;
    const notImage = await postSettings(c, t2, { bytes: new TextEncoder().encode("<html>ciao</html>"), name: "logo.png" });
    expect(notImage.status).toBe(400);
    expect(notImage.body.message).toBe("Il file caricato non è un'immagine valida (JPEG, PNG, WebP o GIF)");
    const svg = await postSettings(c, t2, { bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"/>'), name: "logo.svg", type: "image/svg+xml" });
    expect(svg.status).toBe(400);

    // 5100×5000 = 25.5 megapixels: over the cap, refused before it is decoded
    const bomb = await postSettings(c, t2, { bytes: await png(5100, 5000) });
    expect(bomb.status).toBe(400);
    expect(bomb.body.message).toBe("L'immagine caricata ha troppi pixel (massimo 25 milioni)");

    const huge = await postSettings(c, t2, { bytes: new Uint8Array(30 * 1024 * 1024 + 1) });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe("File troppo grande");
    const hugeBody = await postSettings(c, t2, { bytes: new Uint8Array(40 * 1024 * 1024) });
    expect(hugeBody.status).toBe(413);
    expect((await c.get("/api/tenants/get-actual")).body.tenant).toEqual(t2);
  });

  it("settings need ROLE_ADMIN", async () => {
    const luca = await loginBianchi();
    expect((await luca.get("/api/tenants/get-actual")).status).toBe(403);
    expect((await luca.postForm("/api/tenants/post-actual", { tenant: "{}" })).status).toBe(403);
    expect((await luca.get("/api/tenants/get-logo")).status).toBe(403);
    expect((await luca.json("DELETE", "/api/tenants/delete-logo")).status).toBe(403);
    expect((await new Client().get("/api/tenants/get-actual")).status).toBe(401);
  });

  it("the seeded tenants carry their lookup data and usual payment modality", async () => {
    const rossi = await loginRossi();
    const t = (await rossi.get("/api/tenants/get-actual")).body;
    expect(t.tenant.paymentModality).toMatchObject({ toString: "Bonifico a vista" });
    expect(t.formData.paymentModalities.map((o: any) => o.toString)).toEqual(["Acconto 30% e saldo a 30 gg", "Bonifico 60 gg fine mese", "Bonifico a vista"]);
    expect((await rossi.get("/api/invoice-sectionals")).body.data.map((s: any) => s.toString)).toEqual(["Principale", "Privati"]);
    expect((await rossi.get("/api/services?startRow=0&limit=10")).body.count).toBe(4);
    expect((await rossi.get("/api/agents?startRow=0&limit=10")).body.data[0]).toMatchObject({ firstName: "Paolo", lastName: "Neri", title: { toString: "Ing." } });
  });
});
