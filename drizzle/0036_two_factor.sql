-- Two-factor login (TOTP, RFC 6238; issue 29). Written by hand.
-- two_factor_secret: the user's base32 TOTP secret; set by POST /api/users/two-factor/setup (pending while
-- two_factor_enabled_at is null), confirmed by /enable with a code of it, cleared by /disable.
ALTER TABLE "users" ADD COLUMN "two_factor_secret" text;--> statement-breakpoint
-- when the user turned it on; not null = every login asks for a code (POST /api/login's otp)
ALTER TABLE "users" ADD COLUMN "two_factor_enabled_at" timestamp with time zone;--> statement-breakpoint
-- the ten single-use recovery codes, as SHA-256 hex of the codes (random, 50 bits each: a slow hash adds nothing);
-- a used code is removed from the array in the statement that checks it
ALTER TABLE "users" ADD COLUMN "two_factor_recovery_codes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- the TOTP time step (unix seconds / 30) of the last code accepted: a code is accepted once (RFC 6238 §5.2)
ALTER TABLE "users" ADD COLUMN "two_factor_last_step" integer;--> statement-breakpoint
-- the tenant's admin requires two-factor login of every user (Impostazioni); a user without it is led to set it up
ALTER TABLE "tenants" ADD COLUMN "two_factor_required" boolean DEFAULT false NOT NULL;
