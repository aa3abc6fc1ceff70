import { redirect } from "next/navigation";
import type { Role } from "@/db/schema";
import { authorize } from "@/lib/api/route";
import { getCurrentUser, hasRole } from "@/lib/auth/current-user";
import type { Grid, GridPage } from "@/lib/grid/define";
import { listGrid } from "@/lib/grid/list";

/**
 * The first block of a grid page, for server components: the same query as the list route, with the
 * scope from the same guard decision as the handlers (session, role), so the list shows rows on first
 * paint. Rendered inside <ShellPage>, which has already applied the navigation rules.
 */
export async function loadFirstBlock<P extends Record<string, unknown>>(grid: Grid<P>, role: Role | null, params: Record<string, string> = {}): Promise<GridPage> {
  const user = await getCurrentUser();
  if (!user) redirect("/login");
  // a page whose route (lib/navigation.ts) lets in a role its entity refuses (issue 29: ROLE_USER on
  // /operazioni-pianificate answered 500): the refusal page, never the guard's 403 thrown through a render (and
  // not the last route: the proxy may just have remembered this very page)
  if (!hasRole(user, role)) redirect("/auth/access");
  const { scope } = await authorize(user, role);
  // the first block also carries the footer totals (when the grid declares them), as the client's first request does
  return listGrid(scope, grid, params, { totals: true });
}
