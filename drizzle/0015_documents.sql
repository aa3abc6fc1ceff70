CREATE TABLE "document_deadlines" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL,
	"deadline_date" date NOT NULL,
	"deadline_state" text DEFAULT 'Da saldare' NOT NULL,
	"payment_date" date,
	"bank_account_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_deadlines_state_check" CHECK ("document_deadlines"."deadline_state" in ('Da saldare', 'Stornato', 'Saldato'))
);
--> statement-breakpoint
CREATE TABLE "document_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"row_type" text NOT NULL,
	"activity_id" integer,
	"item_id" integer,
	"service_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"hide_amount" boolean DEFAULT false NOT NULL,
	"quantity" numeric(20, 8) DEFAULT '1' NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"vat_rate_id" integer,
	"advance" boolean DEFAULT false NOT NULL,
	"withholding" boolean DEFAULT false NOT NULL,
	"invoiced_activity_id" integer,
	"invoiced_time_entry_ids" jsonb,
	"invoiced_activity" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_rows_type_check" CHECK ("document_rows"."row_type" in ('LAVORO', 'PRODOTTO', 'SERVIZIO', 'GENERICA', 'SEZIONE'))
);
--> statement-breakpoint
CREATE TABLE "document_state_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"state_before" text,
	"state_after" text NOT NULL,
	"user_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"document_type" text DEFAULT 'TD01' NOT NULL,
	"sectional_id" integer,
	"number" integer,
	"number_text" text,
	"year" integer NOT NULL,
	"date" date NOT NULL,
	"state" text DEFAULT 'Bozza' NOT NULL,
	"contact_id" integer NOT NULL,
	"bank_account_id" integer,
	"payment_modality_id" integer,
	"address" text DEFAULT '' NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"inps_revenge" numeric(7, 2) DEFAULT '0' NOT NULL,
	"professionist_fund" numeric(7, 2) DEFAULT '0' NOT NULL,
	"withholding_tax_apply" boolean DEFAULT false NOT NULL,
	"withholding_tax_percentage" numeric(7, 2) DEFAULT '0' NOT NULL,
	"stamp_borne_by_issuer" boolean DEFAULT false NOT NULL,
	"stamp_amount" bigint DEFAULT 0 NOT NULL,
	"public_administration" boolean DEFAULT false NOT NULL,
	"pa_document_type" text,
	"pa_document_number" text DEFAULT '' NOT NULL,
	"pa_document_date" date,
	"pa_cig" text DEFAULT '' NOT NULL,
	"pa_cup" text DEFAULT '' NOT NULL,
	"taxable" bigint DEFAULT 0 NOT NULL,
	"total_vat" bigint DEFAULT 0 NOT NULL,
	"inps_revenge_amount" bigint DEFAULT 0 NOT NULL,
	"professionist_fund_amount" bigint DEFAULT 0 NOT NULL,
	"withholding_tax_amount" bigint DEFAULT 0 NOT NULL,
	"stamp_total" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"net_to_pay" bigint DEFAULT 0 NOT NULL,
	"buyer_snapshot" jsonb,
	"seller_snapshot" jsonb,
	"source_document_id" integer,
	"row_color" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_tenant_id_key" UNIQUE("tenant_id","id"),
	CONSTRAINT "documents_kind_check" CHECK ("documents"."kind" in ('QUOTE', 'PROFORMA', 'INVOICE', 'CREDIT_NOTE')),
	CONSTRAINT "documents_number_text_check" CHECK (("documents"."number" is null) = ("documents"."number_text" is null))
);
--> statement-breakpoint
ALTER TABLE "document_deadlines" ADD CONSTRAINT "document_deadlines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_deadlines" ADD CONSTRAINT "document_deadlines_document_fk" FOREIGN KEY ("tenant_id","document_id") REFERENCES "public"."documents"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_deadlines" ADD CONSTRAINT "document_deadlines_contact_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_deadlines" ADD CONSTRAINT "document_deadlines_bank_account_fk" FOREIGN KEY ("tenant_id","bank_account_id") REFERENCES "public"."bank_accounts"("tenant_id","id") ON DELETE SET NULL ("bank_account_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_rows" ADD CONSTRAINT "document_rows_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_rows" ADD CONSTRAINT "document_rows_document_fk" FOREIGN KEY ("tenant_id","document_id") REFERENCES "public"."documents"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_rows" ADD CONSTRAINT "document_rows_activity_fk" FOREIGN KEY ("tenant_id","activity_id") REFERENCES "public"."activities"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_rows" ADD CONSTRAINT "document_rows_item_fk" FOREIGN KEY ("tenant_id","item_id") REFERENCES "public"."items"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_rows" ADD CONSTRAINT "document_rows_service_fk" FOREIGN KEY ("tenant_id","service_id") REFERENCES "public"."services"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_rows" ADD CONSTRAINT "document_rows_vat_rate_fk" FOREIGN KEY ("tenant_id","vat_rate_id") REFERENCES "public"."vat_rates"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_state_logs" ADD CONSTRAINT "document_state_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_state_logs" ADD CONSTRAINT "document_state_logs_document_fk" FOREIGN KEY ("tenant_id","document_id") REFERENCES "public"."documents"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_state_logs" ADD CONSTRAINT "document_state_logs_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_sectional_id_invoice_sectionals_id_fk" FOREIGN KEY ("sectional_id") REFERENCES "public"."invoice_sectionals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_contact_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_bank_account_fk" FOREIGN KEY ("tenant_id","bank_account_id") REFERENCES "public"."bank_accounts"("tenant_id","id") ON DELETE SET NULL ("bank_account_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_payment_modality_fk" FOREIGN KEY ("tenant_id","payment_modality_id") REFERENCES "public"."payment_modalities"("tenant_id","id") ON DELETE SET NULL ("payment_modality_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_source_fk" FOREIGN KEY ("tenant_id","source_document_id") REFERENCES "public"."documents"("tenant_id","id") ON DELETE SET NULL ("source_document_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_deadlines_tenant_document_idx" ON "document_deadlines" USING btree ("tenant_id","document_id","position");--> statement-breakpoint
CREATE INDEX "document_deadlines_tenant_date_idx" ON "document_deadlines" USING btree ("tenant_id","deadline_date","deadline_state");--> statement-breakpoint
CREATE INDEX "document_deadlines_tenant_contact_idx" ON "document_deadlines" USING btree ("tenant_id","contact_id");--> statement-breakpoint
CREATE INDEX "document_rows_tenant_document_idx" ON "document_rows" USING btree ("tenant_id","document_id","position");--> statement-breakpoint
CREATE INDEX "document_rows_tenant_activity_idx" ON "document_rows" USING btree ("tenant_id","activity_id");--> statement-breakpoint
CREATE INDEX "document_rows_tenant_item_idx" ON "document_rows" USING btree ("tenant_id","item_id");--> statement-breakpoint
CREATE INDEX "document_rows_tenant_service_idx" ON "document_rows" USING btree ("tenant_id","service_id");--> statement-breakpoint
CREATE INDEX "document_rows_tenant_vat_idx" ON "document_rows" USING btree ("tenant_id","vat_rate_id");--> statement-breakpoint
CREATE INDEX "document_state_logs_tenant_document_idx" ON "document_state_logs" USING btree ("tenant_id","document_id","created");--> statement-breakpoint
CREATE INDEX "documents_tenant_kind_date_idx" ON "documents" USING btree ("tenant_id","kind","date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "documents_tenant_contact_idx" ON "documents" USING btree ("tenant_id","contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_series_number_key" ON "documents" USING btree ("tenant_id","kind",coalesce("sectional_id", 0),"year","number") WHERE "documents"."number" is not null;