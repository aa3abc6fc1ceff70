import { defineConfig } from "vitest/config";
import path from "node:path";

// API integration suite: HTTP against the built app (next start) on a real database.
// TEST_DB=pglite (default) or TEST_DB=postgres (the server named by DATABASE_URL).
export default defineConfig({
  // server-only throws outside a server bundle: tests are server code
  resolve: { alias: { "@": path.resolve(__dirname), "server-only": path.resolve(__dirname, "node_modules/server-only/empty.js") } },
  test: {
    include: ["tests/api/**/*.test.ts"],
    globalSetup: ["tests/api/global-setup.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
