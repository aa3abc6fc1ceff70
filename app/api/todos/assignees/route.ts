// GET /api/todos/assignees — the tenant's enabled users for 'Assegnato a' (the grid's filter): { users: [{ id, toString }] } (query, offset, limit as any ajax select).
import { assigneeOptions, todoEntity } from "@/db/queries/todos";
import { parseOptionsQuery } from "@/lib/api/entity-routes";
import { guarded } from "@/lib/api/route";

export const GET = guarded(todoEntity.role, async ({ req, scope }) => {
  const users = await assigneeOptions(scope, parseOptionsQuery(req.nextUrl.searchParams));
  // the ajax select reads the list from the first key
  return Response.json({ users, status: "ok" });
});
