DROP INDEX "document_deadlines_tenant_date_idx";--> statement-breakpoint
ALTER TABLE "document_deadlines" ADD COLUMN "direction" text;--> statement-breakpoint
-- the direction of a deadline: kept by triggers so every writer (saves, issue, convert, imports, set-based seeds) agrees
CREATE FUNCTION "document_deadline_direction"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.expense_id IS NOT NULL THEN
    NEW.direction := 'OUT';
  ELSE
    SELECT CASE WHEN d.number IS NULL THEN NULL WHEN d.kind = 'INVOICE' THEN 'IN' WHEN d.kind = 'CREDIT_NOTE' THEN 'OUT' END
      INTO NEW.direction FROM documents d WHERE d.tenant_id = NEW.tenant_id AND d.id = NEW.document_id;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "document_deadlines_direction" BEFORE INSERT OR UPDATE OF "document_id", "expense_id", "direction" ON "document_deadlines" FOR EACH ROW EXECUTE FUNCTION "document_deadline_direction"();--> statement-breakpoint
CREATE FUNCTION "documents_deadline_direction"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE document_deadlines SET direction = NULL WHERE tenant_id = NEW.tenant_id AND document_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "documents_deadline_direction" AFTER UPDATE OF "number", "kind" ON "documents" FOR EACH ROW WHEN (OLD.number IS DISTINCT FROM NEW.number OR OLD.kind IS DISTINCT FROM NEW.kind) EXECUTE FUNCTION "documents_deadline_direction"();--> statement-breakpoint
UPDATE "document_deadlines" SET "direction" = NULL;--> statement-breakpoint
CREATE INDEX "document_deadlines_tenant_state_date_idx" ON "document_deadlines" USING btree ("tenant_id","deadline_state","deadline_date","direction","amount") WHERE "document_deadlines"."direction" is not null;--> statement-breakpoint
CREATE INDEX "document_deadlines_tenant_date_idx" ON "document_deadlines" USING btree ("tenant_id","deadline_date","deadline_state","direction","amount") WHERE "document_deadlines"."direction" is not null;--> statement-breakpoint
ALTER TABLE "document_deadlines" ADD CONSTRAINT "document_deadlines_direction_check" CHECK ("document_deadlines"."direction" in ('IN', 'OUT'));