import type { FullConfig } from "@playwright/test";
import { startServer } from "../support/server";

/**
 * One server on its own seeded database per Playwright worker (E2E_BASE_URL_<i>, E2E_OUTBOX_DIR_<i>; each worker
 * picks its own in playwright.config.ts), so spec files running side by side never see each other's records.
 * The database is the PostgreSQL server of DATABASE_URL when it is set (CI: production's database, and ~20% less CPU
 * for the walks than the embedded one, measured on six walk files: 1 m 59 s against 2 m 23 s), else the embedded
 * PGlite. On CI the embedded database still serves every page (tests/api/pages.test.ts in the PGlite pass).
 * Mario Rossi (Studio Tecnico Rossi's admin) is granted the platform operator flag here, through the function of
 * `npm run operator -- grant` (tests/e2e/purchase.spec.ts); the seed grants it to nobody, the demo's logins being public.
 */
export default async function globalSetup(config: FullConfig) {
  const kind = process.env.DATABASE_URL ? "postgres" : "pglite";
  const servers = await Promise.all(Array.from({ length: Math.max(1, config.workers) }, () => startServer(kind, {}, undefined, { operators: ["mario.rossi@example.it"] })));
  servers.forEach((server, i) => {
    process.env[`E2E_BASE_URL_${i}`] = server.baseUrl;
    process.env[`E2E_OUTBOX_DIR_${i}`] = server.outboxDir;
  });
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}
