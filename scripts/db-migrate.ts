// npm run db:migrate — applies the committed migrations (the app also does it at start-up).
import { openDatabase } from "@/db/client";

const database = await openDatabase();
console.log(`Migrazioni applicate (${database.kind})`);
await database.close();
