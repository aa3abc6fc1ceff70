-- Anagrafica: contacts (customers and suppliers) and their referents. References between tenant tables
-- are composite (tenant_id, x_id) foreign keys; bank_accounts gets its (tenant_id, id) key first, since the
-- contacts' bank-account defaults point at it. The payment defaults and the agent are preferences: deleting
-- the record clears them, with SET NULL naming its column (PostgreSQL 15+; clearing tenant_id too would
-- break its NOT NULL) — drizzle-kit writes a bare SET NULL, edited here by hand as in 0006.
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_tenant_id_key" UNIQUE("tenant_id","id");
--> statement-breakpoint
CREATE TABLE "contact_referents" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"name" text GENERATED ALWAYS AS (case when "kind" = 'COMPANY' then "company_name" else trim("last_name" || ' ' || "first_name") end) STORED NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"is_customer" boolean DEFAULT true NOT NULL,
	"is_supplier" boolean DEFAULT false NOT NULL,
	"vat_country" text DEFAULT 'IT' NOT NULL,
	"vat_number" text DEFAULT '' NOT NULL,
	"fiscal_code" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'IT' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"pec" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"sdi_code" text DEFAULT '' NOT NULL,
	"public_administration" boolean DEFAULT false NOT NULL,
	"split_payment" boolean DEFAULT false NOT NULL,
	"withholding_agent" boolean DEFAULT true NOT NULL,
	"hourly_price" bigint,
	"customer_payment_modality_id" integer,
	"customer_bank_account_id" integer,
	"supplier_payment_modality_id" integer,
	"supplier_bank_account_id" integer,
	"agent_id" integer,
	"notes" text DEFAULT '' NOT NULL,
	"row_color" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_tenant_id_key" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "contact_referents" ADD CONSTRAINT "contact_referents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_referents" ADD CONSTRAINT "contact_referents_contact_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_customer_payment_modality_fk" FOREIGN KEY ("tenant_id","customer_payment_modality_id") REFERENCES "public"."payment_modalities"("tenant_id","id") ON DELETE SET NULL ("customer_payment_modality_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_customer_bank_account_fk" FOREIGN KEY ("tenant_id","customer_bank_account_id") REFERENCES "public"."bank_accounts"("tenant_id","id") ON DELETE SET NULL ("customer_bank_account_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_supplier_payment_modality_fk" FOREIGN KEY ("tenant_id","supplier_payment_modality_id") REFERENCES "public"."payment_modalities"("tenant_id","id") ON DELETE SET NULL ("supplier_payment_modality_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_supplier_bank_account_fk" FOREIGN KEY ("tenant_id","supplier_bank_account_id") REFERENCES "public"."bank_accounts"("tenant_id","id") ON DELETE SET NULL ("supplier_bank_account_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_agent_fk" FOREIGN KEY ("tenant_id","agent_id") REFERENCES "public"."agents"("tenant_id","id") ON DELETE SET NULL ("agent_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_referents_tenant_contact_idx" ON "contact_referents" USING btree ("tenant_id","contact_id","position");--> statement-breakpoint
CREATE INDEX "contacts_tenant_lower_name_id_idx" ON "contacts" USING btree ("tenant_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin ("name" gin_trgm_ops,"code" gin_trgm_ops,"vat_number" gin_trgm_ops,"fiscal_code" gin_trgm_ops,"email" gin_trgm_ops,"city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_tenant_vat_idx" ON "contacts" USING btree ("tenant_id","vat_number");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_tenant_code_key" ON "contacts" USING btree ("tenant_id",lower("code")) WHERE "contacts"."code" <> '';