// npm run operator -- grant|revoke EMAIL — makes a user platform operator, or no longer (DATABASE_URL, else ./data/pglite).
// The only way to grant the flag (db/queries/platform-operators.ts): no e-mail list or environment variable does.
import { openDatabase } from "@/db/client";
import { setPlatformOperator } from "@/db/queries/platform-operators";

const [action, email, ...rest] = process.argv.slice(2);
if ((action !== "grant" && action !== "revoke") || !email || rest.length) {
  console.error("Uso: npm run operator -- grant|revoke EMAIL");
  process.exit(2);
}

let database;
try {
  database = await openDatabase();
} catch (err) {
  // PGlite's data directory is held by a running app: stop it (or use DATABASE_URL) and try again
  console.error(`Errore: database non disponibile (${err instanceof Error ? err.message : String(err)})`);
  process.exit(1);
}
try {
  const result = await setPlatformOperator(database.db, email, action === "grant");
  if (result.ok) console.log(result.message);
  else console.error(`Errore: ${result.message}`);
  process.exitCode = result.ok ? 0 : 1;
} finally {
  await database.close();
}
