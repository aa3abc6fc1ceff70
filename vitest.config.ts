import { defineConfig } from "vitest/config";
import os from "node:os";
import path from "node:path";

export default defineConfig({
  // server-only throws outside a server bundle: tests are server code
  resolve: { alias: { "@": path.resolve(__dirname), "server-only": path.resolve(__dirname, "node_modules/server-only/empty.js") } },
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", ".next*/**", "tests/e2e/**", "tests/api/**", "tests/scale/**"],
    environment: "node",
    setupFiles: ["tests/support/dom-teardown.ts"],
    // the PDF pool's worker file, from the current sources (lib/pdf/pool.ts)
    globalSetup: ["tests/support/pdf-worker.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // vitest's default on 2 cores is one worker (cores − 1); most files wait on a database (PGlite or the server)
    // a good part of their time, so more workers than cores keep both busy (npm test: 300 s with one, see the
    // commit that set this)
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, os.availableParallelism() + 1),
  },
});
