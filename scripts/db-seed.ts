// npm run db:seed — applies migrations and creates the demo tenants (DATABASE_URL, else ./data/pglite).
import { openDatabase } from "@/db/client";
import { seedDemoData } from "@/db/seed";

const database = await openDatabase();
const { demo, rossi } = await seedDemoData(database.db);
console.log(`Seed completato (${database.kind}): tenant ${demo.tenant.id} "${demo.tenant.denomination}", tenant ${rossi.tenant.id} "${rossi.tenant.denomination}"`);
await database.close();
