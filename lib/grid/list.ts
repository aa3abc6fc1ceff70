/**
 * Runs a grid definition (define.ts) for a request: the list route (lib/api/entity-routes.ts) and the
 * server component's first block (components/grid/load-first-block.ts) both call listGrid, so the first
 * paint and the client's own requests get the same answers. Kept apart from define.ts, which the entity
 * declarations import: declaring a grid loads no query code, and the query modules import the
 * declaration types without a cycle.
 */
import type { TenantScope } from "@/db/scope";
import type { Grid, GridIds, GridPage } from "./define";
import { queryGrid, queryGridIds } from "./query";
import { parseGridRequest, type GridRequestInput } from "./request";
import { queryTotals } from "./totals";

/**
 * The list query for server components (first block on first paint) and for the list route.
 * `searchParams` is the same query the client sends (URLSearchParams or a plain object).
 * Totals come with `totals=1` in the query or `{ totals: true }` (the server component's first block),
 * when the grid declares them; they run beside the page and the count.
 */
export async function listGrid<P extends Record<string, unknown>>(
  scope: TenantScope,
  grid: Grid<P>,
  searchParams: GridRequestInput,
  options: { totals?: boolean } = {},
): Promise<GridPage> {
  const request = parseGridRequest(grid, searchParams, scope);
  const withTotals = (request.withTotals || options.totals === true) && grid.totals.length > 0;
  const [page, totals] = await Promise.all([queryGrid(scope, grid, request), withTotals ? queryTotals(scope, grid, request) : undefined]);
  return totals ? { ...page, totals } : page;
}

/** All ids of the filtered set (select-all), capped at 1,000,000. */
export async function listGridIds<P extends Record<string, unknown>>(
  scope: TenantScope,
  grid: Grid<P>,
  searchParams: GridRequestInput,
): Promise<GridIds> {
  const request = parseGridRequest(grid, searchParams, scope);
  return queryGridIds(scope, grid, request);
}
