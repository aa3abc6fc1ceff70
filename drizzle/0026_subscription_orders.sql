CREATE TABLE "subscription_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"description" text NOT NULL,
	"amount" bigint NOT NULL,
	"vat_rate" text NOT NULL,
	"vat" bigint NOT NULL,
	"total" bigint NOT NULL,
	"billing" jsonb NOT NULL,
	"payment_method" text DEFAULT 'Bonifico bancario' NOT NULL,
	"payment_reference" text NOT NULL,
	"state" text DEFAULT 'In attesa di pagamento' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"confirmed_by" text,
	"expire_date_before" date,
	"expire_date_after" date
);
--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_orders_reference_key" ON "subscription_orders" USING btree ("payment_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_orders_one_open_key" ON "subscription_orders" USING btree ("tenant_id") WHERE "subscription_orders"."state" = 'In attesa di pagamento';--> statement-breakpoint
CREATE INDEX "subscription_orders_tenant_idx" ON "subscription_orders" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "subscription_orders_open_idx" ON "subscription_orders" USING btree ("id") WHERE "subscription_orders"."state" = 'In attesa di pagamento';