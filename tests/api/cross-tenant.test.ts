/**
 * Tenant isolation beyond the per-entity checks: references to another tenant's records inside a save
 * are refused, and each tenant reads and writes only its own settings.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../support/http";
import { countRows, createFieldValue, postSettings, signUpTwoTenants } from "../support/entity-api";

describe("cross-tenant references and settings (the per-entity checks are in entities.test.ts)", () => {
  let a: Client;
  let b: Client;
  const ids = new Map<string, any>();

  beforeAll(async () => {
    [a, b] = await signUpTwoTenants("Azienda Alfa", "Azienda Beta");
    const vat = await a.postEntity("/api/vat-rates", "vatRate", { rate: "0", natura: "N3.2", description: "Aliquota Segreta" });
    ids.set("/api/vat-rates", vat.body.vatRate);
    const pm = await a.postEntity("/api/payment-modalities", "paymentModality", { name: "Pagamento Segreto", paymentType: "MP05", paymentModalityRows: [{ paymentModalityExpirationType: "Fine mese" }] });
    ids.set("/api/payment-modalities", pm.body.paymentModality);
  });

  it("references to the other tenant's records are refused in saves (VAT, title, payment modality)", async () => {
    const vat = ids.get("/api/vat-rates");
    const r = await b.postEntity("/api/items", "item", { name: "Con IVA altrui", vat: { id: vat.id } });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual(["L'aliquota IVA scelta non esiste"]);
    const title = await createFieldValue(a, "Dott. Segreto");
    const ag = await b.postEntity("/api/agents", "agent", { firstName: "X", title: { id: title.id } });
    expect(ag.status).toBe(400);
    expect(ag.body.errors).toEqual(["Il titolo scelto non esiste"]);
    const t = (await b.get("/api/tenants/get-actual")).body.tenant;
    const s = await postSettings(b, { ...t, paymentModality: { id: ids.get("/api/payment-modalities").id } });
    expect(s.status).toBe(400);
    expect(s.body.errors).toEqual(["La modalità di pagamento scelta non esiste"]);
    // nothing was written for B
    expect(await countRows(b, "/api/items")).toBe(0);
    expect(await countRows(b, "/api/agents")).toBe(0);
    expect((await b.get("/api/tenants/get-actual")).body.tenant).toEqual(t);
  });

  it("settings: each tenant reads and writes only its own, and the selects list only its own modalities", async () => {
    const ta = (await a.get("/api/tenants/get-actual")).body;
    const tb = (await b.get("/api/tenants/get-actual")).body;
    expect(ta.tenant.denomination).toBe("Azienda Alfa");
    expect(tb.tenant.denomination).toBe("Azienda Beta");
    expect(ta.formData.paymentModalities.map((o: any) => o.toString)).toEqual(["Pagamento Segreto"]);
    expect(tb.formData.paymentModalities).toEqual([]);
    // B saving with A's version number still only touches B
    expect((await postSettings(b, { ...tb.tenant, footer: "Solo Beta" })).status).toBe(200);
    expect((await a.get("/api/tenants/get-actual")).body.tenant.footer).toBe(ta.tenant.footer);
  });
});
