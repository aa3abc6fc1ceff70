CREATE TABLE "field_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"field_name" text NOT NULL,
	"field_value" text NOT NULL,
	"row_color" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "field_values" ADD CONSTRAINT "field_values_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "field_values_tenant_field_value_idx" ON "field_values" USING btree ("tenant_id","field_name","field_value");--> statement-breakpoint
CREATE INDEX "field_values_tenant_id_idx" ON "field_values" USING btree ("tenant_id","id");