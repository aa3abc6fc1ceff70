import { defineConfig } from "drizzle-kit";

// Migrations are generated (npm run db:generate) and committed; they are applied at start-up and in tests.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./drizzle",
});
