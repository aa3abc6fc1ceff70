import { defineConfig } from "vitest/config";
import path from "node:path";

// Two app instances on one PostgreSQL through pgbouncer (transaction pooling) behind nginx
// (tests/scale). Needs the build, DATABASE_URL and Debian's pgbouncer and nginx.
export default defineConfig({
  resolve: { alias: { "@": path.resolve(__dirname), "server-only": path.resolve(__dirname, "node_modules/server-only/empty.js") } },
  test: {
    include: ["tests/scale/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
