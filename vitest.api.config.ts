import { defineConfig } from "vitest/config";
import path from "node:path";

// API integration suite: HTTP against the built app (next start) on a real database.
// TEST_DB=pglite (default) or TEST_DB=postgres (the server named by DATABASE_URL).
//
// API_SUBSET=1 (npm test sets it on PGlite when the PostgreSQL run follows): the whole suite but the files whose
// length is streams of files, not routes — 100 MB uploads and the e-invoice import's archives, ~150 s on PGlite's
// WebAssembly. Their routes are still called on PGlite by bad-input-routes.test.ts (every route family), their
// data layer runs on PGlite in db/queries/attachments.test.ts and db/queries/expense-import.test.ts, and the
// PostgreSQL run has them whole. The purchase invoices' one-byte-over-100 MB upload is skipped the same way, in its file.
const SUBSET_SKIPS = ["tests/api/invoice-attachments.test.ts", "tests/api/expense-import.test.ts"];
export default defineConfig({
  // server-only throws outside a server bundle: tests are server code
  resolve: { alias: { "@": path.resolve(__dirname), "server-only": path.resolve(__dirname, "node_modules/server-only/empty.js") } },
  test: {
    include: ["tests/api/**/*.test.ts"],
    exclude: process.env.API_SUBSET === "1" ? SUBSET_SKIPS : [],
    globalSetup: ["tests/api/global-setup.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // one server per worker (global-setup.ts): files run two at a time, each worker's one after the other
    maxWorkers: Number(process.env.API_WORKERS) || 2,
  },
});
