DROP INDEX "field_values_tenant_field_value_id_idx";--> statement-breakpoint
-- INCLUDE (written by hand: drizzle-kit has no syntax for it) keeps the grid's deep-offset id scan index-only
CREATE INDEX "field_values_tenant_field_lower_value_id_idx" ON "field_values" USING btree ("tenant_id","field_name",lower("field_value"),"id") INCLUDE ("field_value");