import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { TenantScope } from "@/db/scope";
import { getCurrentUser } from "@/lib/auth/current-user";
import { listGrid, type Grid, type GridPage } from "@/lib/grid/define";

/**
 * The first block of a grid page, for server components: the same query as the list route, run in
 * the current user's tenant scope, so the list shows rows on first paint. Call it inside
 * <ShellPage>, which has already checked the route's role.
 */
export async function loadFirstBlock<P extends Record<string, unknown>>(grid: Grid<P>, params: Record<string, string> = {}): Promise<GridPage> {
  const user = await getCurrentUser();
  if (!user) redirect("/login");
  return listGrid(new TenantScope(await getDb(), user.tenantId), grid, params);
}
