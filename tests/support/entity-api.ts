/**
 * Shared helpers of the API tests for the entities behind a grid and a modal form (the Tabelle,
 * sectionals, field values, tenant settings): the save contract's messages, row counts, the checks every
 * save URL must pass, role checks and the setup the files have in common.
 */
import { expect } from "vitest";
import type { ExampleRef } from "@/db/entity";
import { BIANCHI_LOGIN, ROSSI_LOGIN } from "@/db/seed";
import { Client, randomAddress, signUpTenant } from "./http";

export const SAVED = "Salvataggio effettuato";
export const DELETED = "Eliminazione effettuata";
export const FORM_ERROR = "Errore nella compilazione dei campi";

/** A seeded account's logged-in client. */
export const loginAs = (login: { readonly username: string; readonly password: string }) => Client.as(login.username, login.password);
/** Mario Rossi of tenant 2 (every role). */
export const loginRossi = () => loginAs(ROSSI_LOGIN);
/** Luca Bianchi of tenant 2: ROLE_USER only. */
export const loginBianchi = () => loginAs(BIANCHI_LOGIN);

/** Two freshly signed-up tenants, as their admins' clients. */
export async function signUpTwoTenants(denominationA: string, denominationB: string): Promise<[Client, Client]> {
  // each from an address of its own: the generic suites sign up two tenants per entity, past the hourly limit of one address
  const a = (await signUpTenant(denominationA, { address: randomAddress() })).client;
  const b = (await signUpTenant(denominationB, { address: randomAddress() })).client;
  return [a, b];
}

/**
 * Saves in `c`'s tenant the records an entity's example references (its declaration's exampleRefs; theirs
 * first, recursively) and answers what to merge into the example: `{ [key]: { id } }`.
 */
export async function saveExampleRefs(c: Client, refs: Record<string, ExampleRef> | undefined): Promise<Record<string, { id: number }>> {
  const ids: Record<string, { id: number }> = {};
  for (const [key, ref] of Object.entries(refs ?? {})) {
    const r = await c.postEntity(ref.api.url, ref.api.field, { ...ref.example, ...(await saveExampleRefs(c, ref.exampleRefs)) });
    expect(r.status, `${key}: ${JSON.stringify(r.body)}`).toBe(200);
    ids[key] = { id: r.body[ref.api.field].id as number };
  }
  return ids;
}

/** Rows in the tenant's list (grid contract); `url` may carry the grid's own parameters. */
export async function countRows(c: Client, url: string): Promise<number> {
  const r = await c.get(`${url}${url.includes("?") ? "&" : "?"}startRow=0&limit=1`);
  expect(r.status).toBe(200);
  return r.body.count as number;
}

/** A save refused with 400 and exactly these messages (nothing written is checked by the caller). */
export async function expectErrors(c: Client, url: string, field: string, entity: unknown, errors: string[]) {
  const r = await c.postEntity(url, field, entity);
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.status).toBe("error");
  expect(r.body.errors).toEqual(errors);
  expect(r.body.message).toBe([FORM_ERROR, ...errors].join("\n"));
}

/** Bad bodies on a save URL: all 4xx (never 500), as listed. */
export async function expectBadBodies(c: Client, url: string, field: string) {
  const statuses: number[] = [];
  statuses.push((await c.postForm(url, {})).status); // missing field
  statuses.push((await c.postForm(url, { [field]: "{" })).status); // broken JSON
  statuses.push((await c.postForm(url, { [field]: "[]" })).status); // not an object
  statuses.push((await c.postForm(url, { [field]: "42" })).status);
  statuses.push((await c.json("POST", url, { body: "x=1", headers: { "content-type": "text/plain" } })).status); // unsupported format
  expect(statuses).toEqual([400, 400, 400, 400, 400]);
  const big = await c.postEntity(url, field, { name: "x".repeat(1_100_000) });
  expect(big.status).toBe(413);
}

/** expectBadBodies on the create URL and on the update URL, which parses the same way. */
export async function expectBadBodiesOnSaves(c: Client, url: string, field: string) {
  await expectBadBodies(c, url, field);
  await expectBadBodies(c, `${url}/1`, field);
}

/**
 * A ROLE_USER-only user (Luca Bianchi) gets 403 on the list, both forms, create, update (with `entity`
 * plus version 0) and delete of `url`. Returns his client for the resource's own extra calls.
 */
export async function expectDocumentRoleNeeded(url: string, field: string, entity: Record<string, unknown>): Promise<Client> {
  const luca = await loginBianchi();
  expect((await luca.get(url)).status).toBe(403);
  expect((await luca.get(`${url}/create-form-data`)).status).toBe(403);
  expect((await luca.get(`${url}/update-form-data/1`)).status).toBe(403);
  expect((await luca.postEntity(url, field, entity)).status).toBe(403);
  expect((await luca.postEntity(`${url}/1`, field, { ...entity, version: 0 })).status).toBe(403);
  expect((await luca.json("DELETE", `${url}/1`)).status).toBe(403);
  return luca;
}

/** Creates a value of a field-value list (default: the agent titles), which must succeed. */
export async function createFieldValue(c: Client, fieldValue: string, fieldName = "title") {
  const r = await c.postEntity("/api/field-values", "fieldValue", { fieldName, fieldValue });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.fieldValue as { id: number; version: number; fieldName: string; fieldValue: string; toString: string; rowColor: string | null };
}

export interface LogoUpload {
  bytes: Uint8Array;
  name?: string;
  type?: string;
}

/** The tenant settings' save body: the `tenant` JSON field plus, optionally, the logo file. */
export function settingsForm(tenant: unknown, logo?: LogoUpload): FormData {
  const fd = new FormData();
  fd.set("tenant", typeof tenant === "string" ? tenant : JSON.stringify(tenant));
  if (logo) fd.set("logoContent", new Blob([logo.bytes as BlobPart], { type: logo.type ?? "image/png" }), logo.name ?? "logo.png");
  return fd;
}

/** POST /api/tenants/post-actual. */
export const postSettings = (c: Client, tenant: unknown, logo?: LogoUpload) => c.json("POST", "/api/tenants/post-actual", { body: settingsForm(tenant, logo) });

/** The fiscal identity the tests' issuers use (a valid VAT number, Rome, ordinary regime RF01). */
export const TEST_ISSUER = { vat: "07654321012", fiscalCode: "07654321012", address: "Via Roma 1", postalCode: "00184", city: "Roma", province: "RM", taxRegime: "RF01" };

/** Saves TEST_ISSUER and `extra` over the client's tenant settings (what an invoice's XML needs of its seller). */
export async function saveIssuer(c: Client, extra: Record<string, unknown> = {}): Promise<void> {
  const t = (await c.get("/api/tenants/get-actual")).body.tenant;
  const r = await postSettings(c, { ...t, ...TEST_ISSUER, ...extra });
  if (r.status !== 200) throw new Error(`impostazioni non salvate: ${r.status} ${JSON.stringify(r.body)}`);
}
