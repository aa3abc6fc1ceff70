// npm run demo — builds (when sources changed), seeds the embedded database and serves the demo on PORT (3000).
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const root = process.cwd();
const port = process.env.PORT ?? "3000";

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const buildId = path.join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID");
const sources = ["app", "components", "lib", "db", "drizzle", "proxy.ts", "next.config.ts"].map((p) => path.join(root, p)).filter((p) => fs.existsSync(p));
const newestSource = Math.max(...sources.map((p) => (fs.statSync(p).isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs)));
if (!fs.existsSync(buildId) || fs.statSync(buildId).mtimeMs < newestSource) {
  console.log("Compilazione dell'applicazione (next build)...");
  run("npx", ["next", "build"]);
}
console.log("Preparazione del database dimostrativo...");
run("npx", ["tsx", "--conditions=react-server", "scripts/db-seed.ts"]);
console.log(`Demo su http://localhost:${port} — accesso: demo / demo1234 oppure mario.rossi@example.it / rossi1234`);
// the production server: next start
const server = spawn(process.execPath, [createRequire(import.meta.url).resolve("next/dist/bin/next"), "start", "-p", port], { stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code) => process.exit(code ?? 0));
