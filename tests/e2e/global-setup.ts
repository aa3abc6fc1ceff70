import { startServer } from "../support/server";

export default async function globalSetup() {
  const server = await startServer("pglite");
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_OUTBOX_DIR = server.outboxDir;
  return () => server.stop();
}
