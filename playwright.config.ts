import { defineConfig } from "@playwright/test";

// Browser tests in Debian's Chromium (browsers cannot be downloaded here). tests/e2e/global-setup.ts starts one
// app per worker, each on a fresh seeded embedded database; each worker process (which loads this file again,
// TEST_PARALLEL_INDEX set) takes its own as E2E_BASE_URL and E2E_OUTBOX_DIR.
const slot = process.env.TEST_PARALLEL_INDEX;
if (slot !== undefined && process.env[`E2E_BASE_URL_${slot}`]) {
  process.env.E2E_BASE_URL = process.env[`E2E_BASE_URL_${slot}`];
  process.env.E2E_OUTBOX_DIR = process.env[`E2E_OUTBOX_DIR_${slot}`];
}
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  // the walks got longer (the SDI and bank walks, a settings tab more) while this 2-core machine ran 2–3× slower
  // today than last week: a step that waits on a 4 MB upload or a cold PDF worker needs more than 7 s there
  timeout: 60_000,
  expect: { timeout: 12_000 },
  reporter: [["list"]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: "it-IT",
    timezoneId: "Europe/Rome",
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
    trace: "off",
    screenshot: "only-on-failure",
  },
});
