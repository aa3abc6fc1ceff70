import { beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { Client } from "../support/http";
import { createFieldValue, loginBianchi, signUpTwoTenants } from "../support/entity-api";

// The server-paged list contract on GET /api/field-values, over HTTP on a real database.

const FIELD = "colori";
const VALUES = ["Alfa", "Alfa beta", "Beta", "Gamma 50%", "Delta_x", "Epsilon", "Zeta", "Eta", "Theta", "Iota"];

let a: Client;
let b: Client;
const ids = new Map<string, number>();

function romeToday(offsetDays = 0): string {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  const p = Object.fromEntries(new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome", year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}`;
}

function q(params: Record<string, unknown>): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries({ fieldName: FIELD, ...params })) sp.set(k, typeof v === "string" ? v : JSON.stringify(v));
  return `/api/field-values?${sp}`;
}

async function list(c: Client, params: Record<string, unknown> = {}) {
  const r = await c.get(q(params));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { status: string; data: any[]; count: number | null; startRow: number; offset: number; gridData: any };
}

const values = (body: { data: any[] }) => body.data.map((r) => r.fieldValue);

beforeAll(async () => {
  [a, b] = await signUpTwoTenants("Griglie A", "Griglie B");
  for (const v of VALUES) ids.set(v, (await createFieldValue(a, v, FIELD)).id);
  for (let i = 0; i < 60; i++) await createFieldValue(a, `N${String(i).padStart(3, "0")}`, "numeri");
  // the other tenant has a list with the same name
  await createFieldValue(b, "Alfa di B", FIELD);
});

describe("list contract", () => {
  it("returns data, count, startRow, offset and gridData, sorted by value by default", async () => {
    const body = await list(a);
    expect(body.status).toBe("ok");
    expect(body.count).toBe(VALUES.length);
    expect(body.startRow).toBe(0);
    expect(body.offset).toBe(0);
    expect(values(body)).toEqual([...VALUES].sort());
    expect(Object.keys(body.data[0]).sort()).toEqual(["createdAt", "fieldValue", "id", "rowColor", "version"]);
    expect(body.data[0]).toMatchObject({ rowColor: null, version: 0 });
    expect(body.data[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
    expect(body.gridData.name).toBe("field-values");
    expect(body.gridData.columns.map((c: any) => [c.field, c.header, c.type])).toEqual([
      ["id", "Id", "integer"],
      ["fieldValue", "Valore", "text"],
      ["createdAt", "Data inserimento", "datetime"],
    ]);
    expect(body.gridData.defaultSort).toEqual([{ colId: "fieldValue", sort: "asc" }]);
  });

  it("requires fieldName (400) and accepts it through addedParams", async () => {
    const r = await a.get("/api/field-values");
    expect(r.status).toBe(400);
    expect(r.body.status).toBe("error");
    expect(r.body.errors).toEqual(['Il parametro "fieldName" è richiesto']);
    const r2 = await a.get(`/api/field-values?addedParams=${encodeURIComponent(JSON.stringify({ fieldName: FIELD }))}`);
    expect(r2.status).toBe(200);
    expect(r2.body.count).toBe(VALUES.length);
  });

  it("pages with startRow/limit (and offset), count=0 skips counting", async () => {
    const all = values(await list(a, { fieldName: "numeri", limit: "1000" }));
    expect(all.length).toBe(60);
    const p1 = await list(a, { fieldName: "numeri" });
    expect(p1.data.length).toBe(50);
    expect(p1.count).toBe(60);
    const p2 = await list(a, { fieldName: "numeri", startRow: "50", count: "0" });
    expect(values(p2)).toEqual(all.slice(50));
    expect(p2.count).toBeNull();
    expect(p2.startRow).toBe(50);
    const mid = await list(a, { fieldName: "numeri", startRow: "10", limit: "5" });
    expect(values(mid)).toEqual(["N010", "N011", "N012", "N013", "N014"]);
    expect(mid.count).toBe(60);
    expect(values(await list(a, { fieldName: "numeri", offset: "58" }))).toEqual(["N058", "N059"]);
    expect((await list(a, { fieldName: "numeri", startRow: "5000" })).data).toEqual([]);
  });

  it("sorts by any sortable column, asc and desc, with the id tie-breaker", async () => {
    const desc = await list(a, { sortModel: [{ colId: "fieldValue", sort: "desc" }] });
    expect(values(desc)[0]).toBe("Zeta");
    const byId = await list(a, { sortModel: [{ colId: "id", sort: "desc" }] });
    expect(byId.data.map((r) => r.id)).toEqual([...ids.values()].sort((x, y) => y - x));
    const byCreated = await list(a, { sortModel: [{ colId: "createdAt", sort: "asc" }] });
    expect(values(byCreated)).toEqual(VALUES);
  });

  it("columns limits the fields of each row (id and rowColor always there)", async () => {
    const body = await list(a, { columns: "fieldValue" });
    expect(Object.keys(body.data[0]).sort()).toEqual(["fieldValue", "id", "rowColor", "version"]);
  });
});

describe("filters", () => {
  it("text contains (case-insensitive, wildcards literal) and equals", async () => {
    expect(values(await list(a, { filterModel: { fieldValue: { filterType: "text", type: "contains", filter: "ALFA" } } }))).toEqual(["Alfa", "Alfa beta"]);
    expect(values(await list(a, { filterModel: { fieldValue: { filterType: "text", type: "contains", filter: "%" } } }))).toEqual(["Gamma 50%"]);
    expect(values(await list(a, { filterModel: { fieldValue: { filterType: "text", type: "contains", filter: "_" } } }))).toEqual(["Delta_x"]);
    expect(values(await list(a, { filterModel: { fieldValue: { filterType: "text", type: "equals", filter: "beta" } } }))).toEqual(["Beta"]);
    expect(values(await list(a, { filterModel: { fieldValue: { filterType: "text", type: "equals", filter: "ALFA BETA" } } }))).toEqual(["Alfa beta"]);
    expect((await list(a, { filterModel: { fieldValue: { filterType: "text", type: "equals", filter: "bet" } } })).count).toBe(0);
  });

  it("number on the id column: equals, lessOrEqual, greaterOrEqual, inRange", async () => {
    const beta = ids.get("Beta")!;
    const eta = ids.get("Eta")!;
    const num = (type: string, filter: number, filterTo?: number) =>
      list(a, { sortModel: [{ colId: "id", sort: "asc" }], filterModel: { id: { filterType: "number", type, filter: String(filter), ...(filterTo ? { filterTo: String(filterTo) } : {}) } } });
    expect(values(await num("equals", beta))).toEqual(["Beta"]);
    expect(values(await num("lessOrEqual", beta))).toEqual(["Alfa", "Alfa beta", "Beta"]);
    expect(values(await num("greaterOrEqual", eta))).toEqual(["Eta", "Theta", "Iota"]);
    expect(values(await num("inRange", beta, ids.get("Delta_x")!))).toEqual(["Beta", "Gamma 50%", "Delta_x"]);
  });

  it("date on created_at (Italian days): equals, inRange, lessOrEqual, greaterOrEqual", async () => {
    const today = romeToday();
    const date = (type: string, dateFrom: string, dateTo?: string) => list(a, { filterModel: { createdAt: { filterType: "date", type, dateFrom, ...(dateTo ? { dateTo } : {}) } } });
    expect((await date("equals", today)).count).toBe(VALUES.length);
    expect((await date("inRange", romeToday(-3), today)).count).toBe(VALUES.length);
    expect((await date("lessOrEqual", romeToday(-1))).count).toBe(0);
    expect((await date("greaterOrEqual", romeToday(1))).count).toBe(0);
    expect((await date("greaterOrEqual", today)).count).toBe(VALUES.length);
    const [y, m, d] = today.split("-");
    expect((await date("equals", `${d}/${m}/${y}`)).count).toBe(VALUES.length);
  });

  it("global search over the searchable columns (search param and globalSearch pseudo-column)", async () => {
    expect(values(await list(a, { search: "alf" }))).toEqual(["Alfa", "Alfa beta"]);
    expect(values(await list(a, { search: "beta alfa" }))).toEqual(["Alfa beta"]);
    expect(values(await list(a, { filterModel: { globalSearch: { filterType: "text", filter: "eta" } } }))).toEqual(["Alfa beta", "Beta", "Eta", "Theta", "Zeta"]);
  });

  it("filters, search and sort combine", async () => {
    const body = await list(a, {
      search: "eta",
      filterModel: { fieldValue: { filterType: "text", type: "contains", filter: "t" } },
      sortModel: [{ colId: "fieldValue", sort: "desc" }],
    });
    expect(values(body)).toEqual(["Zeta", "Theta", "Eta", "Beta", "Alfa beta"]);
  });

  it("select-all returns every id of the filtered set, not only the loaded page", async () => {
    const r = await a.get(q({ fieldName: "numeri", ids: "1", filterModel: { fieldValue: { filterType: "text", type: "contains", filter: "N0" } } }));
    expect(r.status).toBe(200);
    expect(r.body.status).toBe("ok");
    expect(r.body.count).toBe(60);
    expect(r.body.ids.length).toBe(60);
    expect(new Set(r.body.ids).size).toBe(60);
    const page = await list(a, { fieldName: "numeri", limit: "1000" });
    expect(r.body.ids).toEqual(page.data.map((x) => x.id));
  });
});

describe("refusals", () => {
  const bad: [string, Record<string, unknown>][] = [
    ["unknown sort column", { sortModel: [{ colId: "field_value; drop table field_values", sort: "asc" }] }],
    ["bad sort direction", { sortModel: [{ colId: "fieldValue", sort: "asc nulls first; select 1" }] }],
    ["sortModel not a list", { sortModel: { colId: "fieldValue" } }],
    ["malformed sortModel", { sortModel: "[{oops" }],
    ["unknown filter column", { filterModel: { "tenant_id = tenant_id or 1=1 --": { filterType: "text", filter: "x" } } }],
    ["tenant column", { filterModel: { tenantId: { filterType: "number", type: "equals", filter: "1" } } }],
    ["unknown operator", { filterModel: { fieldValue: { filterType: "text", type: "similarTo", filter: "x" } } }],
    ["filter type mismatch", { filterModel: { fieldValue: { filterType: "number", type: "equals", filter: "1" } } }],
    ["money filter on a text column", { filterModel: { fieldValue: { filterType: "money", type: "lessOrEqual", filter: "1" } } }],
    ["number that is not", { filterModel: { id: { filterType: "number", type: "equals", filter: "1 or 1=1" } } }],
    ["bad date", { filterModel: { createdAt: { filterType: "date", type: "equals", dateFrom: "2024-13-45" } } }],
    ["date injection", { filterModel: { createdAt: { filterType: "date", type: "equals", dateFrom: "2024-01-01'::date or true --" } } }],
    ["object as text", { filterModel: { fieldValue: { filterType: "text", type: "contains", filter: { $gt: "" } } } }],
    ["malformed filterModel", { filterModel: "{nope" }],
    ["filterModel a list", { filterModel: [1, 2] }],
    ["unknown column in columns", { columns: "fieldValue,tenant_id" }],
    ["SQL in columns", { columns: "fieldValue,(select password_hash from users limit 1)" }],
    ["limit over 1000", { limit: "1001" }],
    ["negative startRow", { startRow: "-1" }],
    ["bad fieldName", { fieldName: "x' or '1'='1" }],
    ["addedParams not an object", { addedParams: "[1]" }],
  ];
  it.each(bad)("%s → 400 with an Italian message", async (_label, params) => {
    const sp = new URLSearchParams();
    for (const [k, v] of Object.entries({ fieldName: FIELD, ...params })) sp.set(k, typeof v === "string" ? v : JSON.stringify(v));
    const r = await a.get(`/api/field-values?${sp}`);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.status).toBe("error");
    expect(r.body.message).toMatch(/[a-zà-ù]/i);
    expect(r.body.message).not.toMatch(/syntax|postgres|drizzle|sql/i);
  });

  it("the table is intact after the attempts", async () => {
    expect((await list(a)).count).toBe(VALUES.length);
  });

  it("another tenant's rows are never listed, searched or exported", async () => {
    const bList = await list(b);
    expect(values(bList)).toEqual(["Alfa di B"]);
    const aList = await list(a, { search: "di B" });
    expect(aList.count).toBe(0);
    const aIds = await a.get(q({ ids: "1" }));
    expect(aIds.body.ids).not.toContain(bList.data[0].id);
    const csv = await (await a.raw("GET", `/api/field-values/export?fieldName=${FIELD}&format=csv`)).text();
    expect(csv).not.toContain("Alfa di B");
  });

  it("needs ROLE_DOCUMENT (403) and a session (401)", async () => {
    const luca = await loginBianchi();
    expect((await luca.get(q({}))).status).toBe(403);
    expect((await new Client().get(q({}))).status).toBe(401);
  });
});

describe("export", () => {
  it("CSV: Italian headers, filters and sort honoured, dd/MM/yyyy dates, attachment name", async () => {
    const sp = new URLSearchParams({
      fieldName: FIELD,
      format: "csv",
      columns: "fieldValue,createdAt",
      filterModel: JSON.stringify({ fieldValue: { filterType: "text", type: "contains", filter: "a" } }),
      sortModel: JSON.stringify([{ colId: "fieldValue", sort: "desc" }]),
      search: "et",
    });
    const res = await a.raw("GET", `/api/field-values/export?${sp}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="valori-\d{8}\.csv"/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split("\r\n");
    expect(lines[0]).toBe("Valore;Data inserimento");
    expect(lines.slice(1).map((l) => l.split(";")[0])).toEqual(["Zeta", "Theta", "Eta", "Beta", "Alfa beta"]);
    const [y, m, d] = romeToday().split("-");
    expect(lines[1]!.split(";")[1]).toMatch(new RegExp(`^${d}/${m}/${y} \\d{2}:\\d{2}$`));
  });

  it("CSV quotes values with separators; default columns are the visible exportable ones", async () => {
    await createFieldValue(a, 'Punto; e "virgolette"', "csv");
    const text = await (await a.raw("GET", `/api/field-values/export?fieldName=csv&format=csv`)).text();
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe("Valore;Data inserimento");
    expect(lines[1]).toMatch(/^"Punto; e ""virgolette""";/);
  });

  it("XLSX parsed back with exceljs", async () => {
    const sp = new URLSearchParams({ fieldName: "numeri", format: "xlsx", columns: "id,fieldValue,createdAt", sortModel: JSON.stringify([{ colId: "fieldValue", sort: "desc" }]) });
    const res = await a.raw("GET", `/api/field-values/export?${sp}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    expect(res.headers.get("content-disposition")).toMatch(/filename="valori-\d{8}\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe("Dati");
    expect(ws.getRow(1).values).toEqual([undefined, "Id", "Valore", "Data inserimento"]);
    expect(ws.rowCount).toBe(61);
    expect(ws.getRow(2).getCell(2).value).toBe("N059");
    expect(typeof ws.getRow(2).getCell(1).value).toBe("number");
    expect(ws.getRow(61).getCell(2).value).toBe("N000");
    expect(String(ws.getRow(2).getCell(3).value)).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  it("refuses a bad format, unknown columns and bad filters (400)", async () => {
    for (const extra of ["format=pdf", "columns=fieldValue,password", `filterModel=${encodeURIComponent("{x")}`, "sortModel=%5B%7B%22colId%22%3A%22x%22%2C%22sort%22%3A%22asc%22%7D%5D"]) {
      const r = await a.json("GET", `/api/field-values/export?fieldName=${FIELD}&${extra}`);
      expect(r.status, extra).toBe(400);
      expect(r.body.status).toBe("error");
    }
  });
});
