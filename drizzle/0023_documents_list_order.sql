DROP INDEX "documents_tenant_kind_date_idx";--> statement-breakpoint
CREATE INDEX "documents_tenant_date_idx" ON "documents" USING btree ("tenant_id","date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "documents_tenant_kind_date_idx" ON "documents" USING btree ("tenant_id","kind","date" DESC NULLS FIRST,"id" DESC NULLS FIRST);