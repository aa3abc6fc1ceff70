import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  // server-only throws outside a server bundle: tests are server code
  resolve: { alias: { "@": path.resolve(__dirname), "server-only": path.resolve(__dirname, "node_modules/server-only/empty.js") } },
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", ".next/**", "tests/e2e/**", "tests/api/**", "tests/scale/**"],
    environment: "node",
    setupFiles: ["tests/support/dom-teardown.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
