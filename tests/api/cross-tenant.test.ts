/**
 * Tenant isolation of the lookup tables, sectionals and settings: records of tenant A are a 404 for
 * tenant B on every by-id call, and never show in B's lists, selects or exports.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../support/http";
import { countRows, createFieldValue, postSettings, signUpTwoTenants } from "../support/entity-api";

interface Resource {
  url: string;
  field: string;
  entity: Record<string, unknown>;
  /** Paged grid list (count) or the plain { data } list of the sectionals. */
  paged: boolean;
  filteredList?: boolean;
}

const RESOURCES: Resource[] = [
  { url: "/api/agents", field: "agent", entity: { firstName: "Segreto", lastName: "Agente", agentCommissions: [{ percentage: "5" }] }, paged: true },
  { url: "/api/bank-accounts", field: "bankAccount", entity: { bankAccountType: "Conto bancario", bankName: "Banca Segreta", code: "S1" }, paged: true },
  {
    url: "/api/payment-modalities",
    field: "paymentModality",
    entity: { name: "Pagamento Segreto", paymentType: "MP05", paymentModalityRows: [{ paymentModalityExpirationType: "Fine mese" }] },
    paged: true,
    filteredList: true,
  },
  { url: "/api/items", field: "item", entity: { name: "Prodotto Segreto", amount: 100 }, paged: true },
  { url: "/api/services", field: "service", entity: { name: "Servizio Segreto", amount: 100 }, paged: true },
  { url: "/api/vat-rates", field: "vatRate", entity: { rate: "0", natura: "N3.2", description: "Aliquota Segreta" }, paged: true, filteredList: true },
  { url: "/api/invoice-sectionals", field: "invoiceSectional", entity: { name: "Sezionale Segreto", typology: "Tutti", suffix: "SEG" }, paged: false },
];

describe("cross-tenant isolation of the Tabelle, sectionals and settings", () => {
  let a: Client;
  let b: Client;
  const ids = new Map<string, any>();

  beforeAll(async () => {
    [a, b] = await signUpTwoTenants("Azienda Alfa", "Azienda Beta");
    for (const r of RESOURCES) {
      const res = await a.postEntity(r.url, r.field, r.entity);
      expect(res.status, `${r.url} ${JSON.stringify(res.body)}`).toBe(200);
      ids.set(r.url, res.body[r.field]);
    }
  });

  for (const r of RESOURCES) {
    it(`${r.url}: the other tenant gets 404 on every by-id call and nothing changes`, async () => {
      const own = ids.get(r.url);
      const id = own.id;
      const form = await b.get(`${r.url}/update-form-data/${id}`);
      expect(form.status).toBe(404);
      expect(JSON.stringify(form.body)).not.toContain("Segret");
      const upd = await b.postEntity(`${r.url}/${id}`, r.field, { ...r.entity, version: own.version, name: "Rubato", bankName: "Rubato", firstName: "Rubato", description: "Rubato" });
      expect(upd.status).toBe(404);
      expect((await b.json("DELETE", `${r.url}/${id}`)).status).toBe(404);
      if (r.url === "/api/invoice-sectionals") {
        expect((await b.postForm(`${r.url}/disable/${id}`)).status).toBe(404);
        expect((await b.postForm(`${r.url}/enable/${id}`)).status).toBe(404);
      }
      // still intact for its owner
      const mine = await a.get(`${r.url}/update-form-data/${id}`);
      expect(mine.status).toBe(200);
      expect(mine.body[r.field]).toEqual(own);
    });

    it(`${r.url}: never in the other tenant's lists, selects or exports`, async () => {
      const id = ids.get(r.url).id;
      if (r.paged) {
        const list = await b.get(`${r.url}?startRow=0&limit=1000`);
        expect(list.status).toBe(200);
        expect(list.body.data.map((x: any) => x.id)).not.toContain(id);
        expect(JSON.stringify(list.body)).not.toContain("Segret");
        const all = await b.get(`${r.url}?ids=1`);
        expect(all.body.ids).not.toContain(id);
        const csv = await b.raw("GET", `${r.url}/export?format=csv`);
        expect(csv.status).toBe(200);
        expect(await csv.text()).not.toContain("Segret");
      } else {
        const list = await b.get(r.url);
        expect(list.body.data.map((x: any) => x.id)).not.toContain(id);
        expect(JSON.stringify(list.body)).not.toContain("Segret");
      }
      if (r.filteredList) {
        const opts = await b.get(`${r.url}/get-filtered-list?query=Segret`);
        expect(opts.body).toEqual({ options: [], status: "ok" });
        expect((await b.get(`${r.url}/get-filtered-list?offset=0`)).body.options.map((o: any) => o.id)).not.toContain(id);
      }
    });
  }

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
