import { startServer } from "../support/server";

export default async function globalSetup() {
  // Mario Rossi (Studio Tecnico Rossi's admin) is the platform's operator here (tests/e2e/purchase.spec.ts)
  const server = await startServer("pglite", { PLATFORM_OPERATOR_EMAILS: "mario.rossi@example.it" });
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_OUTBOX_DIR = server.outboxDir;
  return () => server.stop();
}
