import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { CORPUS_DIR } from "./__fixtures__/corpus";
import { signP7m } from "./__fixtures__/p7m";

const run = promisify(execFile);
const TSX = path.resolve("node_modules/.bin/tsx");
const CLI = path.resolve("scripts/fatturapa.ts");

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(TSX, [CLI, ...args], { timeout: 30_000 });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

describe("npm run fatturapa", () => {
  it("parse prints one JSON entry per body with the issue's field names", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "fatturapa-"));
    const p7m = path.join(dir, "IT01234567897_00006.xml.p7m");
    const { readFileSync } = await import("node:fs");
    writeFileSync(p7m, await signP7m(readFileSync(path.join(CORPUS_DIR, "lotto-due-fatture.xml"))));
    const r = await cli("parse", p7m);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json).toHaveLength(2);
    expect(json[0]).toMatchObject({
      documentType: "TD01",
      number: "13/A",
      date: "2025-01-15",
      currency: "EUR",
      supplier: { name: "Mario Rossi", vatNumber: "IT12345678903", fiscalCode: "RSSMRA85T10A562S" },
      customer: { name: "Alfa S.r.l.", vatNumber: "IT01234567897", fiscalCode: null },
      taxableAmount: 20800,
      vatAmount: 4576,
      totalAmount: 25376,
      withholdingAmount: 4160,
      stampAmount: 0,
      payments: [{ dueDate: "2025-02-28", amount: 21216, method: "MP05" }],
      attachments: [],
      signature: { signed: true, valid: true },
    });
    expect(json[1].number).toBe("14/A");
  }, 60_000);
  it("parse refuses a hostile file with the Italian reason and a non-zero exit", async () => {
    const r = await cli("parse", path.join(CORPUS_DIR, "billion-laughs.xml"));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("File rifiutato: Il file contiene una dichiarazione DOCTYPE o ENTITY, non ammessa in una fattura elettronica");
    expect(r.stdout).toBe("");
  }, 60_000);
  it("check reports XSD validity and the SDI pre-check", async () => {
    const ok = await cli("check", path.join(CORPUS_DIR, "con-allegato.xml"));
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe("Schema XSD FatturaPA 1.2.3: valido\nControlli SDI: nessun problema rilevato\n");
    const bad = await cli("check", path.join(CORPUS_DIR, "schema-non-valido.xml"));
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/^\[00200\] Il file non è conforme allo schema FatturaPA 1\.2\.3: Element 'FatturaElettronicaHeader'/);
    const usage = await cli("boh");
    expect(usage.code).toBe(2);
  }, 60_000);
});
