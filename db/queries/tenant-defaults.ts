import type { TenantScope } from "@/db/scope";

/**
 * What a brand-new tenant starts with. Later areas add their defaults here (VAT rates, the default
 * invoice sectional, …) so sign-up, the seed and tests all get the same starting point.
 */
export async function initTenantDefaults(_scope: TenantScope): Promise<void> {}
