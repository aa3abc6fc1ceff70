// Next's start-up hook (once per server process, in next dev, next start and the standalone server alike), in
// the Node.js runtime only:
// - the client's address: X-Forwarded-For of every request rewritten from the socket and TRUSTED_PROXIES
//   (lib/auth/client-address.ts);
// - the to-dos' reminder runner (db/jobs/todo-reminders-worker.ts: pg-boss on PostgreSQL, an interval on PGlite).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { installClientAddress } = await import("./lib/auth/client-address");
  installClientAddress();
  const { startReminderWorker } = await import("./db/jobs/todo-reminders-worker");
  // not awaited: the server answers while the runner connects (it logs its own failures)
  void startReminderWorker();
}
