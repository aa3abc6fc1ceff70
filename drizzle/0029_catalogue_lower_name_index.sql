DROP INDEX "items_tenant_name_idx";--> statement-breakpoint
DROP INDEX "services_tenant_name_idx";--> statement-breakpoint
CREATE INDEX "items_tenant_lower_name_id_idx" ON "items" USING btree ("tenant_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "services_tenant_lower_name_id_idx" ON "services" USING btree ("tenant_id",lower("name"),"id");