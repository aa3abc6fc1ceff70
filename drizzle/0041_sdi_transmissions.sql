-- The SDI channel's transport (issue 31): what was sent to SDI and what the tenant's PEC mailbox brought. Written by hand.
-- sdi_transmissions: one row per file of a document sent to SDI; UNIQUE (tenant_id, document_id, file_name) makes a
-- second send of the same file impossible by construction (two requests, two workers, two instances: one row, one
-- PEC). The row is the send's queue entry too: 'In coda' until the provider accepts ('Inviata') or refuses for good
-- ('Errore'); a worker takes it with a lease (lease_until) so two workers never send it at once.
CREATE TABLE "sdi_transmissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"file" bytea NOT NULL,
	"channel" text DEFAULT 'pec' NOT NULL,
	"state" text DEFAULT 'In coda' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"provider_id" text,
	"lease_until" timestamp with time zone,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "sdi_transmissions_state_check" CHECK ("state" in ('In coda', 'Inviata', 'Errore'))
);
--> statement-breakpoint
ALTER TABLE "sdi_transmissions" ADD CONSTRAINT "sdi_transmissions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sdi_transmissions" ADD CONSTRAINT "sdi_transmissions_document_fk" FOREIGN KEY ("tenant_id","document_id") REFERENCES "public"."documents"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sdi_transmissions" ADD CONSTRAINT "sdi_transmissions_created_by_fk" FOREIGN KEY ("tenant_id","created_by_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("created_by_id") ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sdi_transmissions_tenant_document_file_idx" ON "sdi_transmissions" USING btree ("tenant_id","document_id","file_name");--> statement-breakpoint
CREATE INDEX "sdi_transmissions_queued_idx" ON "sdi_transmissions" USING btree ("next_attempt_at") WHERE "state" = 'In coda';--> statement-breakpoint
-- pec_inbox_messages: one row per message read from a tenant's PEC mailbox, written in the transaction that applies
-- or imports it; UNIQUE (tenant_id, message_key) (the Message-ID, else the mailbox's uidvalidity:uid) is the
-- never-twice guard beside the IMAP keyword; outcome 'Da verificare' rows are the list the user looks at.
CREATE TABLE "pec_inbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"message_key" text NOT NULL,
	"uid_validity" bigint,
	"uid" bigint,
	"received_at" timestamp with time zone,
	"from_address" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"outcome" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"raw" bytea,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pec_inbox_messages_outcome_check" CHECK ("outcome" in ('Applicata', 'Importata', 'Ignorata', 'Da verificare'))
);
--> statement-breakpoint
ALTER TABLE "pec_inbox_messages" ADD CONSTRAINT "pec_inbox_messages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pec_inbox_messages_tenant_key_idx" ON "pec_inbox_messages" USING btree ("tenant_id","message_key");--> statement-breakpoint
CREATE INDEX "pec_inbox_messages_tenant_outcome_idx" ON "pec_inbox_messages" USING btree ("tenant_id","outcome","created_at");
