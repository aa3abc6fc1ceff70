CREATE TABLE "expenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"document_number" text DEFAULT '' NOT NULL,
	"document_date" date NOT NULL,
	"contact_id" integer NOT NULL,
	"bank_account_id" integer,
	"payment_modality_id" integer,
	"details" text DEFAULT '' NOT NULL,
	"taxable" bigint DEFAULT 0 NOT NULL,
	"total_vat" bigint DEFAULT 0 NOT NULL,
	"withholding_tax_amount" bigint DEFAULT 0 NOT NULL,
	"withholding_tax_amount_plus" bigint DEFAULT 0 NOT NULL,
	"stamp_amount" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"xml_attachment_id" integer,
	"original_attachment_id" integer,
	"document_type" text,
	"imported" boolean DEFAULT false NOT NULL,
	"imported_at" timestamp with time zone,
	"row_color" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_tenant_id_key" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "document_deadlines" ALTER COLUMN "document_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "document_deadlines" ADD COLUMN "expense_id" integer;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_contact_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_bank_account_fk" FOREIGN KEY ("tenant_id","bank_account_id") REFERENCES "public"."bank_accounts"("tenant_id","id") ON DELETE set null ("bank_account_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_payment_modality_fk" FOREIGN KEY ("tenant_id","payment_modality_id") REFERENCES "public"."payment_modalities"("tenant_id","id") ON DELETE set null ("payment_modality_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_xml_attachment_fk" FOREIGN KEY ("tenant_id","xml_attachment_id") REFERENCES "public"."attachments"("tenant_id","id") ON DELETE set null ("xml_attachment_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_original_attachment_fk" FOREIGN KEY ("tenant_id","original_attachment_id") REFERENCES "public"."attachments"("tenant_id","id") ON DELETE set null ("original_attachment_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expenses_tenant_date_idx" ON "expenses" USING btree ("tenant_id","document_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "expenses_tenant_contact_idx" ON "expenses" USING btree ("tenant_id","contact_id","document_number");--> statement-breakpoint
ALTER TABLE "document_deadlines" ADD CONSTRAINT "document_deadlines_expense_fk" FOREIGN KEY ("tenant_id","expense_id") REFERENCES "public"."expenses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_deadlines_tenant_expense_idx" ON "document_deadlines" USING btree ("tenant_id","expense_id","position");--> statement-breakpoint
ALTER TABLE "document_deadlines" ADD CONSTRAINT "document_deadlines_owner_check" CHECK (("document_deadlines"."document_id" is null) <> ("document_deadlines"."expense_id" is null));