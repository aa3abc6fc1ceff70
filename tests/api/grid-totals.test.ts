import { beforeAll, describe, expect, it } from "vitest";
import { type Client, signUpTenant } from "../support/http";
import { SAVED } from "../support/entity-api";

// `totals=1` of the list contract over HTTP. No grid of the app declares totals yet (a product's
// amount is a price, not something to add up): the sums themselves are covered on both databases by
// lib/grid/totals.test.ts and the footer by components/grid/server-grid.test.tsx. Here: the flag is
// part of the contract on every list, a grid without totals answers exactly as before, a bad flag is
// a 400, and the export ignores it.

let c: Client;

beforeAll(async () => {
  c = (await signUpTenant("Totali S.r.l.")).client;
  for (const [name, amount] of [
    ["Consulenza", 10000],
    ["Sopralluogo", 2550],
  ] as const) {
    const r = await c.postEntity("/api/items", "item", { name, description: "", amount, vat: null });
    expect(r.body.message, JSON.stringify(r.body)).toBe(SAVED);
  }
});

describe("totals=1 on grids without totals", () => {
  it.each(["/api/items", "/api/services", "/api/agents", "/api/vat-rates", "/api/field-values?fieldName=title"])("%s: same answer as without it, no totals key", async (url) => {
    const sep = url.includes("?") ? "&" : "?";
    const plain = await c.get(`${url}${sep}startRow=0&limit=50`);
    const asked = await c.get(`${url}${sep}startRow=0&limit=50&totals=1`);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body).toEqual(plain.body);
    expect(Object.keys(asked.body).sort()).toEqual(["count", "countExact", "data", "gridData", "offset", "startRow", "status"]);
    expect(asked.body.gridData.totals).toBeUndefined();
  });

  it("the rows and the count are those of the filtered set, as ever", async () => {
    const r = await c.get(`/api/items?totals=1&search=${encodeURIComponent("sopralluogo")}`);
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(1);
    expect(r.body.data[0]).toMatchObject({ name: "Sopralluogo", amount: 2550 });
    expect(r.body.totals).toBeUndefined();
  });

  it("totals=0 and totals=true are accepted; anything else is a 400 in Italian", async () => {
    expect((await c.get("/api/items?totals=0")).status).toBe(200);
    expect((await c.get("/api/items?totals=true")).status).toBe(200);
    const bad = await c.get("/api/items?totals=tutti");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: "error", message: 'Parametro "totals" non valido: atteso 1 o 0' });
  });

  it("the export carries no totals (the flag is a contract key, not a grid parameter)", async () => {
    const res = await c.raw("GET", "/api/items/export?format=csv&totals=1&columns=name,amount");
    expect(res.status).toBe(200);
    const lines = (await res.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines).toEqual(["Nome;Importo", "Consulenza;100,00", "Sopralluogo;25,50"]);
  });
});
