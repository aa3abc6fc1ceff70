import "server-only";
import path from "node:path";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite, type PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "./schema";

/**
 * One Drizzle database type for both drivers: the query builder is the same at run time,
 * so the postgres-js instance is typed as the PGlite one.
 */
export type Db = PgliteDatabase<typeof schema>;

export interface Database {
  db: Db;
  kind: "postgres" | "pglite";
  /**
   * LISTEN on a channel. On PostgreSQL it uses its own direct connection (DATABASE_DIRECT_URL, else
   * DATABASE_URL): a transaction-mode pooler such as pgbouncer cannot carry LISTEN. `onConnect` runs
   * on every (re)connection, when notifications may have been missed.
   */
  listen(channel: string, onMessage: (payload: string) => void, onConnect: () => void): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "drizzle");

export interface DatabaseOptions {
  /** PostgreSQL server URL; when empty an embedded PGlite database is used. */
  url?: string;
  /** PGlite data directory, or "memory://" for a throw-away database. */
  dataDir?: string;
  migrate?: boolean;
  /** Direct server URL for LISTEN (default DATABASE_DIRECT_URL, else url). */
  directUrl?: string;
}

/** Opens a database and applies the committed migrations (both drivers). */
export async function openDatabase(opts: DatabaseOptions = {}): Promise<Database> {
  const url = opts.url ?? process.env.DATABASE_URL;
  const shouldMigrate = opts.migrate ?? true;
  if (url) {
    // prepare: false — no named prepared statements, so every query is planned with its actual
    // parameters: a cached generic plan cannot know how selective a grid filter is (a 30-day range
    // on 1M rows went from ~3 ms to ~60 ms with the generic plan).
    const client = postgres(url, { max: Number(process.env.DATABASE_POOL_MAX ?? 10), prepare: false, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema }) as unknown as Db;
    const directUrl = opts.directUrl ?? (process.env.DATABASE_DIRECT_URL || url);
    if (shouldMigrate) await migrateServer(directUrl);
    let listener: postgres.Sql | undefined;
    return {
      db,
      kind: "postgres",
      async listen(channel, onMessage, onConnect) {
        listener ??= postgres(directUrl, { max: 1, onnotice: () => {} });
        await listener.listen(channel, onMessage, onConnect);
      },
      close: async () => {
        await Promise.all([client.end({ timeout: 5 }), listener?.end({ timeout: 5 })]);
      },
    };
  }
  const dataDir = opts.dataDir ?? process.env.PGLITE_DATA_DIR ?? path.join(process.cwd(), "data", "pglite");
  if (!dataDir.startsWith("memory://")) fs.mkdirSync(dataDir, { recursive: true });
  // Extensions used by the migrations must be loaded into PGlite (the server has them from contrib).
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  if (shouldMigrate) await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    kind: "pglite",
    async listen(channel, onMessage, onConnect) {
      await client.listen(channel, onMessage);
      onConnect();
    },
    close: () => client.close(),
  };
}

/**
 * Migrations on a server go through a direct connection (the pooler may be in transaction mode) and
 * under an advisory lock, so app instances starting together apply them once.
 */
async function migrateServer(directUrl: string): Promise<void> {
  const client = postgres(directUrl, { max: 1, prepare: false, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(7283401)`;
    await migratePostgres(drizzlePostgres(client), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.end({ timeout: 5 });
  }
}

const g = globalThis as unknown as { __gestionaleDb?: Promise<Database> };

/** The process-wide database (one PGlite instance or one postgres pool), migrated on first use. */
export function getDatabase(): Promise<Database> {
  if (!g.__gestionaleDb) {
    g.__gestionaleDb = openDatabase().catch((err) => {
      g.__gestionaleDb = undefined;
      throw err;
    });
  }
  return g.__gestionaleDb;
}

/** Makes `database` the process-wide one (tests and scripts that open their own). */
export function useDatabase(database: Database): void {
  g.__gestionaleDb = Promise.resolve(database);
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}
