ALTER TABLE "documents" ADD COLUMN "electronic_invoice_file_name" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "electronic_invoice_xml" "bytea";--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "electronic_invoice_created" timestamp with time zone;