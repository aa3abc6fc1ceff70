-- Received invoices read as the law reads them (issue 28, db/queries/expense-import.ts). Written by hand.
-- The TipoDocumento of every purchase invoice: one typed by hand is an invoice (TD01); the list shows and filters it,
-- and a credit from the supplier (TD04, TD08) is kept with negative amounts.
UPDATE "expenses" SET "document_type" = 'TD01' WHERE "document_type" IS NULL OR "document_type" = '';--> statement-breakpoint
ALTER TABLE "expenses" ALTER COLUMN "document_type" SET DEFAULT 'TD01';--> statement-breakpoint
ALTER TABLE "expenses" ALTER COLUMN "document_type" SET NOT NULL;--> statement-breakpoint
-- credits imported before this migration were stored positive: signed as they enter what is owed
UPDATE "expenses" SET "taxable" = -"taxable", "total_vat" = -"total_vat", "withholding_tax_amount" = -"withholding_tax_amount", "withholding_tax_amount_plus" = -"withholding_tax_amount_plus"
  WHERE "document_type" IN ('TD04', 'TD08') AND "imported" AND "taxable" + "total_vat" > 0;--> statement-breakpoint
-- split payment: the part of the total not owed to the supplier (the VAT paid to the State); owed = total less it
ALTER TABLE "expenses" ADD COLUMN "split_payment_vat" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- document-level discounts, surcharges and rounding: the file's total less taxable and VAT
ALTER TABLE "expenses" ADD COLUMN "document_adjustment" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- the signature of an imported file: 'verificata', 'presente, non verificata', 'assente' (null: not imported)
ALTER TABLE "expenses" ADD COLUMN "signature" text;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "supplier_warnings" jsonb DEFAULT '[]'::jsonb NOT NULL;
