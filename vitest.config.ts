import { defineConfig } from "vitest/config";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const EXCLUDE = ["node_modules/**", ".next*/**", "tests/e2e/**", "tests/api/**", "tests/scale/**"];

/**
 * Test files that need a module registry of their own: the components' (jsdom, a toaster and portals that live in
 * module state) and any file that mocks a module (vi.mock replaces it for that file only). The others — the data
 * layer, the fiscal core, server helpers: most of the suite — share their worker's modules (isolate: false), which
 * spares re-importing the data layer and its dependencies for every file (~45 s of the run); each such file makes
 * its own databases and tenants, so nothing they share is state a test reads.
 */
function isolatedFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith(".test.tsx")) found.push(path.relative(__dirname, p));
      else if (entry.name.endsWith(".test.ts") && /vi\.(do)?mock\(|@vitest-environment/.test(fs.readFileSync(p, "utf8"))) found.push(path.relative(__dirname, p));
    }
  };
  for (const dir of ["app", "components", "db", "lib", "scripts", "tests", "bench"]) if (fs.existsSync(path.join(__dirname, dir))) walk(path.join(__dirname, dir));
  return found;
}
const ISOLATED = isolatedFiles();

export default defineConfig({
  // server-only throws outside a server bundle: tests are server code
  resolve: { alias: { "@": path.resolve(__dirname), "server-only": path.resolve(__dirname, "node_modules/server-only/empty.js") } },
  test: {
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
    projects: [
      { extends: true, test: { name: "isolated", include: ISOLATED, exclude: EXCLUDE } },
      { extends: true, test: { name: "shared", include: ["**/*.test.ts"], exclude: [...EXCLUDE, ...ISOLATED], isolate: false } },
    ],
  },
});
