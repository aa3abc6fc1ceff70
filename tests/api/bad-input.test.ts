/**
 * Nothing a client sends gives a 500, and a refusal writes nothing. Table-driven over every declared
 * entity (db/entities.ts), so a new entity is covered by being declared: NUL characters in texts,
 * searches and filters; versions and ids beyond PostgreSQL's integer range; dates outside years
 * 1-9999 in filters; exports fail before they send a 200. Plus the public calls, CSV formulas and
 * numbers, and an over-limit chunked upload.
 */
import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { ENTITIES } from "@/db/entities";
import type { AnyEntity } from "@/db/entity";
import { Client, randomAddress, signUpTenant, uniqueEmail } from "../support/http";
import { countRows, saveExampleRefs, signUpTwoTenants } from "../support/entity-api";

const NUL = "\u0000";
const BIG = 2 ** 31;

function listQuery(entity: AnyEntity): Record<string, string> {
  const shape = (entity.grid?.params as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
  // optional parameters the example lacks stay out (a missing contactId is "all", the text "undefined" a 400)
  return Object.fromEntries(Object.keys(shape).filter((k) => entity.example[k] !== undefined).map((k) => [k, String(entity.example[k])]));
}

function url(base: string, params: Record<string, string>): string {
  const q = new URLSearchParams(params);
  return q.size ? `${base}?${q}` : base;
}

describe.each(ENTITIES.map((e) => [e.api.field, e] as const))("bad input on %s", (_field, entity) => {
  const { url: base, field } = entity.api;
  let a: Client;
  let before: number;
  /** The example with the records it references saved in A (exampleRefs), so that each refusal below is the bad value's own. */
  let example: Record<string, unknown>;
  const params = listQuery(entity);

  beforeAll(async () => {
    // one machine per entity: the file signs up a tenant for each, more than one address's sign-up limit
    a = (await signUpTenant(`Input ${field}`, { address: randomAddress() })).client;
    example = { ...entity.example, ...(await saveExampleRefs(a, entity.exampleRefs)) };
    before = await rows();
  });

  async function rows(): Promise<number> {
    const r = await a.get(url(base, { ...params, startRow: "0", limit: "1000" }));
    expect(r.status).toBe(200);
    return entity.grid ? r.body.count : r.body.data.length;
  }

  it("NUL in any text field of a save is a 400", async () => {
    for (const [key, value] of Object.entries(example)) {
      if (typeof value !== "string") continue;
      const r = await a.postEntity(base, field, { ...example, [key]: `a${NUL}b` });
      expect([key, r.status]).toEqual([key, 400]);
    }
    const nested = await a.postEntity(base, field, { ...example, [`chiave${NUL}`]: "x" });
    expect(nested.status).toBe(400);
    expect(await rows()).toBe(before);
  });

  it("versions and ids beyond the integer range are 400s", async () => {
    expect((await a.postEntity(`${base}/1`, field, { ...example, version: BIG })).status).toBe(400);
    expect((await a.postEntity(`${base}/${BIG}`, field, { ...example, version: 0 })).status).toBe(400);
    expect((await a.get(`${base}/update-form-data/${BIG}`)).status).toBe(400);
    expect((await a.get(`${base}/get/99999999999999999999`)).status).toBe(400);
    for (const [key, value] of Object.entries(example)) {
      if (value && typeof value === "object" && !Array.isArray(value)) {
        expect((await a.postEntity(base, field, { ...example, [key]: { id: BIG } })).status).toBe(400);
      }
    }
    expect(await rows()).toBe(before);
  });

  it.runIf(Boolean(entity.grid))("NUL in search and filters, bad dates and huge numbers in filters: list and export are 400s", async () => {
    const cols = entity.grid!.columns;
    const bad: Record<string, string>[] = [{ search: `x${NUL}` }, { sortModel: JSON.stringify([{ colId: `name${NUL}`, sort: "asc" }]) }];
    for (const c of cols.filter((c) => c.filterable)) {
      if (c.type === "text") bad.push({ filterModel: JSON.stringify({ [c.field]: { filterType: "text", type: "contains", filter: `a${NUL}` } }) });
      if (c.type === "date" || c.type === "datetime") {
        for (const d of ["0000-01-01", "01/01/0000", "10000-01-01", "31/12/99999"]) {
          bad.push({ filterModel: JSON.stringify({ [c.field]: { filterType: "date", type: "equals", dateFrom: d } }) });
        }
      }
      if (c.type === "integer" || c.type === "currency") {
        bad.push({ filterModel: JSON.stringify({ [c.field]: { filterType: c.type === "currency" ? "money" : "number", type: "equals", filter: "9".repeat(30) } }) });
      }
      if (c.type === "entity") bad.push({ filterModel: JSON.stringify({ [c.field]: { filterType: "entity", type: "in", values: [BIG] } }) });
    }
    for (const q of bad) {
      const list = await a.get(url(base, { ...params, ...q }));
      expect([JSON.stringify(q), list.status]).toEqual([JSON.stringify(q), 400]);
      const exp = await a.raw("GET", url(`${base}/export`, { ...params, ...q, format: "csv" }));
      expect([JSON.stringify(q), exp.status]).toEqual([JSON.stringify(q), 400]);
      await exp.text();
    }
  });
});

describe("bad input on the public calls", () => {
  it("NUL in login, sign-up and reset fields is a 400, never a 500", async () => {
    const c = new Client();
    expect((await c.login(`x${NUL}@example.it`, "prova1234")).status).toBe(400);
    expect((await c.login("x@example.it", `p${NUL}`)).status).toBe(400);
    const signUp = await c.postEntity("/api/sign-up", "signUp", { denomination: `A${NUL}`, firstName: "A", lastName: "B", email: uniqueEmail("nul"), password: "prova1234", passwordSecond: "prova1234", acceptTerms: true });
    expect(signUp.status).toBe(400);
    expect((await c.postEntity("/api/reset-password", "resetPassword", { email: `a${NUL}@b.it` })).status).toBe(400);
    expect((await c.get(`/api/me?x=%00`)).status).toBe(400);
  });
});

describe("CSV exports", () => {
  it("neutralise formulas in text cells and write money as plain numbers", async () => {
    const [a] = await signUpTwoTenants("Formule", "Altro");
    for (const name of ["=HYPERLINK(\"http://x\")", "+1+1", "-2+3", "@SUM(A1)", "Normale"]) {
      expect((await a.postEntity("/api/items", "item", { name, amount: -123450 })).status).toBe(200);
    }
    const csv = await (await a.raw("GET", "/api/items/export?format=csv&columns=name,amount")).text();
    const lines = csv.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("Nome;Importo");
    expect(lines.slice(1).sort()).toEqual(["'+1+1;-1234,50", "'-2+3;-1234,50", "\"'=HYPERLINK(\"\"http://x\"\")\";-1234,50", "'@SUM(A1);-1234,50", "Normale;-1234,50"].sort());
  });
});

describe("uploads over the limit", () => {
  it("an over-limit chunked body gets 413 and the next request on the same agent is answered", async () => {
    const { client } = await signUpTenant("Upload");
    const cookie = client.cookieHeader();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const target = new URL(client.base);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: target.hostname, port: target.port, path: "/api/items", method: "POST", agent, headers: { cookie, "content-type": "multipart/form-data; boundary=x", "transfer-encoding": "chunked" } },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      const chunk = Buffer.alloc(64 * 1024, "a");
      let sent = 0;
      const pump = () => {
        while (sent < 3 * 1024 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) return req.once("drain", pump);
        }
        req.end();
      };
      pump();
    });
    expect(status).toBe(413);
    const next = await new Promise<number>((resolve, reject) => {
      http
        .get({ host: target.hostname, port: target.port, path: "/api/me", agent, headers: { cookie } }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        })
        .on("error", reject);
    });
    expect(next).toBe(200);
    agent.destroy();
    expect(await countRows(client, "/api/items")).toBe(0);
  });
});
