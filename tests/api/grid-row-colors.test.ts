import { beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { createFieldValue, loginBianchi, signUpTwoTenants } from "../support/entity-api";

// POST /api/row-colors/change-row-colors: whitelisted tables, the tenant's own rows only.

let a: Client;
let b: Client;
const aIds: number[] = [];
const bIds: number[] = [];

async function colors(c: Client, fieldName = "colori"): Promise<Record<number, string | null>> {
  const r = await c.get(`/api/field-values?fieldName=${fieldName}&limit=1000`);
  return Object.fromEntries(r.body.data.map((x: any) => [x.id, x.rowColor]));
}

beforeAll(async () => {
  [a, b] = await signUpTwoTenants("Colori A", "Colori B");
  for (const [c, ids] of [[a, aIds], [b, bIds]] as const) {
    for (const v of ["Uno", "Due", "Tre"]) ids.push((await createFieldValue(c, v, "colori")).id);
  }
});

describe("change-row-colors", () => {
  it("colours the given rows, empty colour back to white (null); the version is untouched", async () => {
    const r = await a.postForm("/api/row-colors/change-row-colors", { table: "field_values", ids: `${aIds[0]},${aIds[1]}`, color: "#FFCC00" });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: "ok", message: "Modifica effettuata", updated: 2 });
    expect(await colors(a)).toEqual({ [aIds[0]!]: "#ffcc00", [aIds[1]!]: "#ffcc00", [aIds[2]!]: null });
    const list = await a.get(`/api/field-values?fieldName=colori`);
    expect(list.body.data.every((x: any) => x.version === 0)).toBe(true);
    await a.postForm("/api/row-colors/change-row-colors", { table: "field_values", ids: String(aIds[0]), color: "" });
    expect((await colors(a))[aIds[0]!]).toBeNull();
  });

  it("another tenant's ids are left untouched", async () => {
    const r = await a.postForm("/api/row-colors/change-row-colors", { table: "field_values", ids: `${bIds.join(",")},${aIds[2]}`, color: "#112233" });
    expect(r.status).toBe(200);
    expect(r.body.updated).toBe(1);
    expect(Object.values(await colors(b))).toEqual([null, null, null]);
    expect((await colors(a))[aIds[2]!]).toBe("#112233");
  });

  it("unknown table, bad ids and bad colour are 400 and change nothing", async () => {
    const before = await colors(a);
    const cases: [Record<string, string>, string][] = [
      [{ table: "users", ids: String(aIds[0]), color: "#000000" }, "Tabella non valida"],
      [{ table: "field_values; drop table users", ids: String(aIds[0]), color: "#000000" }, "Tabella non valida"],
      [{ ids: String(aIds[0]), color: "#000000" }, "Tabella non valida"],
      [{ table: "field_values", ids: "", color: "#000000" }, "Nessuna riga selezionata"],
      [{ table: "field_values", ids: `${aIds[0]},abc`, color: "#000000" }, "Identificativi delle righe non validi"],
      [{ table: "field_values", ids: `${aIds[0]}) or (1=1`, color: "#000000" }, "Identificativi delle righe non validi"],
      [{ table: "field_values", ids: "-1", color: "#000000" }, "Identificativi delle righe non validi"],
      [{ table: "field_values", ids: "0", color: "#000000" }, "Identificativi delle righe non validi"],
      [{ table: "field_values", ids: String(aIds[0]), color: "red" }, "Colore non valido"],
      [{ table: "field_values", ids: String(aIds[0]), color: "#12345" }, "Colore non valido"],
      [{ table: "field_values", ids: String(aIds[0]), color: "#000000'; --" }, "Colore non valido"],
    ];
    for (const [fields, message] of cases) {
      const r = await a.postForm("/api/row-colors/change-row-colors", fields);
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect(r.body).toEqual({ status: "error", message });
    }
    expect(await colors(a)).toEqual(before);
  });

  it("needs the table's role and a session", async () => {
    const luca = await loginBianchi();
    expect((await luca.postForm("/api/row-colors/change-row-colors", { table: "field_values", ids: "1", color: "" })).status).toBe(403);
    expect((await new Client().postForm("/api/row-colors/change-row-colors", { table: "field_values", ids: "1", color: "" })).status).toBe(401);
  });
});
