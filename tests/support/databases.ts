/**
 * Throw-away databases for tests: an embedded PGlite (default) or a fresh database on the
 * PostgreSQL server named by DATABASE_URL (TEST_DB=postgres). Both get the committed migrations.
 *
 * The migrations are replayed once per machine and version of drizzle/, not once per database: a migrated
 * template is kept, named after a hash of the migration files, and each test database is a copy of it —
 * `CREATE DATABASE … TEMPLATE` on the server, a copy of the data directory for PGlite (~0.1 s instead of
 * seconds of migrations). Opening a copy still runs the migrator, which finds nothing to apply.
 * Concurrent test workers build a template once (an advisory lock on the server, a lock directory and an atomic
 * rename for PGlite); templates of other versions are removed when a new one is made. Test servers copy a second,
 * seeded template (tests/support/server.ts createSeededDatabase), made the same way from the migrated one.
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

/**
 * A short hash of the files under `dirs` that `include` keeps (their paths relative to `root`, and contents), after
 * `salt`: what a template is made of, so that a change to any of them makes a new template.
 */
export function filesHash(root: string, dirs: readonly string[], include: (name: string) => boolean = () => true, salt = ""): string {
  const h = crypto.createHash("sha256").update(salt);
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (include(entry.name)) h.update(path.relative(root, p)).update("\0").update(fs.readFileSync(p)).update("\0");
    }
  };
  for (const dir of dirs) walk(path.join(root, dir));
  return h.digest("hex").slice(0, 12);
}

let hash: string | undefined;
/** A short hash of every migration file (names and contents): a new migration makes a new template. Once per process. */
function migrationsHash(): string {
  hash ??= filesHash(MIGRATIONS_FOLDER, ["."]);
  return hash;
}

const TEMPLATE_PREFIX = "gestionale_tpl_";
const PGLITE_TEMPLATE_PREFIX = "gestionale-pglite-tpl-";
const SEEDED_PREFIX = "gestionale_tps_";
const PGLITE_SEEDED_PREFIX = "gestionale-pglite-tps-";

/**
 * A PGlite data directory to copy, made by the first caller on this machine: `name` is its key, `from` the template
 * it starts from (none: an empty directory, migrated on open), `fill` what is done to it before it becomes a template.
 */
async function pgliteTemplate(name: string, from?: string, fill?: (database: Database) => Promise<void>): Promise<string> {
  const template = path.join(os.tmpdir(), name);
  const made = () => fs.existsSync(path.join(template, "PG_VERSION"));
  if (made()) return template;
  // one builder at a time across processes (a directory made atomically; taken over when left by a dead builder):
  // the others wait for its template instead of building the same one on the same cores
  const lock = `${template}.lock`;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      if (made()) return template;
      const since = fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (since !== undefined && Date.now() - since > 5 * 60_000) fs.rmSync(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    if (made()) return template;
    const building = fs.mkdtempSync(path.join(os.tmpdir(), "gestionale-pglite-building-"));
    if (from) fs.cpSync(from, building, { recursive: true });
    const database = await openDatabase({ url: "", dataDir: building });
    try {
      await fill?.(database);
    } finally {
      await database.close();
    }
    fs.renameSync(building, template);
    const prefix = name.slice(0, name.lastIndexOf("-") + 1);
    for (const old of fs.readdirSync(os.tmpdir())) {
      if (old.startsWith(prefix) && !old.endsWith(".lock") && path.join(os.tmpdir(), old) !== template) fs.rmSync(path.join(os.tmpdir(), old), { recursive: true, force: true });
    }
    return template;
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * A template database on the server, made under an advisory lock by the first caller: `name` is its key, `from` the
 * template it is copied from (none: an empty database, migrated on open), `fill` what is done to it first.
 */
async function postgresTemplate(admin: postgres.Sql, adminUrl: string, name: string, from?: string, fill?: (database: Database) => Promise<void>): Promise<string> {
  const exists = async () => (await admin`select 1 from pg_database where datname = ${name}`).length > 0;
  if (await exists()) return name;
  const lock = from ? 7283403 : 7283402;
  await admin`select pg_advisory_lock(${lock})`;
  try {
    if (await exists()) return name;
    const building = `${name}_b${process.pid}`;
    await admin.unsafe(`drop database if exists "${building}"`);
    await admin.unsafe(from ? `create database "${building}" template "${from}"` : `create database "${building}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const database = await openDatabase({ url: url.toString(), directUrl: url.toString() });
    try {
      await fill?.(database);
    } finally {
      await database.close();
    }
    // renamed once complete: a template is never copied half-made
    await admin.unsafe(`alter database "${building}" rename to "${name}"`);
    const prefix = name.slice(0, name.lastIndexOf("_") + 1);
    for (const { datname } of await admin<{ datname: string }[]>`select datname from pg_database where datname like ${prefix + "%"} and datname <> ${name}`) {
      await admin.unsafe(`drop database if exists "${datname}" with (force)`).catch(() => {});
    }
    return name;
  } finally {
    await admin`select pg_advisory_unlock(${lock})`;
  }
}

/**
 * What a database is copied from: the migrated template, or (`seeded`) a template that also holds what `seeded.fill`
 * wrote, keyed by the migrations and `seeded.key` (the caller's: the seed's sources and the day it is seeded for).
 */
export interface SeededTemplate {
  key: string;
  fill: (database: Database) => Promise<void>;
}

export async function createTestDatabase(kind: TestDbKind = testDbKind(), label = "t", seeded?: SeededTemplate): Promise<TestDatabase> {
  if (kind === "pglite") {
    const migrated = await pgliteTemplate(PGLITE_TEMPLATE_PREFIX + migrationsHash());
    const template = seeded ? await pgliteTemplate(`${PGLITE_SEEDED_PREFIX}${migrationsHash()}${seeded.key}`, migrated, seeded.fill) : migrated;
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
    const migrated = await postgresTemplate(admin, adminUrl, TEMPLATE_PREFIX + migrationsHash());
    const template = seeded ? await postgresTemplate(admin, adminUrl, `${SEEDED_PREFIX}${migrationsHash()}${seeded.key}`, migrated, seeded.fill) : migrated;
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
