/**
 * Starts the built app as production runs it: `next start` (the package's own binary, on this Node), bound to
 * 127.0.0.1:port, in its own process group (stop it with process.kill(-pid)). Used by the API suite, Playwright,
 * the two-instance test and bench:http.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export function nextStart(port: number, env: Record<string, string | undefined>, stdio: "ignore" | number = "ignore"): ChildProcess {
  return spawn(process.execPath, [require.resolve("next/dist/bin/next"), "start", "-H", "127.0.0.1", "-p", String(port)], {
    env: {
      ...process.env,
      // the test runner's --conditions=react-server (to load server modules in tests) is not the server's: Next
      // picks its own React builds per layer, and react-pdf's reconciler breaks on the react-server one
      NODE_OPTIONS: (process.env.NODE_OPTIONS ?? "").replace(/--conditions[= ]react-server/g, "").trim(),
      NODE_ENV: "production",
      ...env,
    },
    stdio: ["ignore", stdio, stdio],
    detached: true,
  });
}
