import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { type Client, signUpTenant } from "../support/http";
import { countRows, loginBianchi } from "../support/entity-api";

const PREVIEW = "/api/contacts/import/preview";
const COMMIT = "/api/contacts/import/commit";

function upload(bytes: Uint8Array | string, options?: unknown, name = "contatti.csv"): FormData {
  const fd = new FormData();
  fd.set("file", new Blob([typeof bytes === "string" ? new TextEncoder().encode(bytes) : (bytes as BlobPart)]), name);
  if (options !== undefined) fd.set("contactImport", JSON.stringify(options));
  return fd;
}
const post = (c: Client, url: string, bytes: Uint8Array | string, options?: unknown, name?: string) => c.json("POST", url, { body: upload(bytes, options, name) });
const cp1252 = (s: string) => Uint8Array.from([...s].map((ch) => (ch === "€" ? 0x80 : ch.charCodeAt(0))));
const contacts = async (c: Client, search: string) => (await c.get(`/api/contacts?startRow=0&limit=100&search=${encodeURIComponent(search)}`)).body.data as Record<string, any>[];

async function xlsx(rows: ExcelJS.CellValue[][]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Anagrafica");
  for (const r of rows) ws.addRow(r);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

describe("Contact import (POST /api/contacts/import/preview and /commit)", () => {
  let c: Client;
  beforeAll(async () => {
    c = (await signUpTenant("Import S.r.l.")).client;
  });

  it("preview: the detected mapping, the first rows, the report; it writes nothing", async () => {
    const file = ["Ragione sociale;P.IVA;Città;Prov;CAP;E-mail;Colonna ignota", "Alfa Import S.r.l.;02845190376;Bologna;BO;40121;info@alfa.it;x", "Beta Import;12345678901;Roma;RM;00100;;y"].join("\n");
    const r = await post(c, PREVIEW, file);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      status: "ok",
      preview: {
        format: "csv",
        encoding: "UTF-8",
        separator: ";",
        header: ["Ragione sociale", "P.IVA", "Città", "Prov", "CAP", "E-mail", "Colonna ignota"],
        mapping: ["companyName", "vatNumber", "city", "province", "postalCode", "email", null],
        problems: [],
        sample: [
          { row: 2, cells: ["Alfa Import S.r.l.", "02845190376", "Bologna", "BO", "40121", "info@alfa.it", "x"] },
          { row: 3, cells: ["Beta Import", "12345678901", "Roma", "RM", "00100", "", "y"] },
        ],
        total: 2,
        counts: { created: 1, updated: 0, skipped: 0, refused: 1 },
        report: [{ row: 3, messages: ["La partita IVA non è valida (cifra di controllo errata)"] }],
        reportTruncated: false,
      },
    });
    expect(await countRows(c, "/api/contacts")).toBe(0);
  });

  it("commit: valid rows saved, bad rows reported by number with the form's messages; the grid shows them", async () => {
    const lines = ["Ragione sociale;Nome;Cognome;Partita IVA;Codice fiscale;Email;Cliente/Fornitore"];
    for (let i = 1; i <= 18; i++) lines.push(`Ditta ${i} S.r.l.;;;;;ditta${i}@example.it;Cliente`);
    lines.push(";Mario;;;;;Cliente", "Ditta rotta;;;;;non-una-mail;Fornitore");
    const r = await post(c, COMMIT, lines.join("\r\n"));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      status: "ok",
      message: "Importazione completata: 18 creati, 0 aggiornati, 0 saltati, 2 scartati",
      result: {
        created: 18,
        updated: 0,
        skipped: 0,
        refused: 2,
        report: [
          { row: 20, messages: ['Il campo "Cognome" è richiesto'] },
          { row: 21, messages: ["Indirizzo email non corretto"] },
        ],
        reportTruncated: false,
      },
    });
    expect((await contacts(c, "Ditta 1")).length).toBeGreaterThan(0);
    expect(await contacts(c, "Ditta rotta")).toEqual([]);
  });

  it("rows whose VAT number exists are skipped, or updated when asked", async () => {
    const file = "Ragione sociale;Partita IVA;Telefono\nAlfa Import S.r.l.;02845190376;051 1\nGamma Import;12345678903;\n";
    expect((await post(c, COMMIT, file)).body.result).toMatchObject({ created: 2, updated: 0, skipped: 0 });
    expect((await post(c, COMMIT, file)).body.result).toMatchObject({ created: 0, updated: 0, skipped: 2 });
    const upd = await post(c, COMMIT, file.replace("051 1", "051 2"), { onExisting: "update" });
    expect(upd.body.message).toBe("Importazione completata: 0 creati, 2 aggiornati, 0 saltati, 0 scartati");
    expect((await contacts(c, "Alfa Import"))[0]).toMatchObject({ phone: "051 2", version: 1 });
  });

  it("reads UTF-8 with BOM and commas, and Windows-1252 (Excel's CSV on Italian Windows)", async () => {
    const utf8 = await post(c, COMMIT, "\uFEFFNome,Cognome,Città\nNicolò,Pellè,Forlì\n", { defaultRole: "SUPPLIER" });
    expect(utf8.body.result.created).toBe(1);
    expect((await contacts(c, "Pellè"))[0]).toMatchObject({ name: "Pellè Nicolò", city: "Forlì", isCustomer: false, isSupplier: true });
    const ansi = await post(c, PREVIEW, cp1252("Ragione sociale;Città;Note\nCaffè Né S.n.c.;Cantù;costo 5 €\n"));
    expect(ansi.body.preview).toMatchObject({ encoding: "Windows-1252", sample: [{ row: 2, cells: ["Caffè Né S.n.c.", "Cantù", "costo 5 €"] }] });
    expect((await post(c, COMMIT, cp1252("Ragione sociale;Città;Note\nCaffè Né S.n.c.;Cantù;costo 5 €\n"))).body.result.created).toBe(1);
    expect((await contacts(c, "Caffè"))[0]).toMatchObject({ name: "Caffè Né S.n.c.", city: "Cantù" });
  });

  it("reads an XLSX built with exceljs, with the user's mapping", async () => {
    const bytes = await xlsx([
      ["Denominazione", "Partita IVA", "Comune", "Annotazioni"],
      ["Excel S.p.A.", "01234567897", "Parma", "da Excel"],
      ["Excel Due", 1234567897, "Piacenza", ""],
    ]);
    const preview = await post(c, PREVIEW, bytes, undefined, "anagrafica.xlsx");
    expect(preview.body.preview).toMatchObject({ format: "xlsx", sheetName: "Anagrafica", mapping: ["companyName", "vatNumber", "city", "notes"], counts: { created: 2, refused: 0 } });
    // the user leaves the notes out
    const r = await post(c, COMMIT, bytes, { mapping: ["companyName", "vatNumber", "city", null] }, "anagrafica.xlsx");
    expect(r.body.result).toMatchObject({ created: 2, refused: 0 });
    const [excel] = await contacts(c, "Excel S.p.A.");
    expect(excel).toMatchObject({ vatNumber: "01234567897", city: "Parma" });
    expect((await c.get(`/api/contacts/get/${excel!.id}`)).body.contact.notes).toBe("");
    // the number that lost its leading zero is mended, and the check digit still holds
    expect((await contacts(c, "Excel Due"))[0]).toMatchObject({ vatNumber: "01234567897" });
  });

  it("formulas: a CSV cell stays text (and the export neutralises it); an XLSX formula refuses the file", async () => {
    const r = await post(c, COMMIT, 'Ragione sociale;Note\n"=HYPERLINK(""http://x"",""clic"")";@SUM(A1)\n');
    expect(r.body.result.created).toBe(1);
    const [row] = await contacts(c, "HYPERLINK");
    expect(row!.name).toBe('=HYPERLINK("http://x","clic")');
    const csv = await (await c.raw("GET", `/api/contacts/export?format=csv&columns=name&search=HYPERLINK`)).text();
    expect(csv.replace(/^\uFEFF/, "").trim().split("\r\n")).toEqual(["Denominazione", `"'=HYPERLINK(""http://x"",""clic"")"`]);
    const before = await countRows(c, "/api/contacts");
    const formula = await post(c, COMMIT, await xlsx([["Ragione sociale", "Totale"], ["Con formula", { formula: "1+1", result: 2 }]]), undefined, "f.xlsx");
    expect([formula.status, formula.body.message]).toEqual([400, 'Il file contiene formule (foglio "Anagrafica", cella B2): salva il foglio con i soli valori (Copia, Incolla speciale, Valori) e riprova']);
    expect(await countRows(c, "/api/contacts")).toBe(before);
  });

  it("bad files get a clear message and write nothing: not a spreadsheet, empty, a 1 MB cell, 50 MB", async () => {
    const before = await countRows(c, "/api/contacts");
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 1, 0]);
    const cases: [Uint8Array | string, number, string][] = [
      [png, 400, "Il file non è un foglio di calcolo: usa un file CSV (separato da ; , o tabulazione) o Excel (.xlsx)"],
      ["", 400, "Il file è vuoto"],
      ["Ragione sociale;Città\n", 400, "Il file contiene solo l'intestazione: nessuna riga da importare"],
      [`Ragione sociale;Note\nGrande;${"x".repeat(1024 * 1024)}\n`, 400, "La cella B2 contiene più di 5.000 caratteri: non sembra un elenco da importare"],
      [Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 1, 2]), 400, "Il formato Excel 97-2003 (.xls) non è supportato: salva il file come .xlsx o CSV e riprova"],
    ];
    for (const [bytes, status, message] of cases) {
      for (const url of [PREVIEW, COMMIT]) {
        const r = await post(c, url, bytes);
        expect([url, r.status, r.body.message]).toEqual([url, status, message]);
      }
    }
    const huge = await post(c, COMMIT, new Uint8Array(50 * 1024 * 1024).fill(0x41));
    expect([huge.status, huge.body.message]).toEqual([413, "File troppo grande: il limite per l'importazione è di 10 MB"]);
    expect(await countRows(c, "/api/contacts")).toBe(before);
  });

  it("bad requests: no file, a text instead of a file, bad options, a mapping without names", async () => {
    const none = new FormData();
    none.set("contactImport", "{}");
    expect((await c.json("POST", COMMIT, { body: none })).body.message).toBe('Nessun file inviato: scegli un file CSV o Excel (campo "file")');
    const text = new FormData();
    text.set("file", "Ragione sociale\nX");
    expect((await c.json("POST", COMMIT, { body: text })).body.message).toBe('Il campo "file" deve essere un file');
    const bad = await post(c, COMMIT, "Ragione sociale\nX\n", { onExisting: "overwrite", defaultRole: "AGENT" });
    expect([bad.status, bad.body.errors]).toEqual([400, ["Scelta non valida per i contatti già presenti: usare skip o update", "Ruolo predefinito non valido: usare CUSTOMER, SUPPLIER o BOTH"]]);
    expect((await post(c, COMMIT, "Ragione sociale\nX\n", { mapping: ["nonEsiste"] })).body.errors).toEqual(["Abbinamento delle colonne non valido: ricarica il file"]);
    const noName = await post(c, COMMIT, "Città;Telefono\nRoma;06\n");
    expect([noName.status, noName.body.message]).toEqual([400, 'Abbinare una colonna a "Ragione sociale" oppure a "Nome" e "Cognome"']);
  });

  it("imports into the caller's tenant only; a ROLE_USER-only user may import", async () => {
    const luca = await loginBianchi();
    const before = await countRows(c, "/api/contacts");
    const r = await post(luca, COMMIT, `Ragione sociale\nImportata da Luca ${Date.now()}\n`);
    expect(r.body.result.created).toBe(1);
    expect(await countRows(c, "/api/contacts")).toBe(before);
    const [mine] = await contacts(luca, "Importata da Luca");
    expect((await luca.json("DELETE", `/api/contacts/${mine!.id}`)).status).toBe(200);
  });
});
