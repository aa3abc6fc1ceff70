CREATE TABLE "vat_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"rate" numeric(5, 2) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"natura" text,
	"active" boolean DEFAULT true NOT NULL,
	"row_color" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"vat_rate_id" integer,
	"row_color" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"vat_rate_id" integer,
	"row_color" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_commissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"from_amount" bigint DEFAULT 0 NOT NULL,
	"percentage" numeric(7, 2) DEFAULT '0' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"title_id" integer,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email1" text DEFAULT '' NOT NULL,
	"email2" text DEFAULT '' NOT NULL,
	"phone1" text DEFAULT '' NOT NULL,
	"phone2" text DEFAULT '' NOT NULL,
	"row_color" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"bank_account_type" text NOT NULL,
	"bank_name" text NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"iban" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"row_color" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_modalities" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"payment_type" text NOT NULL,
	"row_color" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_modality_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"payment_modality_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"expiration_type" text NOT NULL,
	"payment_day" integer DEFAULT 0 NOT NULL,
	"months_after" integer DEFAULT 0 NOT NULL,
	"amount_percentage" numeric(7, 2) DEFAULT '100' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_sectionals" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"typology" text NOT NULL,
	"suffix" text DEFAULT '' NOT NULL,
	"default_sectional" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"row_color" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vat_rates" ADD CONSTRAINT "vat_rates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_vat_rate_id_vat_rates_id_fk" FOREIGN KEY ("vat_rate_id") REFERENCES "public"."vat_rates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_vat_rate_id_vat_rates_id_fk" FOREIGN KEY ("vat_rate_id") REFERENCES "public"."vat_rates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_commissions" ADD CONSTRAINT "agent_commissions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_commissions" ADD CONSTRAINT "agent_commissions_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_title_id_field_values_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."field_values"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_modalities" ADD CONSTRAINT "payment_modalities_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_modality_rows" ADD CONSTRAINT "payment_modality_rows_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_modality_rows" ADD CONSTRAINT "payment_modality_rows_payment_modality_id_payment_modalities_id_fk" FOREIGN KEY ("payment_modality_id") REFERENCES "public"."payment_modalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_sectionals" ADD CONSTRAINT "invoice_sectionals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vat_rates_tenant_active_rate_idx" ON "vat_rates" USING btree ("tenant_id","active","rate");--> statement-breakpoint
CREATE INDEX "vat_rates_tenant_id_idx" ON "vat_rates" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "items_tenant_name_idx" ON "items" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "items_tenant_vat_idx" ON "items" USING btree ("tenant_id","vat_rate_id");--> statement-breakpoint
CREATE INDEX "services_tenant_name_idx" ON "services" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "services_tenant_vat_idx" ON "services" USING btree ("tenant_id","vat_rate_id");--> statement-breakpoint
CREATE INDEX "agent_commissions_tenant_agent_idx" ON "agent_commissions" USING btree ("tenant_id","agent_id","position");--> statement-breakpoint
CREATE INDEX "agents_tenant_name_idx" ON "agents" USING btree ("tenant_id","last_name","first_name");--> statement-breakpoint
CREATE INDEX "agents_tenant_title_idx" ON "agents" USING btree ("tenant_id","title_id");--> statement-breakpoint
CREATE INDEX "bank_accounts_tenant_name_idx" ON "bank_accounts" USING btree ("tenant_id","bank_name");--> statement-breakpoint
CREATE INDEX "payment_modalities_tenant_name_idx" ON "payment_modalities" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "payment_modality_rows_tenant_modality_idx" ON "payment_modality_rows" USING btree ("tenant_id","payment_modality_id","position");--> statement-breakpoint
CREATE INDEX "invoice_sectionals_tenant_name_idx" ON "invoice_sectionals" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_sectionals_tenant_suffix_key" ON "invoice_sectionals" USING btree ("tenant_id","suffix");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_sectionals_tenant_default_key" ON "invoice_sectionals" USING btree ("tenant_id") WHERE "invoice_sectionals"."default_sectional";--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_payment_modality_id_payment_modalities_id_fk" FOREIGN KEY ("payment_modality_id") REFERENCES "public"."payment_modalities"("id") ON DELETE set null ON UPDATE no action;