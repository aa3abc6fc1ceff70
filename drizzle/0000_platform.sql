CREATE TABLE "tenants" (
	"id" serial PRIMARY KEY NOT NULL,
	"denomination" text NOT NULL,
	"fiscal_code" text DEFAULT '' NOT NULL,
	"vat" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"hourly_price" bigint DEFAULT 0 NOT NULL,
	"contact_with_code" boolean DEFAULT false NOT NULL,
	"footer" text DEFAULT '' NOT NULL,
	"invoice_proforma_details" text DEFAULT '' NOT NULL,
	"invoice_details" text DEFAULT '' NOT NULL,
	"tax_regime" text DEFAULT 'RF01' NOT NULL,
	"payment_modality_id" integer,
	"inps_revenge_name" text DEFAULT 'Rivalsa INPS' NOT NULL,
	"inps_revenge" numeric(7, 2) DEFAULT '0' NOT NULL,
	"professionist_fund_name" text DEFAULT '' NOT NULL,
	"professionist_fund" numeric(7, 2) DEFAULT '0' NOT NULL,
	"withholding_tax_apply" boolean DEFAULT false NOT NULL,
	"withholding_tax_percentage" numeric(7, 2) DEFAULT '20' NOT NULL,
	"stamp_apply" boolean DEFAULT false NOT NULL,
	"stamp_amount" bigint DEFAULT 200 NOT NULL,
	"invoice_check_numeration_dates" boolean DEFAULT false NOT NULL,
	"invoice_email_subject" text DEFAULT '' NOT NULL,
	"invoice_email_body" text DEFAULT '' NOT NULL,
	"office_time_start" text DEFAULT '08:00' NOT NULL,
	"office_time_end" text DEFAULT '18:00' NOT NULL,
	"margin_calendar_start" integer DEFAULT 60 NOT NULL,
	"margin_calendar_end" integer DEFAULT 60 NOT NULL,
	"hide_saturday" boolean DEFAULT false NOT NULL,
	"hide_sunday" boolean DEFAULT true NOT NULL,
	"logo" "bytea",
	"logo_content_type" text,
	"logo_thumb" "bytea",
	"expire_date" date NOT NULL,
	"is_free" boolean DEFAULT true NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '#7c3aed' NOT NULL,
	"roles" jsonb DEFAULT '["ROLE_USER"]'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"provider" text NOT NULL,
	"provider_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_tokens" ADD CONSTRAINT "password_tokens_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_tokens" ADD CONSTRAINT "password_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_tenant_idx" ON "users" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_tenant_idx" ON "mail_outbox" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "password_tokens_user_idx" ON "password_tokens" USING btree ("tenant_id","user_id");