// Next's start-up hook (once per server process): the to-dos' reminder runner starts with the server, in the
// Node.js runtime only (db/jobs/todo-reminders-worker.ts: pg-boss on PostgreSQL, an interval on PGlite).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startReminderWorker } = await import("./db/jobs/todo-reminders-worker");
  // not awaited: the server answers while the runner connects (it logs its own failures)
  void startReminderWorker();
}
