/**
 * Every declared entity (db/entities.ts) gets these checks by being declared: its example saves
 * (after the records it references, exampleRefs, in the same tenant); another tenant gets 404 on every
 * by-id call and never sees it in lists, exports or selects; a reference to another tenant's record
 * is a 400 with the reference's message; bad bodies, unknown calls, ids out of range and a missing
 * version are 4xx (never 500) and write nothing; a user without the entity's role gets 403 everywhere.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ENTITIES } from "@/db/entities";
import type { AnyEntity } from "@/db/entity";
import type { Client } from "../support/http";
import { expectBadBodiesOnSaves, loginBianchi, saveExampleRefs, signUpTwoTenants } from "../support/entity-api";

/** The grid's own list parameters, taken from the example (e.g. the field-value list name); optional ones it lacks stay out. */
function listQuery(entity: AnyEntity): string {
  const shape = (entity.grid?.params as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
  const params = new URLSearchParams();
  for (const key of Object.keys(shape)) if (entity.example[key] !== undefined) params.set(key, String(entity.example[key]));
  return params.size ? `?${params}` : "";
}

function withQuery(url: string, query: string, more: string): string {
  return query ? `${url}${query}&${more}` : `${url}?${more}`;
}

/** An input that saves every time (a user's e-mail must be new each time): freshExample, else the example. */
function sample(entity: AnyEntity): Record<string, unknown> {
  return { ...(entity.freshExample?.() ?? entity.example) };
}

/** A marker in the example's first free text field (not a date, a time or a code list's value), so leaks can be searched for. */
function marked(entity: AnyEntity): Record<string, unknown> {
  const example = sample(entity);
  const key = Object.keys(example).find((k) => typeof example[k] === "string" && !/^[\d\s:./-]+$/.test(example[k]) && k !== "fieldName" && !/type|typology|rate|natura/i.test(k));
  if (key) example[key] = `Segreto ${entity.api.field}`;
  return example;
}

/** The entity's references whose target is itself a declared entity (the test can create one in another tenant). */
function declaredRefs(entity: AnyEntity) {
  return Object.entries(entity.refs ?? {}).flatMap(([key, ref]) => {
    const target = ENTITIES.find((e) => e.table === ref.target.table);
    return target ? [{ key, message: ref.message, target }] : [];
  });
}

describe.each(ENTITIES.map((e) => [e.api.field, e] as const))("entity %s", (_field, entity) => {
  const { url, field } = entity.api;
  let a: Client;
  let b: Client;
  let saved: Record<string, any>;
  /** The records tenant A's example references ({ key: { id } }), saved once: every save of A's example carries them. */
  let refs: Record<string, { id: number }>;
  const withRefs = (example: Record<string, unknown>) => ({ ...example, ...refs });

  beforeAll(async () => {
    [a, b] = await signUpTwoTenants(`Alfa ${field}`, `Beta ${field}`);
    refs = await saveExampleRefs(a, entity.exampleRefs);
    const r = await a.postEntity(url, field, withRefs(marked(entity)));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe("Salvataggio effettuato");
    saved = r.body[field];
  });

  it("create-form-data, update-form-data and get answer the declared shape", async () => {
    const draft = await a.get(withQuery(`${url}/create-form-data`, listQuery(entity), "x=1"));
    expect(draft.status).toBe(200);
    expect(draft.body[field]).toMatchObject({ id: null, version: 0 });
    expect(draft.body).toHaveProperty("formData");
    const own = await a.get(`${url}/update-form-data/${saved.id}`);
    expect(own.body[field]).toEqual(saved);
    expect(entity.response.safeParse(own.body[field]).success).toBe(true);
    expect((await a.get(`${url}/get/${saved.id}`)).body[field]).toEqual(saved);
  });

  it("another tenant gets 404 on every by-id call and nothing changes", async () => {
    for (const path of [`/update-form-data/${saved.id}`, `/get/${saved.id}`]) {
      const r = await b.get(`${url}${path}`);
      expect(r.status, path).toBe(404);
      expect(JSON.stringify(r.body)).not.toContain("Segreto");
    }
    expect((await b.postEntity(`${url}/${saved.id}`, field, { ...withRefs(entity.example), version: saved.version })).status).toBe(404);
    expect((await b.json("DELETE", `${url}/${saved.id}`)).status).toBe(404);
    expect((await a.get(`${url}/update-form-data/${saved.id}`)).body[field]).toEqual(saved);
  });

  it("never shows in the other tenant's lists, exports or selects", async () => {
    const q = listQuery(entity);
    const list = await b.get(withQuery(url, q, "startRow=0&limit=1000"));
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain("Segreto");
    expect((list.body.data as { id: number }[]).map((x) => x.id)).not.toContain(saved.id);
    if (entity.grid) {
      expect((await b.get(withQuery(url, q, "ids=1"))).body.ids).not.toContain(saved.id);
      const csv = await b.raw("GET", withQuery(`${url}/export`, q, "format=csv"));
      expect(csv.status).toBe(200);
      expect(await csv.text()).not.toContain("Segreto");
    }
    if (entity.selectable) {
      const options = await b.get(`${url}/get-filtered-list?query=Segreto`);
      expect(options.body).toEqual({ options: [], status: "ok" });
      const mine = await a.get(`${url}/get-filtered-list?offset=0`);
      expect(mine.body.options.map((o: { id: number }) => o.id)).toContain(saved.id);
    }
  });

  it("bad bodies, unknown calls, ids out of range and a missing version are 4xx and write nothing", async () => {
    await expectBadBodiesOnSaves(a, url, field);
    for (const path of ["/nessuna", "/update-form-data", "/get/1/2", "/update-form-data/abc", "/update-form-data/99999999999", "/update-form-data/-1"]) {
      const r = await a.get(`${url}${path}`);
      expect([400, 404], path).toContain(r.status);
    }
    expect((await a.postEntity(`${url}/1/2`, field, withRefs(entity.example))).status).toBe(404);
    expect((await a.json("DELETE", url)).status).toBe(404);
    expect((await a.json("DELETE", `${url}/99999999999`)).status).toBe(400);
    const noVersion = await a.postEntity(`${url}/${saved.id}`, field, withRefs(entity.example));
    expect([noVersion.status, noVersion.body.message]).toEqual([400, "Versione mancante: ricarica i dati prima di salvare"]);
    expect((await a.get(`${url}/update-form-data/${saved.id}`)).body[field]).toEqual(saved);
  });

  const foreign = declaredRefs(entity);
  it.runIf(foreign.length > 0)(`a reference to another tenant's record is a 400 with its message (${foreign.map((r) => r.key).join(", ")})`, async () => {
    const rows = async () => {
      const list = await a.get(withQuery(url, listQuery(entity), "startRow=0&limit=1000"));
      return entity.grid ? list.body.count : list.body.data.length;
    };
    const before = await rows();
    // one record of B per target entity (two references may point at the same one: a contact's payment modalities)
    const theirIds = new Map<AnyEntity, number>();
    for (const { key, message, target } of foreign) {
      if (!theirIds.has(target)) {
        const other = await b.postEntity(target.api.url, target.api.field, { ...sample(target), ...(await saveExampleRefs(b, target.exampleRefs)) });
        expect(other.status, `${key}: ${JSON.stringify(other.body)}`).toBe(200);
        theirIds.set(target, other.body[target.api.field].id);
      }
      const r = await a.postEntity(url, field, { ...withRefs(sample(entity)), [key]: { id: theirIds.get(target) } });
      expect([key, r.status, r.body.errors]).toEqual([key, 400, [message]]);
    }
    expect(await rows()).toBe(before);
  });

  it("a stale version is a 409", async () => {
    const example = withRefs({ ...sample(entity), ...(entity.api.field === "invoiceSectional" ? { suffix: "STALE" } : {}) });
    const fresh = await a.postEntity(url, field, example);
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    const id = fresh.body[field].id;
    const form = (await a.get(`${url}/update-form-data/${id}`)).body[field];
    const payload = { ...example, version: form.version };
    expect((await a.postEntity(`${url}/${id}`, field, payload)).status).toBe(200);
    const stale = await a.postEntity(`${url}/${id}`, field, payload);
    expect(stale.status).toBe(409);
  });

  it.runIf(entity.role !== null && entity.role !== "ROLE_USER")(`needs ${entity.role}`, async () => {
    const luca = await loginBianchi();
    const q = listQuery(entity);
    for (const path of [q || "", "/export", "/create-form-data", "/update-form-data/1", "/get/1", "/get-filtered-list"]) {
      expect((await luca.get(`${url}${path}`)).status, path).toBe(403);
    }
    expect((await luca.postEntity(url, field, withRefs(entity.example))).status).toBe(403);
    expect((await luca.postEntity(`${url}/1`, field, { ...withRefs(entity.example), version: 0 })).status).toBe(403);
    expect((await luca.json("DELETE", `${url}/1`)).status).toBe(403);
  });
});
