/**
 * Bad input over the routes that are not an entity's standard calls (those are in bad-input.test.ts):
 * a declared table of the other POST routes and of the option lists, each sent NUL characters, ids
 * beyond PostgreSQL's integer range, broken JSON and wrong types. Every answer is a 4xx with an
 * Italian message, refused at the edge (never a 500, never the database's own refusal), and nothing
 * the route could change has changed. A new route is covered by being declared in ROUTES.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ENTITIES } from "@/db/entities";
import { tenantSettingsSchema } from "@/lib/schemas/tenant";
import { Client, signUpTenant, type JsonResponse } from "../support/http";
import { countRows } from "../support/entity-api";

const NUL = "\u0000";
/** One past PostgreSQL's integer. */
const BIG = 2 ** 31;
const HUGE = "99999999999999999999";

/** The net of lib/api/respond.ts for a PostgreSQL data exception: bad input got past the edge. */
const DATABASE_REFUSAL = "Dati non validi: controlla i valori inseriti";
const ITALIAN = /(\b(non|di|del|della|il|la|le|un|una|per|tra|dati|campo|valido|valida|validi|mancante|richiesto|identificativo|nessun|nessuna|formato|tabella|colore|righe|ricerca|parametro|versione|deve|troppo|caratteri|opzioni|scegli|inviato)\b|è)/i;
const ENGLISH = /\b(invalid|expected|received|required|error|internal|unexpected|must|should)\b/i;

type Send = (c: Client) => Promise<JsonResponse>;
interface BadRequest {
  label: string;
  send: Send;
}

interface Context {
  admin: Client;
  anonymous: Client;
  /** The admin's tenant settings as get-actual answers them. */
  tenant: Record<string, unknown>;
}

interface RouteDeclaration {
  route: string;
  /** Who calls: the tenant's admin (every role) or a client without a session (the public flows). */
  as: "admin" | "anonymous";
  requests: (ctx: Context) => BadRequest[];
  /** What the route could change, read before and after: it must not move. */
  state?: (ctx: Context) => Promise<unknown>;
}

// ---- request generators

function multipart(fields: Record<string, string | Blob>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  return fd;
}

const post = (url: string, fields: Record<string, string | Blob>): Send => (c) => c.json("POST", url, { body: multipart(fields) });
const postRaw = (url: string, body: string, contentType: string): Send => (c) => c.json("POST", url, { body, headers: { "content-type": contentType } });

/** The wrong-typed stand-in of a value (never of the value's own type, never coerced into it). */
function wrongType(value: unknown): unknown {
  if (typeof value === "string") return true;
  if (typeof value === "number") return "x";
  if (typeof value === "boolean") return "no";
  if (Array.isArray(value)) return "x";
  if (value && typeof value === "object") return "x";
  return { id: BIG };
}

/**
 * The save contract (one JSON field in a multipart body): missing, broken, not an object, a NUL in
 * every text and in a key, every value of the wrong type, every number and reference id beyond the
 * integer range, and a broken JSON body. `valid` is a body the route would accept; `money` names its
 * amounts (integer cents in bigint columns, up to 10^15: beyond that instead of beyond 2^31).
 */
function jsonFieldRequests(url: string, field: string, valid: Record<string, unknown>, { money = [] }: { money?: string[] } = {}): BadRequest[] {
  const withValue = (key: string, value: unknown) => post(url, { [field]: JSON.stringify({ ...valid, [key]: value }) });
  const out: BadRequest[] = [
    { label: "field missing", send: post(url, {}) },
    { label: "broken JSON", send: post(url, { [field]: "{" }) },
    { label: "truncated JSON", send: post(url, { [field]: JSON.stringify(valid).slice(0, -3) }) },
    { label: "an array", send: post(url, { [field]: "[]" }) },
    { label: "a number", send: post(url, { [field]: "42" }) },
    { label: "null", send: post(url, { [field]: "null" }) },
    { label: "NUL in a key", send: post(url, { [field]: JSON.stringify({ ...valid, [`chiave${NUL}`]: "x" }) }) },
    { label: "NUL in the field's name", send: post(url, { [`${field}${NUL}`]: JSON.stringify(valid) }) },
    { label: "broken JSON body", send: postRaw(url, `{"${field}": {`, "application/json") },
    { label: "JSON body with a NUL", send: postRaw(url, JSON.stringify({ [field]: { ...valid, x: NUL } }), "application/json") },
  ];
  for (const [key, value] of Object.entries(valid)) {
    if (typeof value === "string") out.push({ label: `NUL in ${key}`, send: withValue(key, `a${NUL}b`) });
    if (typeof value === "number") {
      if (money.includes(key)) out.push({ label: `${key} beyond 10^15 cents`, send: withValue(key, 1e15 + 1) });
      else out.push({ label: `${key} beyond the integer range`, send: withValue(key, BIG) });
      out.push({ label: `${key} of 20 digits`, send: withValue(key, Number(HUGE)) });
    }
    if (value === null || (value && typeof value === "object" && "id" in value)) out.push({ label: `${key}.id beyond the integer range`, send: withValue(key, { id: BIG }) });
    out.push({ label: `${key} of the wrong type`, send: withValue(key, wrongType(value)) });
  }
  return out;
}

/** A route with an id in its path: ids that are no PostgreSQL integer, and NUL. */
function idRequests(urlOf: (id: string) => string, method: "POST" | "GET" = "POST"): BadRequest[] {
  return [String(BIG), HUGE, "0", "-1", "1.5", "1e3", "abc", "%00", "1%00"].map((id) => ({ label: `id ${id}`, send: (c) => c.json(method, urlOf(id)) }));
}

/** An option list (get-filtered-list): NUL in the query, out-of-range and wrong-typed paging. */
function listRequests(url: string): BadRequest[] {
  const get = (query: string): Send => (c) => c.get(`${url}?${query}`);
  return [
    { label: "NUL query", send: get("query=%00") },
    { label: "NUL inside the query", send: get("query=ros%00si") },
    { label: "NUL in another parameter", send: get("query=a&role=%00") },
    { label: "offset beyond the integer range", send: get(`offset=${BIG}`) },
    { label: "offset of 20 digits", send: get(`offset=${HUGE}`) },
    { label: "negative offset", send: get("offset=-1") },
    { label: "limit of 20 digits", send: get(`limit=${HUGE}`) },
    { label: "limit not a number", send: get("limit=abc") },
    { label: "query too long", send: get(`query=${"x".repeat(300)}`) },
  ];
}

const CSV = "Ragione sociale;Partita IVA\nAlfa S.r.l.;\n";
const csvFile = (text = CSV) => new Blob([text], { type: "text/csv" });

/** The import calls: multipart with the file in "file" and the options as JSON in "contactImport". */
function importRequests(url: string): BadRequest[] {
  const withOptions = (options: string): Send => (c) => c.json("POST", url, { body: multipart({ file: csvFile(), contactImport: options }) });
  return [
    { label: "file missing", send: post(url, { contactImport: "{}" }) },
    { label: "file as text", send: post(url, { file: CSV }) },
    { label: "NUL in the file's field name", send: (c) => c.json("POST", url, { body: multipart({ [`file${NUL}`]: CSV }) }) },
    { label: "options: broken JSON", send: withOptions("{") },
    { label: "options: an array", send: withOptions("[]") },
    { label: "options: NUL in onExisting", send: withOptions(JSON.stringify({ onExisting: `skip${NUL}` })) },
    { label: "options: NUL in a mapping", send: withOptions(JSON.stringify({ mapping: [`companyName${NUL}`, null] })) },
    { label: "options: NUL in a key", send: withOptions(JSON.stringify({ [`onExisting${NUL}`]: "skip" })) },
    { label: "options: mapping not a list", send: withOptions(JSON.stringify({ mapping: "companyName" })) },
    { label: "options: a number in the mapping", send: withOptions(JSON.stringify({ mapping: [BIG, null] })) },
    { label: "options: onExisting of the wrong type", send: withOptions(JSON.stringify({ onExisting: 5 })) },
    { label: "options: defaultRole of the wrong type", send: withOptions(JSON.stringify({ defaultRole: ["CUSTOMER"] })) },
    { label: "broken JSON body", send: postRaw(url, "{", "application/json") },
    { label: "a body that is no form", send: postRaw(url, "file=x", "text/plain") },
    { label: "a NUL in a cell", send: (c) => c.json("POST", url, { body: multipart({ file: csvFile(`Ragione sociale;Note\nAlfa${NUL} S.r.l.;x${NUL}y\n`) }) }) },
    { label: "a NUL in a header", send: (c) => c.json("POST", url, { body: multipart({ file: csvFile(`Ragione${NUL} sociale;Note\nAlfa S.r.l.;x\n`) }) }) },
  ];
}

/** change-row-colors: the table, the ids and the colour as form fields. */
function rowColorRequests(url: string): BadRequest[] {
  const recolour = (fields: Record<string, string>) => post(url, { table: "field_values", ids: "1", color: "#ffcc00", ...fields });
  return [
    { label: "id beyond the integer range", send: recolour({ ids: String(BIG) }) },
    { label: "an id of 20 digits among others", send: recolour({ ids: `1,${HUGE}` }) },
    { label: "ids not numbers", send: recolour({ ids: "1,abc" }) },
    { label: "negative id", send: recolour({ ids: "-1" }) },
    { label: "no ids", send: recolour({ ids: "" }) },
    { label: "NUL in the ids", send: recolour({ ids: `1${NUL}2` }) },
    { label: "NUL in the table", send: recolour({ table: `field_values${NUL}` }) },
    { label: "NUL in the colour", send: recolour({ color: `#ffcc0${NUL}` }) },
    { label: "colour not a colour", send: recolour({ color: "red;drop" }) },
    { label: "JSON body: wrong types", send: postRaw(url, JSON.stringify({ table: 5, ids: [1, 2], color: null }), "application/json") },
    { label: "JSON body: an id beyond the range", send: postRaw(url, JSON.stringify({ table: "field_values", ids: String(BIG), color: "#ffcc00" }), "application/json") },
    { label: "broken JSON body", send: postRaw(url, "{", "application/json") },
  ];
}

/** A row operation's selected ids (a comma list in the form field ids). */
function idListRequests(url: string): BadRequest[] {
  return [
    { label: "id beyond the integer range", send: post(url, { ids: String(BIG) }) },
    { label: "an id of 20 digits among others", send: post(url, { ids: `1,${HUGE}` }) },
    { label: "ids not numbers", send: post(url, { ids: "1,abc" }) },
    { label: "negative id", send: post(url, { ids: "-1" }) },
    { label: "no ids", send: post(url, { ids: "" }) },
    { label: "ids missing", send: post(url, {}) },
    { label: "NUL in the ids", send: post(url, { ids: `1${NUL}2` }) },
    { label: "broken JSON body", send: postRaw(url, "{", "application/json") },
  ];
}

// ---- the routes

const NEW_PASSWORD = "nuova12345";
const PASSWORD_LINK = { token: "t".repeat(43), passwordFirst: NEW_PASSWORD, passwordSecond: NEW_PASSWORD };

const ROUTES: RouteDeclaration[] = [
  {
    route: "POST /api/users/set-profile",
    as: "admin",
    requests: () => jsonFieldRequests("/api/users/set-profile", "user", { firstName: "Anna", lastName: "Verdi", color: "#fde2e4", version: 0 }),
    state: async ({ admin }) => (await admin.get("/api/users/get-profile")).body.user,
  },
  {
    route: "POST /api/tenants/post-actual",
    as: "admin",
    // the fields the form sends (the answer carries a few read-only ones besides)
    requests: ({ tenant }) =>
      jsonFieldRequests("/api/tenants/post-actual", "tenant", Object.fromEntries(Object.keys(tenantSettingsSchema.shape).map((k) => [k, tenant[k]])), { money: ["hourlyPrice", "stampAmount"] }),
    state: async ({ admin }) => (await admin.get("/api/tenants/get-actual")).body.tenant,
  },
  {
    route: "POST /api/users/change-my-password",
    as: "admin",
    requests: () => jsonFieldRequests("/api/users/change-my-password", "passwordChangeAskMyDTO", { passwordActual: "prova1234", passwordFirst: NEW_PASSWORD, passwordSecond: NEW_PASSWORD }),
    // the session that asked lives on, and so does the password
    state: async ({ admin }) => (await admin.get("/api/me")).status,
  },
  { route: "POST /api/sign-in", as: "anonymous", requests: () => jsonFieldRequests("/api/sign-in", "passwordSet", PASSWORD_LINK) },
  { route: "POST /api/reset-password-two", as: "anonymous", requests: () => jsonFieldRequests("/api/reset-password-two", "passwordReset", PASSWORD_LINK) },
  // the sign-up's address confirmation (issue 29): a made-up token confirms nobody
  { route: "POST /api/confirm-email", as: "anonymous", requests: () => jsonFieldRequests("/api/confirm-email", "confirmEmail", { token: "t".repeat(43) }) },
  {
    route: "POST /api/contacts/import/preview",
    as: "admin",
    requests: () => importRequests("/api/contacts/import/preview"),
    state: ({ admin }) => countRows(admin, "/api/contacts"),
  },
  {
    route: "POST /api/contacts/import/commit",
    as: "admin",
    requests: () => importRequests("/api/contacts/import/commit"),
    state: ({ admin }) => countRows(admin, "/api/contacts"),
  },
  {
    route: "POST /api/invoice-sectionals/disable/{id}",
    as: "admin",
    requests: () => idRequests((id) => `/api/invoice-sectionals/disable/${id}`),
    state: async ({ admin }) => (await admin.get("/api/invoice-sectionals")).body,
  },
  {
    route: "POST /api/invoice-sectionals/enable/{id}",
    as: "admin",
    requests: () => idRequests((id) => `/api/invoice-sectionals/enable/${id}`),
    state: async ({ admin }) => (await admin.get("/api/invoice-sectionals")).body,
  },
  {
    route: "POST /api/row-colors/change-row-colors",
    as: "admin",
    requests: () => rowColorRequests("/api/row-colors/change-row-colors"),
    state: async ({ admin }) => (await admin.get("/api/field-values?fieldName=title&startRow=0&limit=1000")).body.data,
  },
  {
    route: "POST /api/users/disable/{id}",
    as: "admin",
    requests: () => idRequests((id) => `/api/users/disable/${id}`),
    state: async ({ admin }) => (await admin.get("/api/users?startRow=0&limit=100")).body.data,
  },
  {
    route: "POST /api/users/enable/{id}",
    as: "admin",
    requests: () => idRequests((id) => `/api/users/enable/${id}`),
    state: async ({ admin }) => (await admin.get("/api/users?startRow=0&limit=100")).body.data,
  },
  {
    route: "POST /api/users/resend-invitation/{id}",
    as: "admin",
    requests: () => idRequests((id) => `/api/users/resend-invitation/${id}`),
    state: async ({ admin }) => (await admin.get("/api/users?startRow=0&limit=100")).body.data,
  },
  {
    route: "GET /api/field-values/get-filtered-list/{fieldName}",
    as: "admin",
    requests: () => [
      ...listRequests("/api/field-values/get-filtered-list/title"),
      { label: "NUL in the list's name", send: (c) => c.get("/api/field-values/get-filtered-list/title%00") },
    ],
  },
  {
    route: "GET /api/activities/get-unfinished",
    as: "admin",
    requests: () => listRequests("/api/activities/get-unfinished"),
  },
  {
    route: "POST /api/activities/mark-finished",
    as: "admin",
    requests: () => idListRequests("/api/activities/mark-finished"),
    state: async ({ admin }) => (await admin.get("/api/activities?startRow=0&limit=1000")).body.data,
  },
  {
    route: "POST /api/time-entries/time-entry-start/{activityId}",
    as: "admin",
    requests: () => idRequests((id) => `/api/time-entries/time-entry-start/${id}`),
    state: async ({ admin }) => (await admin.get("/api/time-entries/time-entry-get")).body,
  },
  // the documents' own calls with an id in the path
  ...["set-state", "download-electronic-invoice-xml", "convert", "credit-note", "duplicate"].map(
    (call): RouteDeclaration => ({
      route: `POST /api/invoices/${call}/{id}`,
      as: "admin",
      requests: () => idRequests((id) => `/api/invoices/${call}/${id}`),
      state: ({ admin }) => countRows(admin, "/api/invoices"),
    }),
  ),
  {
    route: "GET /api/invoices/download-pdf/{id}",
    as: "admin",
    requests: () => idRequests((id) => `/api/invoices/download-pdf/${id}`, "GET"),
  },
  {
    route: "GET /api/invoices/create-from-activities",
    as: "admin",
    requests: () => [
      ...idRequests((id) => `/api/invoices/create-from-activities?ids=${id}`, "GET"),
      { label: "an id of 20 digits among others", send: (c) => c.get(`/api/invoices/create-from-activities?ids=1,${HUGE}`) },
      { label: "empty id in the list", send: (c) => c.get("/api/invoices/create-from-activities?ids=1,,2") },
      { label: "no ids", send: (c) => c.get("/api/invoices/create-from-activities") },
    ],
  },
  {
    route: "GET /api/invoices/get-file/{id}/files/{fileId}",
    as: "admin",
    requests: () => [...idRequests((id) => `/api/invoices/get-file/${id}/files/1`, "GET"), ...idRequests((id) => `/api/invoices/get-file/1/files/${id}`, "GET")],
  },
  {
    route: "POST /api/invoices (files)",
    as: "admin",
    requests: () => {
      const inv = (files: unknown) => JSON.stringify({ kind: "INVOICE", date: "2026-03-02", contact: { id: 1 }, rows: [], files });
      const parts =
        (...p: [string, string | Blob][]): Send =>
        (c) => {
          const fd = new FormData();
          for (const [k, v] of p) {
            if (v instanceof Blob) fd.append(k, v, "f.bin");
            else fd.append(k, v);
          }
          return c.json("POST", "/api/invoices", { body: fd });
        };
      return [
        { label: "file part before the JSON", send: parts(["filesContent[0]", new Blob(["x"])], ["invoice", inv([{ name: "a" }])]) },
        { label: "file part without its row", send: parts(["invoice", inv([])], ["filesContent[0]", new Blob(["x"])]) },
        { label: "file index of 5 digits", send: parts(["invoice", inv([{ name: "a" }])], ["filesContent[99999]", new Blob(["x"])]) },
        { label: "the same index twice", send: parts(["invoice", inv([{ name: "a" }])], ["filesContent[0]", new Blob(["x"])], ["filesContent[0]", new Blob(["y"])]) },
        { label: "files of the wrong type", send: parts(["invoice", inv("x")]) },
        { label: "file id beyond the integer range", send: parts(["invoice", inv([{ id: BIG, name: "a" }])]) },
        { label: "NUL in a file name", send: parts(["invoice", inv([{ name: `a${NUL}b` }])]) },
        { label: "multipart without boundary", send: postRaw("/api/invoices", "x", "multipart/form-data") },
        { label: "truncated multipart", send: postRaw("/api/invoices", '--x\r\nContent-Disposition: form-data; name="invoice"\r\n\r\n{', "multipart/form-data; boundary=x") },
      ];
    },
    state: ({ admin }) => countRows(admin, "/api/invoices"),
  },
  { route: "GET /api/invoices/send-email/{id}", as: "admin", requests: () => idRequests((id) => `/api/invoices/send-email/${id}`, "GET") },
  {
    route: "POST /api/invoices/send-email/{id}",
    as: "admin",
    requests: () => [
      ...idRequests((id) => `/api/invoices/send-email/${id}`),
      ...jsonFieldRequests("/api/invoices/send-email/1", "sendEmail", { email: "a@example.it", cc: "", bcc: "", subject: "S", body: "B", attachXml: false, version: 0 }),
    ],
    state: ({ admin }) => countRows(admin, "/api/invoices"),
  },
  {
    route: "POST /api/invoices/download-xml-zip",
    as: "admin",
    requests: () => [
      ...idListRequests("/api/invoices/download-xml-zip"),
      { label: "ids as a JSON array with a text", send: post("/api/invoices/download-xml-zip", { ids: '[1,"x"]' }) },
      { label: "ids as broken JSON", send: post("/api/invoices/download-xml-zip", { ids: "[1," }) },
      { label: "ids as a nested array", send: post("/api/invoices/download-xml-zip", { ids: "[[1]]" }) },
      { label: "more than 5,000 ids", send: post("/api/invoices/download-xml-zip", { ids: JSON.stringify(Array.from({ length: 5001 }, (_, i) => i + 1)) }) },
    ],
    state: ({ admin }) => countRows(admin, "/api/invoices"),
  },
  // the purchase invoices' own calls
  {
    route: "POST /api/expenses/duplicate/{id}",
    as: "admin",
    requests: () => idRequests((id) => `/api/expenses/duplicate/${id}`),
    state: ({ admin }) => countRows(admin, "/api/expenses"),
  },
  ...["download-electronic-invoice-xml-file", "download-electronic-invoice-original-file"].map(
    (call): RouteDeclaration => ({ route: `GET /api/expenses/${call}/{id}`, as: "admin", requests: () => idRequests((id) => `/api/expenses/${call}/${id}`, "GET") }),
  ),
  {
    route: "GET /api/expenses/get-file/{id}/files/{fileId}",
    as: "admin",
    requests: () => [...idRequests((id) => `/api/expenses/get-file/${id}/files/1`, "GET"), ...idRequests((id) => `/api/expenses/get-file/1/files/${id}`, "GET")],
  },
  {
    route: "POST /api/expenses/get-calculated-fields",
    as: "admin",
    // taxable is money (cents in a bigint): beyond 10^15, not beyond 2^31
    requests: () => jsonFieldRequests("/api/expenses/get-calculated-fields", "expense", { documentDate: "2026-03-02", taxable: 100 }, { money: ["taxable"] }),
  },
  {
    route: "POST /api/expenses/import",
    as: "admin",
    requests: () => {
      const parts =
        (...p: [string, string | Blob][]): Send =>
        (c) => {
          const fd = new FormData();
          for (const [k, v] of p) {
            if (v instanceof Blob) fd.append(k, v, "fattura.xml");
            else fd.append(k, v);
          }
          return c.json("POST", "/api/expenses/import", { body: fd });
        };
      return [
        { label: "no files", send: parts() },
        { label: "files as a text field", send: parts(["files", "<xml/>"]) },
        { label: "a file in another field", send: parts(["file", new Blob(["<xml/>"])]) },
        { label: "a JSON body", send: postRaw("/api/expenses/import", "{}", "application/json") },
        { label: "broken multipart", send: postRaw("/api/expenses/import", '--x\r\nContent-Disposition: form-data; name="files"; filename="a.xml"\r\n\r\n<', "multipart/form-data; boundary=x") },
      ];
    },
    state: ({ admin }) => countRows(admin, "/api/expenses"),
  },
  // the Scadenziario
  {
    // a grid list (not an option list): its own parameters, as addedParams or plain, and the list contract's
    route: "GET /api/deadlines",
    as: "admin",
    requests: () => {
      const get = (query: string): Send => (c) => c.get(`/api/deadlines?${query}`);
      const added = (p: Record<string, unknown>) => get(`addedParams=${encodeURIComponent(JSON.stringify(p))}`);
      return [
        { label: "an unknown direction", send: added({ direction: "SIDEWAYS" }) },
        { label: "an unknown state", send: added({ state: "Forse" }) },
        { label: "an unknown period", send: added({ period: "domani" }) },
        { label: "a range date that is no date", send: added({ period: "range", from: "2026-13-45" }) },
        { label: "a range the wrong way round", send: added({ period: "range", from: "2026-05-01", to: "2026-01-01" }) },
        { label: "NUL in a parameter", send: added({ direction: `IN${NUL}` }) },
        { label: "addedParams not JSON", send: get("addedParams=%7B") },
        { label: "startRow of 20 digits", send: get(`startRow=${HUGE}`) },
        { label: "limit not a number", send: get("limit=abc") },
        { label: "an unknown sort column", send: get(`sortModel=${encodeURIComponent(JSON.stringify([{ colId: "nope", sort: "asc" }]))}`) },
      ];
    },
  },
  {
    route: "POST /api/deadlines/set-state/{id}",
    as: "admin",
    requests: () => [
      ...idRequests((id) => `/api/deadlines/set-state/${id}`),
      ...jsonFieldRequests("/api/deadlines/set-state/1", "deadline", { deadlineState: "Saldato", paymentDate: "2026-01-01", version: 0 }),
    ],
    state: ({ admin }) => countRows(admin, "/api/deadlines"),
  },
  { route: "GET /api/deadlines/send-reminder/{id}", as: "admin", requests: () => idRequests((id) => `/api/deadlines/send-reminder/${id}`, "GET") },
  // Banca (issue 32)
  { route: "GET /api/bank-movements/suggestions/{id}", as: "admin", requests: () => idRequests((id) => `/api/bank-movements/suggestions/${id}`, "GET") },
  {
    route: "POST /api/bank-movements/match/{id}",
    as: "admin",
    requests: () => [...idRequests((id) => `/api/bank-movements/match/${id}`), ...jsonFieldRequests("/api/bank-movements/match/1", "match", { deadlines: [{ id: 1, amount: 100 }], version: 0 })],
    state: ({ admin }) => countRows(admin, "/api/bank-movements"),
  },
  ...["unmatch", "no-document"].map(
    (call): RouteDeclaration => ({
      route: `POST /api/bank-movements/${call}/{id}`,
      as: "admin",
      // the field is optional (a version check when given): without it the call is a plain one
      requests: () => [...idRequests((id) => `/api/bank-movements/${call}/${id}`), ...jsonFieldRequests(`/api/bank-movements/${call}/1`, "match", { version: 0 }).filter((r) => r.label !== "field missing")],
      state: ({ admin }) => countRows(admin, "/api/bank-movements"),
    }),
  ),
  ...["import", "import-headers"].map(
    (call): RouteDeclaration => ({
      route: `POST /api/bank-movements/${call}`,
      as: "admin",
      requests: () => jsonFieldRequests(`/api/bank-movements/${call}`, "bankAccount", { id: 1 }),
      state: ({ admin }) => countRows(admin, "/api/bank-movements"),
    }),
  ),
  // the SDI channel (issue 31)
  {
    route: "POST /api/invoices/send-sdi/{id}",
    as: "admin",
    requests: () => idRequests((id) => `/api/invoices/send-sdi/${id}`),
    state: async ({ admin }) => (await admin.get("/api/invoices?startRow=0&limit=1000")).body.data,
  },
  {
    route: "POST /api/invoices/sdi-notifications",
    as: "admin",
    requests: () => {
      const url = "/api/invoices/sdi-notifications";
      const receipt = '<?xml version="1.0"?><ns3:RicevutaConsegna xmlns:ns3="http://www.fatturapa.gov.it/sdi/messaggi/v1.0"/>';
      const parts =
        (...p: [string, string | Blob][]): Send =>
        (c) => {
          const fd = new FormData();
          for (const [k, v] of p) {
            if (v instanceof Blob) fd.append(k, v, "IT01234567897_00001_RC_001.xml");
            else fd.append(k, v);
          }
          return c.json("POST", url, { body: fd });
        };
      return [
        { label: "no files", send: parts() },
        { label: "files as a text field", send: parts(["files", receipt]) },
        { label: "a file in another field", send: parts(["file", new Blob([receipt])]) },
        { label: "NUL in the files' field name", send: parts([`files${NUL}`, new Blob([receipt])]) },
        { label: "a text field besides the files", send: parts(["files", new Blob([receipt])], ["note", "x"]) },
        { label: "an empty file part", send: (c) => c.json("POST", url, { body: (() => { const fd = new FormData(); fd.append("files", new Blob([]), ""); return fd; })() }) },
        { label: "a JSON body", send: postRaw(url, JSON.stringify({ files: [receipt] }), "application/json") },
        { label: "broken JSON body", send: postRaw(url, "{", "application/json") },
        { label: "multipart without boundary", send: postRaw(url, "x", "multipart/form-data") },
        { label: "truncated multipart", send: postRaw(url, '--x\r\nContent-Disposition: form-data; name="files"; filename="a.xml"\r\n\r\n<', "multipart/form-data; boundary=x") },
      ];
    },
    state: async ({ admin }) => (await admin.get("/api/invoices?startRow=0&limit=1000")).body.data,
  },
  {
    route: "POST /api/sdi-inbox/check",
    as: "admin",
    // the route reads no body: without a mailbox configured every call is refused, whatever it carries
    requests: () => [
      { label: "no mailbox configured", send: (c) => c.json("POST", "/api/sdi-inbox/check") },
      { label: "broken JSON body", send: postRaw("/api/sdi-inbox/check", "{", "application/json") },
      { label: "a NUL in the body", send: postRaw("/api/sdi-inbox/check", JSON.stringify({ x: NUL }), "application/json") },
    ],
    state: async ({ admin }) => (await admin.get("/api/sdi-inbox?all=1")).body.messages,
  },
  {
    route: "GET /api/sdi-inbox/file/{id}/{index}",
    as: "admin",
    requests: () => [
      ...idRequests((id) => `/api/sdi-inbox/file/${id}/0`, "GET"),
      ...["99999", "-1", "1.5", "1e3", "abc", "%00", "1%00"].map((index): BadRequest => ({ label: `index ${index}`, send: (c) => c.get(`/api/sdi-inbox/file/1/${index}`) })),
    ],
  },
  {
    route: "POST /api/sdi-channel/settings",
    as: "admin",
    requests: () => {
      const url = "/api/sdi-channel/settings";
      const server = (port: number) => ({ host: "pec.example.it", port, secure: true, user: "fatture@pec.example.it", password: "" });
      const valid = { pec: "fatture@pec.example.it", smtp: server(465), imap: server(993), sdiAddress: "sdi01@pec.fatturapa.it" };
      const nested = (label: string, smtp: Record<string, unknown>): BadRequest => ({ label, send: post(url, { settings: JSON.stringify({ ...valid, smtp: { ...valid.smtp, ...smtp } }) }) });
      return [
        ...jsonFieldRequests(url, "settings", valid),
        nested("port beyond the integer range", { port: BIG }),
        nested("port of 20 digits", { port: HUGE }),
        nested("port 0", { port: 0 }),
        nested("port not a number", { port: "abc" }),
        nested("NUL in the host", { host: `pec${NUL}.example.it` }),
        nested("a host with a space", { host: "pec example.it" }),
        nested("secure of the wrong type", { secure: "no" }),
        nested("a password of 501 characters", { password: "x".repeat(501) }),
        nested("NUL in the password", { password: `a${NUL}b` }),
        { label: "an address that is no address", send: post(url, { settings: JSON.stringify({ ...valid, pec: "fatture" }) }) },
      ];
    },
    state: async ({ admin }) => (await admin.get("/api/sdi-channel/settings")).body.settings,
  },
  {
    route: "POST /api/sdi-channel/certificate",
    as: "admin",
    requests: () => {
      const url = "/api/sdi-channel/certificate";
      const parts =
        (...p: [string, string | Blob][]): Send =>
        (c) => {
          const fd = new FormData();
          for (const [k, v] of p) {
            if (v instanceof Blob) fd.append(k, v, "firma.p12");
            else fd.append(k, v);
          }
          return c.json("POST", url, { body: fd });
        };
      const notP12 = () => new Blob([new Uint8Array([0x30, 0x82, 0x01, 0x00, 0x02, 0x01, 0x03])]);
      return [
        { label: "no certificate", send: parts(["password", "segreta"]) },
        { label: "the certificate as text", send: parts(["certificate", "MIIB"], ["password", "segreta"]) },
        { label: "an empty certificate", send: parts(["certificate", new Blob([])], ["password", "segreta"]) },
        { label: "no password", send: parts(["certificate", notP12()]) },
        { label: "NUL in the password", send: parts(["certificate", notP12()], ["password", `a${NUL}b`]) },
        { label: "NUL in the certificate's field name", send: parts([`certificate${NUL}`, notP12()], ["password", "segreta"]) },
        { label: "bytes that are no PKCS#12", send: parts(["certificate", notP12()], ["password", "segreta"]) },
        { label: "a JSON body", send: postRaw(url, JSON.stringify({ certificate: "MIIB", password: "segreta" }), "application/json") },
        { label: "broken JSON body", send: postRaw(url, "{", "application/json") },
        { label: "truncated multipart", send: postRaw(url, '--x\r\nContent-Disposition: form-data; name="certificate"; filename="a.p12"\r\n\r\n0', "multipart/form-data; boundary=x") },
      ];
    },
    state: async ({ admin }) => (await admin.get("/api/sdi-channel/settings")).body.settings,
  },
  {
    route: "POST /api/sdi-channel/test-connection",
    as: "admin",
    // the field is optional (without it the saved settings are tried, and the servers' failures are results, not
    // errors): its bad values are refused before any server is reached
    requests: () => {
      const server = (port: number) => ({ host: "pec.example.it", port, secure: true, user: "fatture@pec.example.it", password: "" });
      const valid = { pec: "fatture@pec.example.it", smtp: server(465), imap: server(993), sdiAddress: "sdi01@pec.fatturapa.it" };
      return [
        ...jsonFieldRequests("/api/sdi-channel/test-connection", "settings", valid).filter((r) => r.label !== "field missing"),
        { label: "port beyond the integer range", send: post("/api/sdi-channel/test-connection", { settings: JSON.stringify({ ...valid, imap: { ...valid.imap, port: BIG } }) }) },
        { label: "NUL in the host", send: post("/api/sdi-channel/test-connection", { settings: JSON.stringify({ ...valid, imap: { ...valid.imap, host: `a${NUL}` } }) }) },
      ];
    },
    state: async ({ admin }) => (await admin.get("/api/sdi-channel/settings")).body.settings,
  },
  {
    route: "POST /api/deadlines/send-reminder/{id}",
    as: "admin",
    requests: () => [
      ...idRequests((id) => `/api/deadlines/send-reminder/${id}`),
      ...jsonFieldRequests("/api/deadlines/send-reminder/1", "reminder", { email: "a@example.it", cc: "", subject: "S", body: "B", version: 0 }),
    ],
  },
  {
    route: "GET /api/agenda-events?start=&end= (the calendar's range)",
    as: "admin",
    requests: () => {
      const get = (params: Record<string, string>): Send => (c) => c.get(`/api/agenda-events?${new URLSearchParams(params)}`);
      return [
        { label: "NUL in start", send: get({ start: `2026-01-01${NUL}`, end: "2026-01-08" }) },
        { label: "no end", send: get({ start: "2026-01-01" }) },
        { label: "year 0", send: get({ start: "0000-01-01", end: "0000-01-08" }) },
        { label: "year 10000", send: get({ start: "10000-01-01", end: "10000-01-08" }) },
        { label: "a day that does not exist", send: get({ start: "2026-02-30", end: "2026-03-02" }) },
        { label: "a range the wrong way round", send: get({ start: "2026-02-08", end: "2026-02-01" }) },
        { label: "a range of a year", send: get({ start: "2026-01-01", end: "2027-01-01" }) },
        { label: "participant beyond the integer range", send: get({ start: "2026-01-01", end: "2026-01-08", participant: String(BIG) }) },
        { label: "participant of 20 digits", send: get({ start: "2026-01-01", end: "2026-01-08", participant: HUGE }) },
        { label: "participant not a number", send: get({ start: "2026-01-01", end: "2026-01-08", participant: "abc" }) },
      ];
    },
  },
  { route: "GET /api/calendar/{token}.ics", as: "anonymous", requests: () => [{ label: "NUL in the token", send: (c) => c.get("/api/calendar/abc%00.ics") }] },
  // Impegni and the bell
  {
    route: "GET /api/todos (addedParams done)",
    as: "admin",
    requests: () => {
      const added = (p: Record<string, unknown>): Send => (c) => c.get(`/api/todos?addedParams=${encodeURIComponent(JSON.stringify(p))}`);
      return [
        { label: "done 2", send: added({ done: 2 }) },
        { label: "done as text", send: added({ done: "forse" }) },
        { label: "done a list", send: added({ done: [0] }) },
        { label: "NUL in done", send: added({ done: `0${NUL}` }) },
      ];
    },
  },
  {
    route: "POST /api/todos/set-done/{id}",
    as: "admin",
    requests: () => [
      ...idRequests((id) => `/api/todos/set-done/${id}`),
      { label: "broken JSON", send: post("/api/todos/set-done/1", { todo: "{" }) },
      { label: "version beyond the integer range", send: post("/api/todos/set-done/1", { todo: JSON.stringify({ version: BIG }) }) },
      { label: "version of the wrong type", send: post("/api/todos/set-done/1", { todo: JSON.stringify({ version: "x" }) }) },
      { label: "NUL in a key", send: post("/api/todos/set-done/1", { todo: JSON.stringify({ [`version${NUL}`]: 0 }) }) },
      { label: "broken JSON body", send: postRaw("/api/todos/set-done/1", "{", "application/json") },
    ],
    state: ({ admin }) => countRows(admin, "/api/todos?addedParams=%7B%22done%22%3A1%7D"),
  },
  { route: "GET /api/todos/assignees", as: "admin", requests: () => listRequests("/api/todos/assignees") },
  { route: "GET /api/planned-operations/runs/{id}", as: "admin", requests: () => idRequests((id) => `/api/planned-operations/runs/${id}`, "GET") },
  {
    route: "POST /api/planned-operations/run-now/{id}",
    as: "admin",
    // the route reads no body: its ids are its input
    requests: () => idRequests((id) => `/api/planned-operations/run-now/${id}`),
    state: ({ admin }) => countRows(admin, "/api/invoices"),
  },
  {
    route: "POST /api/notifications/read",
    as: "admin",
    requests: () => [
      { label: "nothing named", send: post("/api/notifications/read", {}) },
      { label: "ids not numbers", send: post("/api/notifications/read", { ids: "1,abc" }) },
      { label: "id beyond the integer range", send: post("/api/notifications/read", { ids: String(BIG) }) },
      { label: "an id of 20 digits", send: post("/api/notifications/read", { ids: HUGE }) },
      { label: "negative id", send: post("/api/notifications/read", { ids: "-1" }) },
      { label: "NUL in the ids", send: post("/api/notifications/read", { ids: `1${NUL}2` }) },
      { label: "JSON body: ids of the wrong type", send: postRaw("/api/notifications/read", JSON.stringify({ ids: { a: 1 } }), "application/json") },
      { label: "JSON body: an id beyond the range", send: postRaw("/api/notifications/read", JSON.stringify({ ids: [BIG] }), "application/json") },
      { label: "broken JSON body", send: postRaw("/api/notifications/read", "{", "application/json") },
    ],
  },
  // Statistiche: the filters of every report (GET /api/reports/{type}?filters=<JSON>, and its export)
  ...["ReportInvoiceManager", "ReportTimeEntryManager", "ReportWorkManager", "ReportTodoManager"].flatMap((type) =>
    ["", "/export"].map(
      (suffix): RouteDeclaration => ({
        route: `GET /api/reports/${type}${suffix}`,
        as: "admin",
        requests: () => {
          const get = (filters: string): Send => (c) => c.get(`/api/reports/${type}${suffix}?filters=${encodeURIComponent(filters)}`);
          const json = (f: Record<string, unknown>) => get(JSON.stringify(f));
          return [
            { label: "broken JSON", send: get("{") },
            { label: "an array", send: get("[]") },
            { label: "a number", send: get("42") },
            { label: "NUL in the filters", send: get(`{"preset":"Anno${NUL}"}`) },
            { label: "an unknown preset", send: json({ preset: "Domani" }) },
            { label: "a preset of the wrong type", send: json({ preset: 1 }) },
            { label: "a range without dates", send: json({ preset: "Intervallo" }) },
            { label: "a day that does not exist", send: json({ preset: "Intervallo", from: "2025-02-30", to: "2025-03-01" }) },
            { label: "year 10000", send: json({ preset: "Intervallo", from: "2025-01-01", to: "10000-01-01" }) },
            { label: "a range the wrong way round", send: json({ preset: "Intervallo", from: "2025-03-01", to: "2025-01-01" }) },
            { label: "a range of twenty years", send: json({ preset: "Intervallo", from: "2005-01-01", to: "2025-01-01" }) },
            { label: "an unknown filter", send: json({ colour: "rosso" }) },
            { label: "customer beyond the integer range", send: json({ customer: { id: BIG } }) },
            { label: "customer of 20 digits", send: json({ customer: { id: Number(HUGE) } }) },
            { label: "customer of the wrong type", send: json({ customer: "Rossi" }) },
            { label: "a customer that does not exist", send: json({ customer: { id: BIG - 1 } }) },
          ];
        },
      }),
    ),
  ),
  { route: "GET /api/report-filters/init", as: "admin", requests: () => [{ label: "NUL in the type", send: (c) => c.get("/api/report-filters/init?type=Report%00") }] },
  // the subscription purchase (the operator's calls need a configured operator: tests/api/subscription-orders.test.ts)
  { route: "GET /api/subscription/purchase-data/{id}", as: "admin", requests: () => idRequests((id) => `/api/subscription/purchase-data/${id}`, "GET") },
  {
    route: "POST /api/subscription/orders",
    as: "admin",
    requests: () =>
      jsonFieldRequests("/api/subscription/orders", "order", {
        subscriptionId: 4,
        billing: { denomination: "Input Rotte", vat: "01234567897", fiscalCode: "", address: "Via Roma 1", postalCode: "40121", city: "Bologna", province: "BO", pec: "", sdiCode: "" },
      }),
    state: async ({ admin }) => (await admin.get("/api/subscription/orders")).body.orders,
  },
  // every entity's option list (the ajax selects)
  ...ENTITIES.filter((e) => e.selectable).map(
    (e): RouteDeclaration => ({ route: `GET ${e.api.url}/get-filtered-list`, as: "admin", requests: () => listRequests(`${e.api.url}/get-filtered-list`) }),
  ),
];

describe("bad input over the routes", () => {
  const ctx = {} as Context;

  beforeAll(async () => {
    ctx.admin = (await signUpTenant("Input Rotte")).client;
    ctx.anonymous = new Client();
    ctx.tenant = (await ctx.admin.get("/api/tenants/get-actual")).body.tenant;
  });

  it.each(ROUTES.map((r) => [r.route, r] as const))("%s: every bad request is a 4xx with an Italian message and changes nothing", async (_route, declaration) => {
    const before = await declaration.state?.(ctx);
    const client = declaration.as === "admin" ? ctx.admin : ctx.anonymous;
    const requests = declaration.requests(ctx);
    expect(requests.length).toBeGreaterThan(0);
    const answers: string[] = [];
    const wrong: string[] = [];
    for (const { label, send } of requests) {
      const r = await send(client);
      const message: unknown = r.body.message;
      answers.push(`${label}: ${r.status} ${String(message)}`);
      const refused =
        r.status === 400 &&
        r.body.status === "error" &&
        typeof message === "string" &&
        message !== DATABASE_REFUSAL &&
        ITALIAN.test(message) &&
        !ENGLISH.test(message);
      if (!refused) wrong.push(`${label}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
    }
    expect(wrong, answers.join("\n")).toEqual([]);
    if (declaration.state) expect(await declaration.state(ctx)).toEqual(before);
  });
});
