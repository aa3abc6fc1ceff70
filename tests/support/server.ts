/**
 * Starts the built application (next start) on a free port against a fresh, seeded test database.
 * Used by the API integration suite (vitest globalSetup) and by Playwright.
 */
import type { ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { seedDemoData } from "@/db/seed";
import { setPlatformOperator } from "@/db/queries/platform-operators";
import { todayInRome } from "@/lib/rome-time";
import { createTestDatabase, filesHash, type TestDatabase, type TestDbKind } from "./databases";
import { nextStart } from "./next-start";
import { freePort } from "./free-port";

export interface RunningServer {
  baseUrl: string;
  outboxDir: string;
  kind: TestDbKind;
  /** The served database: a test may open it beside the server on PostgreSQL (PGlite is the server's alone). */
  database: TestDatabase;
  stop(): Promise<void>;
}

export { freePort };

let seedKeyOfProcess: string | undefined;
/**
 * What the seeded template is made of: the sources the seed runs (db/ and lib/, tests aside) and the Italian day it
 * seeds for (its dates are relative to today). Seeding costs 10–40 s (argon2 hashes, a year of documents through the
 * data layer); a copy of the seeded template ~0.1 s, so every server of a run after the first starts from a copy.
 */
function seedKey(): string {
  seedKeyOfProcess ??= filesHash(process.cwd(), ["db", "lib"], (name) => /\.(ts|tsx|json)$/.test(name) && !/\.test\.tsx?$/.test(name), todayInRome());
  return seedKeyOfProcess;
}

/**
 * A fresh test database holding the demo seed (a copy of the seeded template). `operators`: e-mails of seeded users made platform operators, as
 * `npm run operator -- grant` does (the seed makes none: the demo's logins are public).
 */
export async function createSeededDatabase(kind: TestDbKind, label: string, operators: string[] = []): Promise<TestDatabase> {
  const database = await createTestDatabase(kind, label, { key: seedKey(), fill: async (d) => { await seedDemoData(d.db); } });
  if (operators.length === 0) return database;
  const seeded = await database.open();
  for (const email of operators) {
    const granted = await setPlatformOperator(seeded.db, email, true);
    if (!granted.ok) throw new Error(granted.message);
  }
  await seeded.close();
  return database;
}

/**
 * `shared`: an existing, already seeded database to serve (another server's); it is left in place on stop.
 * `operators`: seeded users granted the platform operator flag before the server starts (not with `shared`).
 */
export async function startServer(
  kind: TestDbKind,
  extraEnv: Record<string, string> = {},
  shared?: TestDatabase,
  { operators = [] }: { operators?: string[] } = {},
): Promise<RunningServer> {
  if (!fs.existsSync(path.join(process.cwd(), process.env.NEXT_DIST_DIR || ".next", "BUILD_ID"))) {
    throw new Error("Manca la build: eseguire `npx next build` prima dei test di integrazione (npm test lo fa)");
  }
  const database = shared ?? (await createSeededDatabase(kind, "srv", operators));

  const port = Number(process.env.TEST_PORT) || (await freePort());
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), "gestionale-outbox-"));
  const logFile = path.join(os.tmpdir(), `gestionale-server-${port}.log`);
  const log = fs.openSync(logFile, "w");
  // the production server: next start
  const child: ChildProcess = nextStart(
    port,
    {
      ...database.env,
      // the tests stand for clients behind a proxy: X-Forwarded-For carries each test file's address
      TRUSTED_PROXIES: "127.0.0.1",
      AUTH_SECRET: crypto.randomBytes(32).toString("base64url"),
      MAIL_OUTBOX_DIR: outboxDir,
      RESEND_API_KEY: "",
      CHAT_SCRIPT_URL: "",
      // the suites sign up trial tenants that send many mails (30 invitations, reminders…): a ceiling far above them;
      // tests/api/mail-limits.test.ts starts its own server with low ones
      MAIL_LIMIT_TRIAL_PER_HOUR: "100000",
      MAIL_LIMIT_TRIAL_PER_DAY: "100000",
      MAIL_LIMIT_PAID_PER_HOUR: "100000",
      MAIL_LIMIT_PAID_PER_DAY: "100000",
      // a suite running at 03:00 must not see the demo tenant restored under it (db/jobs/demo-restore.test.ts tests it)
      DEMO_RESTORE_CRON: "off",
      ...extraEnv,
    },
    log,
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Il server è terminato all'avvio:\n${fs.readFileSync(logFile, "utf8")}`);
    try {
      const r = await fetch(`${baseUrl}/login`);
      if (r.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Il server non risponde:\n${fs.readFileSync(logFile, "utf8")}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    outboxDir,
    kind,
    database,
    async stop() {
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        // already gone
      }
      await new Promise((r) => setTimeout(r, 500));
      if (!shared) await database.drop().catch(() => {});
      fs.rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}
