-- No two identical VAT rates in a tenant. Rates saved twice before this rule keep their place with the
-- id added to the description of the later ones, so the index can be built.
UPDATE "vat_rates" v SET "description" = v."description" || ' (' || v."id" || ')'
WHERE EXISTS (
  SELECT 1 FROM "vat_rates" o
  WHERE o."tenant_id" = v."tenant_id" AND o."rate" = v."rate" AND coalesce(o."natura", '') = coalesce(v."natura", '')
    AND lower(o."description") = lower(v."description") AND o."id" < v."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "vat_rates_tenant_same_key" ON "vat_rates" USING btree ("tenant_id","rate",coalesce("natura", ''),lower("description"));
