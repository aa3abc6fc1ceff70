import { defineConfig } from "vitest/config";
import path from "node:path";

// API integration suite: HTTP against the built app (next start) on a real database.
// TEST_DB=pglite (default) or TEST_DB=postgres (the server named by DATABASE_URL).
//
// API_SUBSET=1 (npm test sets it on PGlite when the PostgreSQL run follows): on PGlite, only the files whose subject
// differs on the embedded database. The whole suite runs on PostgreSQL (the production database); the data layer runs
// on both in the unit step (db/**/*.test.ts); every page is served on PGlite by the 'pages' file below (Playwright's
// servers run on PostgreSQL when DATABASE_URL is set, as in CI: tests/e2e/global-setup.ts). What PGlite changes beyond that — one
// connection in the server's process, no LISTEN/NOTIFY for the session cache, the reminders on an in-process
// interval, the public demo as shipped — is what these files hit, with every route family called once
// (bad-input-routes) and the money path (lifecycle, fiscal matrix). The full suite on PGlite: `TEST_DB=pglite npx
// vitest run -c vitest.api.config.ts` (without API_SUBSET).
const PGLITE_SUBSET = [
  "runtime",
  "sessions",
  "notifications",
  "bad-input-routes",
  "cross-tenant",
  "pages",
  "demo-account",
  "invoice-lifecycle",
  "fiscal-matrix",
  "audit-events",
].map((name) => `tests/api/${name}.test.ts`);
export default defineConfig({
  // server-only throws outside a server bundle: tests are server code
  resolve: { alias: { "@": path.resolve(__dirname), "server-only": path.resolve(__dirname, "node_modules/server-only/empty.js") } },
  test: {
    include: process.env.API_SUBSET === "1" ? PGLITE_SUBSET : ["tests/api/**/*.test.ts"],
    globalSetup: ["tests/api/global-setup.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // one server per worker (global-setup.ts): files run two at a time, each worker's one after the other
    maxWorkers: Number(process.env.API_WORKERS) || 2,
    // the files of a worker share its modules (the data layer, zod schemas…: ~50 s of imports per run otherwise);
    // they are HTTP clients of their worker's server, and what they keep is their own (clients, tenants, addresses)
    isolate: false,
  },
});
