// npm run db:seed — applies migrations and creates the demo tenants (DATABASE_URL, else ./data/pglite).
import { openDatabase } from "@/db/client";
import { seedDemoData } from "@/db/seed";

const database = await openDatabase();
const seeded = await seedDemoData(database.db);
console.log(`Seed completato (${database.kind}): ${Object.values(seeded).map(({ tenant }) => `tenant ${tenant.id} "${tenant.denomination}"`).join(", ")}`);
await database.close();
