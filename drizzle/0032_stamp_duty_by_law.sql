-- Issue 27: the bollo (€2.00 when the amounts not subject to VAT exceed €77.47, DPR 642/72 and rules §3.5) is due by
-- law on every document, from a tenant's first invoice; the only choice left is who bears it. The tenant setting
-- stamp_apply changes meaning: it was "apply the bollo" (recharged to the customer), it is now 'Marca da bollo a
-- proprio carico' (the issuer bears it, no recharge row). Every tenant goes to false: those who had it on wanted
-- the bollo recharged, which false now means; those who had it off issued none and from now on recharge it, the
-- law's default (the customer pays it by contract) until they tick the box. An amount of 0 becomes the law's 2.00,
-- the column's default (200 since 0000, restated).
UPDATE "tenants" SET "stamp_apply" = false WHERE "stamp_apply";--> statement-breakpoint
UPDATE "tenants" SET "stamp_amount" = 200 WHERE "stamp_amount" = 0;--> statement-breakpoint
ALTER TABLE "tenants" ALTER COLUMN "stamp_amount" SET DEFAULT 200;--> statement-breakpoint
-- Documents: stamp_amount 0 meant "no bollo"; the calculation now reads 0 as 2.00 (lib/fiscal/calculate.ts). A
-- document already numbered keeps the figures it was issued with (stored totals, deadlines, a file perhaps sent):
-- its bollo, when due, is the issuer's (stamp_borne_by_issuer: DatiBollo and the wording, no recharge row, the same
-- amounts), as it is in fact for an invoice that left without the recharge. A draft takes the law's 2.00 and, as a
-- new document does, recharges it at its next save.
UPDATE "documents" SET "stamp_amount" = 200, "stamp_borne_by_issuer" = true WHERE "stamp_amount" = 0 AND "number" IS NOT NULL;--> statement-breakpoint
UPDATE "documents" SET "stamp_amount" = 200 WHERE "stamp_amount" = 0;
