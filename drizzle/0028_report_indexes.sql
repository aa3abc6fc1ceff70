DROP INDEX "time_entries_tenant_date_idx";--> statement-breakpoint
DROP INDEX "time_entries_tenant_activity_idx";--> statement-breakpoint
ALTER TABLE "time_entries" ADD COLUMN "customer_rate" integer;--> statement-breakpoint
-- an entry's customer rate: kept by triggers so every writer (saves, imports, set-based seeds) agrees
CREATE FUNCTION "time_entry_customer_rate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.hourly_price INTO NEW.customer_rate FROM activities a JOIN contacts c ON c.tenant_id = a.tenant_id AND c.id = a.contact_id
    WHERE a.tenant_id = NEW.tenant_id AND a.id = NEW.activity_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "time_entries_customer_rate" BEFORE INSERT OR UPDATE OF "activity_id", "customer_rate" ON "time_entries" FOR EACH ROW EXECUTE FUNCTION "time_entry_customer_rate"();--> statement-breakpoint
CREATE FUNCTION "contacts_time_entry_rate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE time_entries te SET customer_rate = NULL FROM activities a
    WHERE a.tenant_id = NEW.tenant_id AND a.contact_id = NEW.id AND te.tenant_id = a.tenant_id AND te.activity_id = a.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "contacts_time_entry_rate" AFTER UPDATE OF "hourly_price" ON "contacts" FOR EACH ROW WHEN (OLD.hourly_price IS DISTINCT FROM NEW.hourly_price) EXECUTE FUNCTION "contacts_time_entry_rate"();--> statement-breakpoint
CREATE FUNCTION "activities_time_entry_rate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE time_entries SET customer_rate = NULL WHERE tenant_id = NEW.tenant_id AND activity_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "activities_time_entry_rate" AFTER UPDATE OF "contact_id" ON "activities" FOR EACH ROW WHEN (OLD.contact_id IS DISTINCT FROM NEW.contact_id) EXECUTE FUNCTION "activities_time_entry_rate"();--> statement-breakpoint
UPDATE "time_entries" SET "customer_rate" = NULL;--> statement-breakpoint
CREATE INDEX "document_deadlines_tenant_paid_idx" ON "document_deadlines" USING btree ("tenant_id","payment_date","direction","contact_id","amount") WHERE "document_deadlines"."deadline_state" = 'Saldato' and "document_deadlines"."direction" is not null;--> statement-breakpoint
CREATE INDEX "documents_tenant_report_idx" ON "documents" USING btree ("tenant_id","date","kind","contact_id","total","total_vat") WHERE "documents"."kind" in ('INVOICE', 'CREDIT_NOTE') and "documents"."number" is not null and "documents"."state" <> 'Bozza';--> statement-breakpoint
CREATE INDEX "time_entries_tenant_date_idx" ON "time_entries" USING btree ("tenant_id","work_date","id","activity_id","user_id","minutes","billable","invoiced","customer_rate");--> statement-breakpoint
CREATE INDEX "time_entries_tenant_activity_idx" ON "time_entries" USING btree ("tenant_id","activity_id","work_date","minutes","billable","invoiced","user_id","customer_rate");