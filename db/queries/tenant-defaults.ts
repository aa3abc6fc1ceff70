import "server-only";
import type { TenantScope } from "@/db/scope";
import { invoiceSectionals, vatRates } from "@/db/schema";
import { DEFAULT_INVOICE_SECTIONAL } from "./invoice-sectionals";
import { DEFAULT_VAT_RATES } from "./vat-rates";
import { seedDefaultFieldValues } from "./field-values";

/**
 * What a brand-new tenant starts with. Later areas add their defaults here so sign-up, the seed and
 * tests all get the same starting point. Runs inside the tenant-creation transaction.
 * - the usual Italian VAT rates (22, 10, 5, 4) and the common 0% naturas (N2.2, N4, N3.1, N3.2, N1);
 * - one default invoice sectional ('Principale', no suffix);
 * - the usual agent titles (Dott., Ing., Avv., …) in the field-value list "title".
 */
export async function initTenantDefaults(scope: TenantScope): Promise<void> {
  for (const rate of DEFAULT_VAT_RATES) await scope.insert(vatRates, { ...rate, active: true });
  await scope.insert(invoiceSectionals, { ...DEFAULT_INVOICE_SECTIONAL });
  await seedDefaultFieldValues(scope);
}
