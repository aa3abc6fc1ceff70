-- Platform operators granted, not claimed, and confirmed sign-up addresses (issue 29). Written by hand.
-- platform_operator: set and cleared only by `npm run operator -- grant|revoke EMAIL` (scripts/operator.ts);
-- no e-mail match or environment variable grants it any more (PLATFORM_OPERATOR_EMAILS is gone). Nobody holds it
-- after this migration: the operators are granted again by the command. Like every change to users, a grant
-- or a revoke NOTIFYs auth_changed (0005), so the session caches see it at once.
ALTER TABLE "users" ADD COLUMN "platform_operator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- email_confirmed_at: when the user proved the address (the sign-up link, or a reset or invitation link that reached
-- it); null until then, and an unconfirmed account cannot mail customers nor order a licence
ALTER TABLE "users" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
-- the accounts made before this migration count as confirmed
UPDATE "users" SET "email_confirmed_at" = now() WHERE "email_confirmed_at" IS NULL;
