-- References between tenant tables become composite foreign keys (tenant_id, x_id) → (tenant_id, id):
-- the database itself refuses a row that points at another tenant's record. The targets get a
-- (tenant_id, id) unique key first. SET NULL names its column (PostgreSQL 15+), since clearing
-- tenant_id too would break its NOT NULL; drizzle-kit writes a bare SET NULL, edited here by hand.
ALTER TABLE "tenants" DROP CONSTRAINT "tenants_payment_modality_id_payment_modalities_id_fk";
--> statement-breakpoint
ALTER TABLE "password_tokens" DROP CONSTRAINT "password_tokens_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "items" DROP CONSTRAINT "items_vat_rate_id_vat_rates_id_fk";
--> statement-breakpoint
ALTER TABLE "services" DROP CONSTRAINT "services_vat_rate_id_vat_rates_id_fk";
--> statement-breakpoint
ALTER TABLE "agent_commissions" DROP CONSTRAINT "agent_commissions_agent_id_agents_id_fk";
--> statement-breakpoint
ALTER TABLE "agents" DROP CONSTRAINT "agents_title_id_field_values_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_modality_rows" DROP CONSTRAINT "payment_modality_rows_payment_modality_id_payment_modalities_id_fk";
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_key" UNIQUE("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "field_values" ADD CONSTRAINT "field_values_tenant_id_key" UNIQUE("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "vat_rates" ADD CONSTRAINT "vat_rates_tenant_id_key" UNIQUE("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_tenant_id_key" UNIQUE("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_tenant_id_key" UNIQUE("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_tenant_id_key" UNIQUE("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "payment_modalities" ADD CONSTRAINT "payment_modalities_tenant_id_key" UNIQUE("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_payment_modality_fk" FOREIGN KEY ("id","payment_modality_id") REFERENCES "public"."payment_modalities"("tenant_id","id") ON DELETE SET NULL ("payment_modality_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "password_tokens" ADD CONSTRAINT "password_tokens_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_vat_rate_fk" FOREIGN KEY ("tenant_id","vat_rate_id") REFERENCES "public"."vat_rates"("tenant_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_vat_rate_fk" FOREIGN KEY ("tenant_id","vat_rate_id") REFERENCES "public"."vat_rates"("tenant_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "agent_commissions" ADD CONSTRAINT "agent_commissions_agent_fk" FOREIGN KEY ("tenant_id","agent_id") REFERENCES "public"."agents"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_title_fk" FOREIGN KEY ("tenant_id","title_id") REFERENCES "public"."field_values"("tenant_id","id") ON DELETE SET NULL ("title_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_modality_rows" ADD CONSTRAINT "payment_modality_rows_modality_fk" FOREIGN KEY ("tenant_id","payment_modality_id") REFERENCES "public"."payment_modalities"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
