CREATE TABLE "attachment_chunks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"attachment_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
-- chunks are mostly already-compressed formats (PDF, images, zip): stored out of line without trying pglz on each
ALTER TABLE "attachment_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" integer,
	"name" text NOT NULL,
	"content_type" text DEFAULT 'application/octet-stream' NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachments_tenant_id_key" UNIQUE("tenant_id","id"),
	CONSTRAINT "attachments_owner_kind_check" CHECK ("attachments"."owner_kind" in ('document', 'expense')),
	CONSTRAINT "attachments_size_check" CHECK ("attachments"."size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "attachment_chunks" ADD CONSTRAINT "attachment_chunks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment_chunks" ADD CONSTRAINT "attachment_chunks_attachment_fk" FOREIGN KEY ("tenant_id","attachment_id") REFERENCES "public"."attachments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("created_by") ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attachment_chunks_attachment_seq_key" ON "attachment_chunks" USING btree ("tenant_id","attachment_id","seq");--> statement-breakpoint
CREATE INDEX "attachments_tenant_owner_idx" ON "attachments" USING btree ("tenant_id","owner_kind","owner_id","id");--> statement-breakpoint
CREATE INDEX "attachments_tenant_staged_idx" ON "attachments" USING btree ("tenant_id","created_at") WHERE "attachments"."owner_id" is null;