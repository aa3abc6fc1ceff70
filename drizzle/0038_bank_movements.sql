-- Banca (issue 32): the movements of a bank account imported from its statements, and their links to the deadlines
-- they paid. Written by hand.
-- A movement is a duplicate of one already imported on the same account when it has the same bank reference, else the
-- same booking date, amount, description and occurrence (the n-th identical movement of one statement: two equal fees
-- on one day are two movements, the same statement imported again gives the same keys); the two partial unique
-- indexes decide it, also under concurrent imports (INSERT … ON CONFLICT DO NOTHING).
CREATE TABLE "bank_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"bank_account_id" integer NOT NULL,
	"booking_date" date NOT NULL,
	"value_date" date,
	"amount" bigint NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"counterparty_name" text,
	"counterparty_iban" text,
	"reference" text,
	"occurrence" integer DEFAULT 1 NOT NULL,
	"state" text DEFAULT 'Da abbinare' NOT NULL,
	"row_color" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_movements_tenant_id_key" UNIQUE("tenant_id","id"),
	CONSTRAINT "bank_movements_state_check" CHECK ("state" in ('Da abbinare', 'Abbinato', 'Nessun documento'))
);
--> statement-breakpoint
ALTER TABLE "bank_movements" ADD CONSTRAINT "bank_movements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_movements" ADD CONSTRAINT "bank_movements_bank_account_fk" FOREIGN KEY ("tenant_id","bank_account_id") REFERENCES "public"."bank_accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_movements_reference_key" ON "bank_movements" USING btree ("tenant_id","bank_account_id","reference") WHERE "reference" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_movements_natural_key" ON "bank_movements" USING btree ("tenant_id","bank_account_id","booking_date","amount",md5("description"),"occurrence") WHERE "reference" is null;--> statement-breakpoint
CREATE INDEX "bank_movements_tenant_date_idx" ON "bank_movements" USING btree ("tenant_id","booking_date","id");--> statement-breakpoint
CREATE INDEX "bank_movements_tenant_state_date_idx" ON "bank_movements" USING btree ("tenant_id","state","booking_date","id");--> statement-breakpoint
ALTER TABLE "document_deadlines" ADD CONSTRAINT "document_deadlines_tenant_id_key" UNIQUE("tenant_id","id");--> statement-breakpoint
-- One row per deadline a movement paid (the amount paid on it). split_from_id: the deadline this paid part was split
-- off (a partial payment), merged back into it by an unmatch.
CREATE TABLE "bank_movement_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"movement_id" integer NOT NULL,
	"deadline_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"split_from_id" integer,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_movement_links_amount_check" CHECK ("amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "bank_movement_links" ADD CONSTRAINT "bank_movement_links_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_movement_links" ADD CONSTRAINT "bank_movement_links_movement_fk" FOREIGN KEY ("tenant_id","movement_id") REFERENCES "public"."bank_movements"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_movement_links" ADD CONSTRAINT "bank_movement_links_deadline_fk" FOREIGN KEY ("tenant_id","deadline_id") REFERENCES "public"."document_deadlines"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_movement_links" ADD CONSTRAINT "bank_movement_links_split_from_fk" FOREIGN KEY ("tenant_id","split_from_id") REFERENCES "public"."document_deadlines"("tenant_id","id") ON DELETE SET NULL ("split_from_id") ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_movement_links_deadline_key" ON "bank_movement_links" USING btree ("tenant_id","deadline_id");--> statement-breakpoint
CREATE INDEX "bank_movement_links_movement_idx" ON "bank_movement_links" USING btree ("tenant_id","movement_id");--> statement-breakpoint
CREATE INDEX "bank_movement_links_split_from_idx" ON "bank_movement_links" USING btree ("tenant_id","split_from_id") WHERE "split_from_id" is not null;--> statement-breakpoint
-- A matched movement whose last link goes (its deadline deleted with its document) is to be matched again.
CREATE FUNCTION "bank_movement_links_unmatched"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "bank_movements" m SET "state" = 'Da abbinare', "version" = m."version" + 1
	WHERE m."tenant_id" = OLD."tenant_id" AND m."id" = OLD."movement_id" AND m."state" = 'Abbinato'
	  AND NOT EXISTS (SELECT 1 FROM "bank_movement_links" l WHERE l."tenant_id" = OLD."tenant_id" AND l."movement_id" = OLD."movement_id");
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "bank_movement_links_unmatched" AFTER DELETE ON "bank_movement_links" FOR EACH ROW EXECUTE FUNCTION "bank_movement_links_unmatched"();--> statement-breakpoint
-- The column mapping of a CSV/XLSX statement, remembered per bank account (lib/bank/types.ts ColumnMapping).
ALTER TABLE "bank_accounts" ADD COLUMN "statement_mapping" jsonb;--> statement-breakpoint
-- Impostazioni: apply the top suggestion on import when it is certain (document number and amount).
ALTER TABLE "tenants" ADD COLUMN "bank_auto_match" boolean DEFAULT false NOT NULL;
