-- Conversions happen once and credit notes name the invoice they correct (issue 27, db/queries/invoice-actions.ts,
-- db/queries/deadlines.ts netCreditNote). Written by hand: the composite foreign keys clear their own column only
-- (SET NULL naming it, PostgreSQL 15+; clearing tenant_id too would break its NOT NULL), as in 0011.
-- converted_to_id: the document a quote or proforma was converted into (its one conversion); deleting that document
-- makes the source convertible again.
ALTER TABLE "documents" ADD COLUMN "converted_to_id" integer;--> statement-breakpoint
-- the invoice a credit note corrects, typed in the form when the credit note was not made from it (DatiFattureCollegate)
ALTER TABLE "documents" ADD COLUMN "corrected_invoice_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "corrected_invoice_date" date;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_converted_to_fk" FOREIGN KEY ("tenant_id","converted_to_id") REFERENCES "public"."documents"("tenant_id","id") ON DELETE SET NULL ("converted_to_id") ON UPDATE no action;--> statement-breakpoint
-- a document is the conversion of one source at most; the index also serves the foreign key's check on delete
CREATE UNIQUE INDEX "documents_converted_to_key" ON "documents" USING btree ("tenant_id","converted_to_id") WHERE "documents"."converted_to_id" is not null;--> statement-breakpoint
-- the credit note whose issue settled this deadline (Stornato): its deletion gives the deadline back
ALTER TABLE "document_deadlines" ADD COLUMN "credit_note_id" integer;--> statement-breakpoint
ALTER TABLE "document_deadlines" ADD CONSTRAINT "document_deadlines_credit_note_fk" FOREIGN KEY ("tenant_id","credit_note_id") REFERENCES "public"."documents"("tenant_id","id") ON DELETE SET NULL ("credit_note_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_deadlines_tenant_credit_note_idx" ON "document_deadlines" USING btree ("tenant_id","credit_note_id") WHERE "document_deadlines"."credit_note_id" is not null;--> statement-breakpoint
-- the conversions made before this migration: each quote or proforma points at its latest conversion (a copy of an
-- allowed kind change: QUOTE→PROFORMA, QUOTE→INVOICE, PROFORMA→INVOICE)
UPDATE "documents" s SET "converted_to_id" = c."id"
  FROM (
    SELECT DISTINCT ON (t."tenant_id", t."source_document_id") t."tenant_id", t."source_document_id", t."id"
    FROM "documents" t JOIN "documents" f ON f."tenant_id" = t."tenant_id" AND f."id" = t."source_document_id"
    WHERE (f."kind", t."kind") IN (('QUOTE', 'PROFORMA'), ('QUOTE', 'INVOICE'), ('PROFORMA', 'INVOICE'))
    ORDER BY t."tenant_id", t."source_document_id", t."id" DESC
  ) c
  WHERE s."tenant_id" = c."tenant_id" AND s."id" = c."source_document_id";
