-- SDI receipts (issue 31): the document's SDI state and the messages SDI sent about its files. Written by hand.
-- documents.sdi_state: null (never sent) or one of the seven states of the SDI channel, apart from the life cycle
-- (state) and the payment; db/documents/sdi.ts moves it, never backwards.
-- document_sdi_events: one row per SDI message applied to a document (RC, NS, MC, NE, DT, AT), with the file's own
-- bytes, its signature check and NS's errors. UNIQUE (tenant_id, document_id, type, identificativo_sdi, message_id):
-- the same receipt applied twice (uploaded again, or read again from the mailbox) is a no-op (INSERT … ON CONFLICT DO
-- NOTHING). Matching an older transmission of a corrected document: (tenant_id, transmitted_file_name).
ALTER TABLE "documents" ADD COLUMN "sdi_state" text;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_sdi_state_check" CHECK ("sdi_state" in ('Inviata allo SDI', 'Consegnata', 'Mancata consegna', 'Scartata', 'Accettata', 'Rifiutata', 'Decorrenza termini'));--> statement-breakpoint
-- documents marked by hand before the channel existed ('Segna come inviata', 'Consegnata', 'Scartata') start with the same
-- SDI state, so a delivered invoice is not offered 'Invia allo SDI' again
UPDATE "documents" SET "sdi_state" = "state" WHERE "state" in ('Inviata allo SDI', 'Consegnata', 'Scartata');--> statement-breakpoint
CREATE TABLE "document_sdi_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"type" text NOT NULL,
	"file_name" text NOT NULL,
	"transmitted_file_name" text NOT NULL,
	"identificativo_sdi" text NOT NULL,
	"message_id" text NOT NULL,
	"message_date" timestamp with time zone,
	"esito" text,
	"signature_result" text NOT NULL,
	"signature_detail" text DEFAULT '' NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file" bytea NOT NULL,
	"via" text NOT NULL,
	"sdi_state_after" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_sdi_events_type_check" CHECK ("type" in ('RC', 'NS', 'MC', 'NE', 'DT', 'AT')),
	CONSTRAINT "document_sdi_events_signature_check" CHECK ("signature_result" in ('valida', 'non valida', 'assente')),
	CONSTRAINT "document_sdi_events_via_check" CHECK ("via" in ('upload', 'pec'))
);
--> statement-breakpoint
ALTER TABLE "document_sdi_events" ADD CONSTRAINT "document_sdi_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_sdi_events" ADD CONSTRAINT "document_sdi_events_document_fk" FOREIGN KEY ("tenant_id","document_id") REFERENCES "public"."documents"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_sdi_events" ADD CONSTRAINT "document_sdi_events_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_sdi_events_receipt_key" ON "document_sdi_events" USING btree ("tenant_id","document_id","type","identificativo_sdi","message_id");--> statement-breakpoint
CREATE INDEX "document_sdi_events_tenant_document_idx" ON "document_sdi_events" USING btree ("tenant_id","document_id","created_at");--> statement-breakpoint
CREATE INDEX "document_sdi_events_tenant_file_idx" ON "document_sdi_events" USING btree ("tenant_id","transmitted_file_name");--> statement-breakpoint
CREATE INDEX "documents_tenant_einvoice_file_idx" ON "documents" USING btree ("tenant_id","electronic_invoice_file_name") WHERE "electronic_invoice_file_name" is not null;
