/**
 * The standard route handlers of an entity, derived from its declaration (db/entity.ts). One
 * optional catch-all route file per entity serves them all:
 *
 *   // app/api/items/[[...path]]/route.ts
 *   export const { GET, POST, DELETE } = entityRoutes(itemEntity);
 *
 *   GET    {url}                        list (grid contract, or { data } without a grid); ids=1 → every id
 *   GET    {url}/export                 CSV/XLSX of the filtered list (streamed)
 *   GET    {url}/create-form-data       { [field]: draft, formData }
 *   GET    {url}/update-form-data/{id}  { [field]: record, formData }
 *   GET    {url}/get/{id}               { [field]: record }
 *   GET    {url}/get-filtered-list      ajax-select options { options: [{ id, toString }] } (query, offset, limit, and
 *                                        the entity's own filter parameters: selectable.filter)
 *   POST   {url}                        create (multipart, JSON field [field]): 'Salvataggio effettuato'
 *   POST   {url}/{id}                   update (version required: stale → 409): 'Modifica effettuata'
 *                                        (both answer { status, message, dialogMessage?, [field] }: dialogMessage
 *                                        from the declaration's saveNotice, when it has something to say)
 *   POST   {url}[/{id}]?issue=1         (an entity routed with options.issue: the sales documents) save and issue in
 *                                        the save's one transaction: options.issue turns the input into the issued
 *                                        one, so the save's own hooks number it; a refusal writes nothing
 *   DELETE {url}/{id}                   delete (in use → 409)
 *   (an entity with attachments: the saves also take filesContent[index] parts, streamed into the attachment
 *   store, lib/api/attachments.ts; its get-file/{id}/files/{fileId} is a route of its own)
 *
 * Entity-specific calls are route files of their own beside it (static segments win over the catch-all).
 */
import "server-only";
import type { AnyEntity } from "@/db/entity";
import { DELETED_MESSAGE, SAVED_MESSAGE, UPDATED_MESSAGE } from "@/db/entity";
import { BadRequestError, NotFoundError } from "@/lib/errors";
import { exportGridResponse } from "@/lib/grid/export";
import { listGrid, listGridIds } from "@/lib/grid/list";
import { optionsQuerySchema, type OptionsQuery } from "@/lib/schemas/options-query";
import { readSaveWithFiles } from "./attachments";
import { parseId, readEntity, validate } from "./body";
import { ok } from "./respond";
import { guarded, type GuardedContext, type RouteHandler } from "./route";

type Ctx = GuardedContext<{ path?: string[] }>;

export const UNKNOWN_CALL = "Operazione non trovata";

function segments(ctx: Ctx): string[] {
  return ctx.params.path ?? [];
}

/** ?query=&offset=&limit= of an ajax select (400 on anything else). */
export function parseOptionsQuery(params: URLSearchParams): OptionsQuery {
  return validate(optionsQuerySchema, { query: params.get("query") ?? undefined, offset: params.get("offset") || undefined, limit: params.get("limit") || undefined });
}

/** The ajax select reads the list from the FIRST key of the response. */
export function optionsResponse(options: unknown[]): Response {
  return Response.json({ options, status: "ok" });
}

export const ISSUE_PARAM_INVALID = 'Il parametro "issue" deve essere 1';

export interface EntityRouteOptions {
  /**
   * POST ?issue=1: the input as it is saved when the caller asks to issue it too (the same save, hooks and transaction).
   * Without it, ?issue is refused (400): an entity that cannot be issued does not save silently as if it had been.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the entity's own input type (AnyEntity is untyped too)
  issue?: (input: any) => any;
}

/** ?issue=1 (or true) of a save; absent: a plain save; anything else, or an entity without options.issue: 400. */
function issueAsked(params: URLSearchParams, options: EntityRouteOptions): boolean {
  const value = params.get("issue");
  if (value === null || value === "0" || value === "false") return false;
  if ((value !== "1" && value !== "true") || !options.issue) throw new BadRequestError(ISSUE_PARAM_INVALID);
  return true;
}

export function entityRoutes(entity: AnyEntity, options: EntityRouteOptions = {}): { GET: RouteHandler; POST: RouteHandler; DELETE: RouteHandler } {
  const { field } = entity.api;

  async function list({ req, scope }: Ctx): Promise<Response> {
    const params = req.nextUrl.searchParams;
    if (!entity.grid) return ok({ data: await entity.listAll(scope) });
    if (params.get("ids") === "1" || params.get("ids") === "true") return ok({ ...(await listGridIds(scope, entity.grid, params)) });
    return ok({ ...(await listGrid(scope, entity.grid, params)) });
  }

  const GET = guarded<{ path?: string[] }>(entity.role, async (ctx) => {
    const [first, second, ...rest] = segments(ctx);
    if (rest.length > 0) throw new NotFoundError(UNKNOWN_CALL);
    if (first === undefined) return list(ctx);
    if (second === undefined) {
      if (first === "export" && entity.grid) return exportGridResponse(ctx.scope, entity.grid, ctx.req.nextUrl.searchParams);
      if (first === "create-form-data") return ok(await entity.formDataResponse(ctx.scope, undefined, ctx.req.nextUrl.searchParams));
      if (first === "get-filtered-list" && entity.selectable) {
        const params = ctx.req.nextUrl.searchParams;
        return optionsResponse(await entity.options(ctx.scope, parseOptionsQuery(params), entity.selectable.filter?.(params)));
      }
    } else {
      if (first === "update-form-data") return ok(await entity.formDataResponse(ctx.scope, parseId(second)));
      if (first === "get") return ok({ [field]: await entity.get(ctx.scope, parseId(second)) });
    }
    throw new NotFoundError(UNKNOWN_CALL);
  });

  const POST = guarded<{ path?: string[] }>(entity.role, async (ctx) => {
    const path = segments(ctx);
    if (path.length > 1) throw new NotFoundError(UNKNOWN_CALL);
    const id = path.length === 1 ? parseId(path[0]) : undefined;
    const issue = issueAsked(ctx.req.nextUrl.searchParams, options);
    const asSaved = <T,>(input: T): T => (issue ? options.issue!(input) : input);
    let saved;
    if (entity.attachments) {
      // new files stream into the attachment store as they arrive; the save links them or they go
      const body = await readSaveWithFiles(ctx.req, ctx.scope, field, entity.input, entity.attachments.kind);
      try {
        const input = asSaved(body.input);
        saved = id === undefined ? await entity.create(ctx.scope, input, body.staged) : await entity.update(ctx.scope, id, input, body.staged);
      } catch (err) {
        await body.discard();
        throw err;
      }
    } else {
      const input = asSaved(await readEntity(ctx.req, field, entity.input));
      saved = id === undefined ? await entity.create(ctx.scope, input) : await entity.update(ctx.scope, id, input);
    }
    const dialogMessage = await entity.saveNotice?.(ctx.scope, saved);
    return ok({ message: id === undefined ? SAVED_MESSAGE : UPDATED_MESSAGE, ...(dialogMessage ? { dialogMessage } : {}), [field]: saved });
  });

  const DELETE = guarded<{ path?: string[] }>(entity.role, async (ctx) => {
    const path = segments(ctx);
    if (path.length !== 1) throw new NotFoundError(UNKNOWN_CALL);
    await entity.remove(ctx.scope, parseId(path[0]));
    return ok({ message: DELETED_MESSAGE });
  });

  return { GET, POST, DELETE };
}
