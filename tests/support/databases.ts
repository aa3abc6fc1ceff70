/**
 * Throw-away databases for tests: an embedded PGlite (default) or a fresh database on the
 * PostgreSQL server named by DATABASE_URL (TEST_DB=postgres). Both get the committed migrations.
 *
 * The migrations are replayed once per machine and version of drizzle/, not once per database: a migrated
 * template is kept, named after a hash of the migration files, and each test database is a copy of it —
 * `CREATE DATABASE … TEMPLATE` on the server, a copy of the data directory for PGlite (~0.1 s instead of
 * seconds of migrations). Opening a copy still runs the migrator, which finds nothing to apply.
 * Concurrent test workers build a template once (an advisory lock on the server, an atomic rename of the
 * directory for PGlite); templates of other versions of drizzle/ are removed when a new one is made.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { MIGRATIONS_FOLDER, openDatabase, type Database } from "@/db/client";

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

let hash: string | undefined;
/** A short hash of every migration file (names and contents): a new migration makes a new template. Once per process. */
function migrationsHash(): string {
  if (hash) return hash;
  const h = crypto.createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else h.update(path.relative(MIGRATIONS_FOLDER, p)).update("\0").update(fs.readFileSync(p)).update("\0");
    }
  };
  walk(MIGRATIONS_FOLDER);
  hash = h.digest("hex").slice(0, 12);
  return hash;
}

const TEMPLATE_PREFIX = "gestionale_tpl_";
const PGLITE_TEMPLATE_PREFIX = "gestionale-pglite-tpl-";

/** The migrated PGlite data directory to copy, made by the first caller on this machine. */
async function pgliteTemplate(): Promise<string> {
  const template = path.join(os.tmpdir(), PGLITE_TEMPLATE_PREFIX + migrationsHash());
  if (fs.existsSync(path.join(template, "PG_VERSION"))) return template;
  const building = fs.mkdtempSync(path.join(os.tmpdir(), "gestionale-pglite-building-"));
  const database = await openDatabase({ url: "", dataDir: building });
  await database.close();
  try {
    // atomic: another worker that finished first keeps its template, this copy is thrown away
    fs.renameSync(building, template);
    for (const old of fs.readdirSync(os.tmpdir())) {
      if (old.startsWith(PGLITE_TEMPLATE_PREFIX) && path.join(os.tmpdir(), old) !== template) fs.rmSync(path.join(os.tmpdir(), old), { recursive: true, force: true });
    }
  } catch {
    fs.rmSync(building, { recursive: true, force: true });
  }
  return template;
}

/** The migrated template database on the server, made under an advisory lock by the first caller. */
async function postgresTemplate(admin: postgres.Sql, adminUrl: string): Promise<string> {
  const template = TEMPLATE_PREFIX + migrationsHash();
  const exists = async () => (await admin`select 1 from pg_database where datname = ${template}`).length > 0;
  if (await exists()) return template;
  await admin`select pg_advisory_lock(7283402)`;
  try {
    if (await exists()) return template;
    const building = `${template}_b${process.pid}`;
    await admin.unsafe(`drop database if exists "${building}"`);
    await admin.unsafe(`create database "${building}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const database = await openDatabase({ url: url.toString(), directUrl: url.toString() });
    await database.close();
    // renamed once complete: a template is never copied half-migrated
    await admin.unsafe(`alter database "${building}" rename to "${template}"`);
    for (const { datname } of await admin<{ datname: string }[]>`select datname from pg_database where datname like ${TEMPLATE_PREFIX + "%"} and datname <> ${template}`) {
      await admin.unsafe(`drop database if exists "${datname}" with (force)`).catch(() => {});
    }
    return template;
  } finally {
    await admin`select pg_advisory_unlock(7283402)`;
  }
}

export async function createTestDatabase(kind: TestDbKind = testDbKind(), label = "t"): Promise<TestDatabase> {
  if (kind === "pglite") {
    const template = await pgliteTemplate();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `gestionale-${label}-`));
    fs.cpSync(template, dir, { recursive: true });
    return {
      kind,
      env: { PGLITE_DATA_DIR: dir, DATABASE_URL: "" },
      open: () => openDatabase({ url: "", dataDir: dir }),
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.DATABASE_URL!;
  const name = `gestionale_${label}_${process.pid}_${Date.now().toString(36)}_${crypto.randomBytes(2).toString("hex")}`.toLowerCase();
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const template = await postgresTemplate(admin, adminUrl);
    await admin.unsafe(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
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
