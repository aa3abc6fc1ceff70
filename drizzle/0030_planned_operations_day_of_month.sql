-- The day of the month planned operations keep (db/schema/planned-operations.ts). Existing operations take
-- the day of their next_date: one that already slid from the 31st to the 28th stays on the 28th until the
-- user sets its next_date again.
ALTER TABLE "planned_operations" ADD COLUMN "day_of_month" integer;--> statement-breakpoint
UPDATE "planned_operations" SET "day_of_month" = extract(day from "next_date")::int;--> statement-breakpoint
ALTER TABLE "planned_operations" ALTER COLUMN "day_of_month" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "planned_operations" ADD CONSTRAINT "planned_operations_day_of_month_check" CHECK ("planned_operations"."day_of_month" between 1 and 31);
