// /api/agenda-events — Agenda: GET with start & end (Italian 'yyyy-MM-dd' or 'yyyy-MM-ddTHH:mm', at most 62 days; participant, todos=1, deadlines=1, timeEntries=1) is the calendar's range { data: [agendaEvent], items: [read-only to-dos, deadlines, time entries] }; without them the standard list (grid contract). The other standard entity calls: export, create-form-data[?start&end&allDay], update-form-data/{id}, get/{id}, create, update/{id} answering { status, message, agendaEvent }, delete/{id}.
import type { NextRequest } from "next/server";
import { agendaEventEntity, agendaRange, parseRangeQuery } from "@/db/queries/agenda-events";
import { entityRoutes } from "@/lib/api/entity-routes";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

const standard = entityRoutes(agendaEventEntity);

export const { POST, DELETE } = standard;

const range = guarded(agendaEventEntity.role, async ({ req, scope }) => ok({ ...(await agendaRange(scope, parseRangeQuery(req.nextUrl.searchParams))) }));

/** The range is the list's own variant: GET {url} with start or end. */
export async function GET(req: NextRequest, ctx: { params: Promise<{ path?: string[] }> }): Promise<Response> {
  const { path } = await ctx.params;
  const params = req.nextUrl.searchParams;
  return !path?.length && (params.has("start") || params.has("end")) ? range(req, ctx) : standard.GET(req, ctx);
}
