DROP INDEX "field_values_tenant_field_value_idx";--> statement-breakpoint
CREATE INDEX "field_values_tenant_field_value_id_idx" ON "field_values" USING btree ("tenant_id","field_name","field_value","id");--> statement-breakpoint
CREATE INDEX "field_values_value_trgm_idx" ON "field_values" USING gin ("field_value" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "field_values_tenant_created_idx" ON "field_values" USING btree ("tenant_id","created_at");