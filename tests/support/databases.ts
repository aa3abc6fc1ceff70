/**
 * Throw-away databases for tests: an embedded PGlite (default) or a fresh database on the
 * PostgreSQL server named by DATABASE_URL (TEST_DB=postgres). Both get the committed migrations.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { openDatabase, type Database } from "@/db/client";

export type TestDbKind = "pglite" | "postgres";

export function testDbKind(): TestDbKind {
  const k = process.env.TEST_DB ?? "pglite";
  if (k !== "pglite" && k !== "postgres") throw new Error(`TEST_DB sconosciuto: ${k}`);
  if (k === "postgres" && !process.env.DATABASE_URL) throw new Error("TEST_DB=postgres richiede DATABASE_URL");
  return k;
}

export interface TestDatabase {
  kind: TestDbKind;
  /** Env for a server process using this database. */
  env: Record<string, string>;
  open(): Promise<Database>;
  drop(): Promise<void>;
}

export async function createTestDatabase(kind: TestDbKind = testDbKind(), label = "t"): Promise<TestDatabase> {
  if (kind === "pglite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `gestionale-${label}-`));
    return {
      kind,
      env: { PGLITE_DATA_DIR: dir, DATABASE_URL: "" },
      open: () => openDatabase({ url: "", dataDir: dir }),
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.DATABASE_URL!;
  const name = `gestionale_${label}_${process.pid}_${Date.now().toString(36)}`.toLowerCase();
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ url: url.toString() }),
    drop: async () => {
      const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists "${name}" with (force)`);
      await a.end();
    },
  };
}
