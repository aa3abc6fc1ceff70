/**
 * One declaration per entity. An entity is declared once — table, input schema, response schema,
 * grid, role, API (base URL and JSON field), new-record draft, the references it may hold and its
 * embedded rows — and everything standard is derived from it:
 *
 * - the data operations every entity has, written once here: formData (create-form-data and
 *   update-form-data), get, create, update (getOrThrow, then the version check), remove (one
 *   constraint-error mapping), options (get-filtered-list, one signature), listAll;
 * - the route handlers (lib/api/entity-routes.ts: list, export, create-form-data, update-form-data/{id},
 *   get/{id}, get-filtered-list, create, update/{id}, delete/{id});
 * - the row-colour whitelist and the generic cross-tenant and bad-input tests (db/entities.ts).
 *
 * Entity-specific behaviour stays explicit in the declaration's `hooks` (a uniqueness check, clearing
 * the other default sectional, refusing to delete a VAT rate in use), beside the declaration.
 *
 *   export const itemEntity = defineEntity({
 *     api: itemApi, role: "ROLE_DOCUMENT", table: items, input: itemSchema, response: itemResponse,
 *     grid: itemsGrid, label: (r) => r.name, messages: { notFound: "Prodotto non trovato", inUse: "…" },
 *     refs: { vat: ref(items.vatRateId, vatRateEntity, VAT_RATE_UNKNOWN) },
 *     values: (i) => ({ name: i.name, description: i.description, amount: i.amount }),
 *     json: (r, { refs }) => ({ id: r.id, version: r.version, name: r.name, …, vat: refs.vat }),
 *     draft: async (scope) => ({ … }),
 *     saveNotice: async (scope, saved) => …,   // optional: the save's dialogMessage (e.g. a duplicate VAT number)
 *     example: { name: "Consulenza", amount: 10000 },
 *   });
 */
import "server-only";
import { and, asc, eq, getTableName, notInArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { AttachmentOwnerKind, Role } from "@/db/schema";
import { ApiError, BadRequestError, ValidationError } from "@/lib/errors";
import { escapeLike } from "@/lib/grid/filters";
import type { AnyGrid } from "@/lib/grid/define";
import type { EntityApi, Option } from "@/lib/schemas/entity";
import { isReferenceViolation, pgConstraint, pgErrorCode } from "./pg-errors";
import { deleteAttachments, listAttachments, readAttachment, syncAttachments, type AttachmentOwner, type StagedFile, type StoredFile } from "./queries/attachments";
import { intEq, type TenantScope, type TenantTable } from "./scope";

export { isReferenceViolation, pgConstraint, pgErrorCode } from "./pg-errors";

export type { EntityApi, Option } from "@/lib/schemas/entity";

type Row<T extends PgTable> = T["$inferSelect"];

export const SAVED_MESSAGE = "Salvataggio effettuato";
export const UPDATED_MESSAGE = "Modifica effettuata";
export const DELETED_MESSAGE = "Eliminazione effettuata";
/** First page of an ajax select (get-filtered-list). */
export const OPTIONS_PAGE = 100;
export const MISSING_VERSION = "Versione mancante: ricarica i dati prima di salvare";
export const FOREIGN_ROW = "Una delle righe inviate non appartiene a questo elemento: ricarica i dati";

/** A reference this entity holds: the column, the entity it points at, the 400 message for an unknown or foreign id. */
export interface RefDef {
  column: PgColumn;
  // method syntax: a target declared for its own row type fits (parameters are checked bivariantly)
  target: { table: TenantTable; label(row: Record<string, unknown>): string };
  message: string;
  /** Extra condition on the target (e.g. the field-value list of agent titles). */
  where?: SQL;
}

export function ref(column: PgColumn, target: RefDef["target"], message: string, where?: SQL): RefDef {
  return { column, target, message, where };
}

type ChildTable = TenantTable & { version: PgColumn };

/** Embedded rows saved as one set with their parent (commissions, payment rows, referents, invoice rows). */
export interface ChildrenDef<CI = Record<string, unknown>, CR = Record<string, unknown>> {
  table: ChildTable;
  /** The column pointing at the parent. */
  parent: PgColumn;
  /** Order of the rows (their position column first). */
  orderBy: PgColumn[];
  /** Input row → columns (position = index in the list the client sent). */
  values(row: CI, position: number): Record<string, unknown>;
  /** Stored row → JSON. */
  json(row: CR): unknown;
}

/** Text order ignoring case, as the grids sort (lib/grid/filters.ts sortExpr). */
export const byText = (column: PgColumn | SQL): SQL => sql`lower(${column})`;

/** The query text of a select as escaped ILIKE patterns: `%text%` and `text%`. */
export interface SearchText {
  contains: string;
  startsWith: string;
  /** The trimmed text itself (not escaped), for other comparisons. */
  raw: string;
}

/** A record the generic tests create before an example that needs it (its own exampleRefs first). */
export interface ExampleRef {
  example: Record<string, unknown>;
  api: EntityApi;
  exampleRefs?: Record<string, ExampleRef>;
}

export interface Related {
  refs: Record<string, Option | null>;
  children: Record<string, unknown[]>;
  /** What the declaration's `derived` read for this row (read-only data: a history, totals). */
  derived: Record<string, unknown>;
}

export interface EntityHooks<T extends TenantTable, In> {
  /**
   * Inside the save's transaction, before the row is written (existing: the row before an update). May
   * return more columns to write, which only the transaction can know (a number taken from a counter,
   * instants computed from a date and times). A reference column it returns is the hook's word (it checked
   * the reference itself): the declaration's `refs` check skips it, so a save reads each reference once.
   */
  beforeWrite?: (tx: TenantScope, input: In, existing: Row<T> | undefined) => Promise<void | Partial<T["$inferInsert"]>>;
  /** Inside the save's transaction, after the row and its children are written. */
  afterWrite?: (tx: TenantScope, row: Row<T>, input: In, existing: Row<T> | undefined) => Promise<void>;
  /**
   * The save's last statements, after the answer's related data is read: what must hold a lock for as short a
   * time as possible (a document's number from its series counter is taken here, so concurrent issues on one
   * series queue for a few statements, not for the whole save). Returns the row as it now is, if it changed.
   */
  finalize?: (tx: TenantScope, row: Row<T>, input: In, existing: Row<T> | undefined) => Promise<Row<T> | void>;
  /** Before a delete (e.g. refuse with a 409 while something uses the record). */
  beforeDelete?: (tx: TenantScope, row: Row<T>) => Promise<void>;
}

export interface EntityDefinition<T extends TenantTable, I extends z.ZodType, O extends z.ZodType, FD> {
  api: EntityApi;
  /** Role of every call (null: any logged-in user). */
  role: Role | null;
  table: T;
  /** The save's schema, shared with the form (lib/schemas/<entity>.ts). */
  input: I;
  /** The response's schema (lib/schemas/<entity>.ts): shapes every answer, so nothing else leaks. */
  response: O;
  /** Server-paged list; without it GET {url} answers { data: every row } ordered by listOrder. */
  grid?: AnyGrid;
  listOrder?: (SQL | PgColumn)[];
  /** toString of a row (selects, references, titles). */
  label: (row: Row<T>) => string;
  messages: {
    notFound: string;
    /** Delete refused because other rows point at it (foreign key). */
    inUse?: string;
    /** The same refusal worded for one referencing foreign key, by constraint name (else inUse). */
    inUseBy?: Record<string, string>;
    /** Unique violations by constraint name. */
    unique?: Record<string, string>;
    uniqueDefault?: string;
  };
  refs?: Record<string, RefDef>;
  /**
   * Rows the acting user may reach at all (get, forms, update, delete, selects): e.g. a time entry only
   * by its own user unless ROLE_ADMIN. Another row answers as missing (404), like another tenant's.
   */
  visible?: (scope: TenantScope) => SQL | undefined;
  children?: Record<string, ChildrenDef>;
  /**
   * Allegati (db/queries/attachments.ts): the record owns files of `kind`, listed in its JSON under `field`
   * (the input's `field` is the list a save keeps: saved ones by id, new ones from the multipart parts
   * filesContent[index], left-out ones deleted; absent leaves them). The save syncs them in its transaction,
   * the delete removes them, `file` reads one (GET {url}/get-file/{id}/files/{fileId}).
   */
  attachments?: { kind: AttachmentOwnerKind; field: string };
  /**
   * Read-only data the record answers with beside its columns, read in the same scope (a job's state
   * history and hours): never written from the input.
   */
  derived?: (scope: TenantScope, row: Row<T>) => Promise<Record<string, unknown>>;
  /** Input → the table's own columns (references and children are written from their declarations). */
  values: (input: z.infer<I>, existing: Row<T> | undefined) => Partial<T["$inferInsert"]>;
  /** Row + resolved references and children → the response JSON. */
  json: (row: Row<T>, related: Related) => z.input<O>;
  /** The entity of create-form-data (id null, version 0); `query` is the call's query string. */
  draft: (scope: TenantScope, query: URLSearchParams) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** formData of create-form-data (row undefined; `query`: its parameters, as the draft's) and update-form-data. */
  formData?: (scope: TenantScope, row: Row<T> | undefined, query?: URLSearchParams) => Promise<FD> | FD;
  /**
   * get-filtered-list (ajax selects, entity filters): what the query text matches (an ILIKE pattern), the order, a
   * fixed condition, and `filter`: a condition from the call's other query parameters (e.g. contacts' role=SUPPLIER),
   * which it validates itself (a BadRequestError for a bad value).
   */
  selectable?: { search: (text: SearchText) => SQL; orderBy: (SQL | PgColumn)[]; where?: SQL; filter?: (params: URLSearchParams) => SQL | undefined };
  hooks?: EntityHooks<T, z.infer<I>>;
  /**
   * A notice for the user after a successful save (create or update), answered as the save's `dialogMessage`
   * (the form shows it in a dialog after the toast), e.g. another contact already has this VAT number.
   * Runs after the save's transaction: it informs, it never refuses.
   */
  saveNotice?: (scope: TenantScope, saved: z.infer<O>) => Promise<string | undefined> | string | undefined;
  /** A valid input, for the generic cross-tenant and bad-input tests (and as documentation). */
  example: Record<string, unknown>;
  /**
   * References the example needs that must exist first (a job's customer): the generic tests save each
   * target's example in the same tenant and put { id } under the key.
   */
  exampleRefs?: Record<string, ExampleRef>;
  /**
   * A valid input that can be saved again, for entities whose example cannot be saved twice (a user's
   * e-mail is unique across tenants): the generic tests create through it. Default: the example.
   */
  freshExample?: () => Record<string, unknown>;
}

export interface Entity<T extends TenantTable = TenantTable, I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, FD = unknown>
  extends EntityDefinition<T, I, O, FD> {
  /** SQL name of the table (row colours). */
  tableName: string;
  toJson(scope: TenantScope, row: Row<T>): Promise<z.infer<O>>;
  /** { [field]: entity or draft, formData }. */
  formDataResponse(scope: TenantScope, id?: number, query?: URLSearchParams): Promise<Record<string, unknown>>;
  get(scope: TenantScope, id: number): Promise<z.infer<O>>;
  /** `staged`: the files uploaded for the new attachments of the input's list, by index (lib/api/attachments.ts). */
  create(scope: TenantScope, input: z.infer<I>, staged?: ReadonlyMap<number, StagedFile>): Promise<z.infer<O>>;
  update(scope: TenantScope, id: number, input: z.infer<I>, staged?: ReadonlyMap<number, StagedFile>): Promise<z.infer<O>>;
  /** One attached file of the record (404 for the record's or the file's absence, another tenant's or record's file). */
  file(scope: TenantScope, id: number, fileId: number): Promise<StoredFile>;
  remove(scope: TenantScope, id: number): Promise<void>;
  options(scope: TenantScope, query: { query?: string; offset?: number; limit?: number }, where?: SQL): Promise<Option[]>;
  listAll(scope: TenantScope): Promise<z.infer<O>[]>;
  /** { id, toString } of one row, or null (missing or foreign). */
  optionOf(scope: TenantScope, id: number | null): Promise<Option | null>;
  /** The id of a chosen reference, checked against the tenant (400 with `message` otherwise). */
  refIdOf(scope: TenantScope, ref: { id: number } | null | undefined, message: string, where?: SQL): Promise<number | null>;
}

/** Any declared entity (route factories, the registry). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an entity of any table and schemas: each is checked where it is declared
export type AnyEntity = Entity<any, any, any, any>;

/** The one mapping of constraint errors: a foreign-key or unique violation becomes an Italian 409. */
export async function mapConstraintErrors<R>(fn: () => Promise<R>, messages: AnyEntity["messages"]): Promise<R> {
  try {
    return await fn();
  } catch (err) {
    const code = pgErrorCode(err);
    if (isReferenceViolation(code)) {
      const constraint = pgConstraint(err);
      const message = (constraint && messages.inUseBy?.[constraint]) ?? messages.inUse;
      if (message) throw new ApiError(409, message);
    }
    if (code === "23505") {
      const constraint = pgConstraint(err);
      const message = (constraint && messages.unique?.[constraint]) ?? messages.uniqueDefault;
      if (message) throw new ApiError(409, message);
    }
    throw err;
  }
}

/** An update must say which version it read (the concurrency check needs it). */
export function requireVersion(version: unknown): number {
  if (typeof version !== "number") throw new BadRequestError(MISSING_VERSION);
  return version;
}

/** The id of a reference chosen in a form, checked against the tenant: unknown or foreign → 400 with `message`. */
export async function checkRef(scope: TenantScope, table: TenantTable, chosen: { id: number } | null | undefined, message: string, where?: SQL): Promise<number | null> {
  if (!chosen) return null;
  const [row] = await scope.select({ id: table.id }).from(table).where(intEq(table.id, chosen.id), where);
  if (!row) throw new ValidationError([message]);
  return chosen.id;
}

function columnKey(table: TenantTable, column: PgColumn): string {
  for (const [key, col] of Object.entries(table)) if (col === column) return key;
  throw new Error("colonna non trovata nella tabella");
}

/**
 * Replaces the child rows of one parent with `rows` (inside the caller's transaction): rows with an
 * id are updated (the id must already belong to this parent, else 400), rows without are inserted,
 * rows left out are deleted. `position` keeps the order the client sent.
 */
export async function replaceChildRows<R extends { id?: number }>(tx: TenantScope, def: ChildrenDef<R>, parentId: number, rows: readonly R[], isNew = false): Promise<void> {
  const parentKey = columnKey(def.table, def.parent);
  if (isNew) {
    // a new parent owns nothing yet: ids sent with a create are ignored, and every row goes in one statement
    await tx.insertMany(def.table, rows.map((r, i) => ({ ...def.values(r, i), [parentKey]: parentId }) as never));
    return;
  }
  const existing = await tx.select({ id: def.table.id }).from(def.table).where(eq(def.parent, parentId));
  const owned = new Set(existing.map((r) => r.id as number));
  const seen = new Set<number>();
  for (const r of rows) {
    if (r.id === undefined) continue;
    if (!owned.has(r.id) || seen.has(r.id)) throw new ValidationError([FOREIGN_ROW]);
    seen.add(r.id);
  }
  const keep = [...seen];
  await tx.deleteWhere(def.table, and(eq(def.parent, parentId), keep.length ? notInArray(def.table.id, keep) : undefined));
  for (const [i, r] of rows.entries()) {
    const v = def.values(r, i);
    if (r.id !== undefined) await tx.update(def.table, r.id, undefined, v as never);
    else await tx.insert(def.table, { ...v, [parentKey]: parentId } as never);
  }
}

export function defineEntity<T extends TenantTable, I extends z.ZodType, O extends z.ZodType, FD = Record<string, never>>(
  def: EntityDefinition<T, I, O, FD>,
): Entity<T, I, O, FD> {
  type In = z.infer<I>;
  type Out = z.infer<O>;
  const tableName = getTableName(def.table);
  if (def.api.table !== tableName) throw new Error(`entità ${def.api.field}: api.table "${def.api.table}" diverso dalla tabella "${tableName}"`);
  const refs = Object.entries(def.refs ?? {});
  const children = Object.entries(def.children ?? {});

  async function optionOf(scope: TenantScope, id: number | null): Promise<Option | null> {
    if (id === null || id === undefined) return null;
    const row = await scope.find(def.table, id);
    return row ? { id: row.id as number, toString: def.label(row) } : null;
  }

  async function toJson(scope: TenantScope, row: Row<T>): Promise<Out> {
    return shape(row, await relatedOf(scope, row));
  }

  /** What the answer of `row` needs from the database (noFiles: a record just created without files owns none). */
  async function relatedOf(scope: TenantScope, row: Row<T>, noFiles = false): Promise<Related & { files: Record<string, unknown> }> {
    // independent reads, issued together: on PostgreSQL they travel pipelined on the connection (one round trip)
    const refOf = async ([name, r]: (typeof refs)[number]) => {
      const id = (row as Record<string, unknown>)[columnKey(def.table, r.column)] as number | null;
      const target = id === null || id === undefined ? undefined : await scope.find(r.target.table, id);
      return [name, target ? { id: id!, toString: r.target.label(target) } : null] as const;
    };
    const childrenOf = async ([name, c]: (typeof children)[number]) => {
      const rows = await scope.list(c.table, { where: eq(c.parent, row.id as number), orderBy: c.orderBy.map((col) => asc(col)) });
      return [name, rows.map(c.json)] as const;
    };
    const [derived, refRows, childRows, files] = await Promise.all([
      def.derived ? def.derived(scope, row) : {},
      Promise.all(refs.map(refOf)),
      Promise.all(children.map(childrenOf)),
      !def.attachments || noFiles ? [] : listAttachments(scope, ownerOf(row.id as number), (fileId) => fileUrl(row.id as number, fileId)),
    ]);
    return {
      refs: Object.fromEntries(refRows),
      children: Object.fromEntries(childRows),
      derived,
      files: def.attachments ? { [def.attachments.field]: files } : {},
    };
  }

  function shape(row: Row<T>, related: Related & { files: Record<string, unknown> }): Out {
    return def.response.parse({ ...(def.json(row, related) as object), ...related.files });
  }

  /** The answer of a save: related data read, then finalize's last statements (a number under a lock), then the JSON. */
  async function saved(tx: TenantScope, row: Row<T>, input: In, existing: Row<T> | undefined, noFiles: boolean): Promise<Out> {
    const related = await relatedOf(tx, row, noFiles);
    const final = (await def.hooks?.finalize?.(tx, row, input, existing)) ?? row;
    return shape(final, related);
  }

  const hasFiles = (input: In, staged: ReadonlyMap<number, StagedFile> | undefined) =>
    !!def.attachments && ((staged?.size ?? 0) > 0 || (((input as Record<string, unknown>)[def.attachments.field] as unknown[] | undefined)?.length ?? 0) > 0);

  const ownerOf = (id: number): AttachmentOwner => ({ kind: def.attachments!.kind, id });
  const fileUrl = (id: number, fileId: number) => `${def.api.url}/get-file/${id}/files/${fileId}`;

  async function writeAttachments(tx: TenantScope, id: number, input: In, staged: ReadonlyMap<number, StagedFile> | undefined, isNew: boolean): Promise<void> {
    if (!def.attachments) return;
    const list = (input as Record<string, unknown>)[def.attachments.field] as Parameters<typeof syncAttachments>[2];
    await syncAttachments(tx, ownerOf(id), list, staged ?? new Map(), isNew);
  }

  /** The declaration's references, checked against the tenant; those the hook already returned (`given`) are its word. */
  async function refColumns(scope: TenantScope, input: In, given: object): Promise<Record<string, number | null>> {
    const out: Record<string, number | null> = {};
    for (const [name, r] of refs) {
      if (columnKey(def.table, r.column) in given) continue;
      out[columnKey(def.table, r.column)] = await checkRef(scope, r.target.table, (input as Record<string, { id: number } | null | undefined>)[name], r.message, r.where);
    }
    return out;
  }

  async function writeChildren(tx: TenantScope, parentId: number, input: In, isNew: boolean): Promise<void> {
    for (const [name, c] of children) {
      const rows = ((input as Record<string, unknown>)[name] ?? []) as { id?: number }[];
      await replaceChildRows(tx, c, parentId, rows, isNew);
    }
  }

  // a row the acting user may not reach (visible) answers as a missing one
  const getRow = (scope: TenantScope, id: number) => scope.getOrThrow(def.table, id, def.messages.notFound, def.visible?.(scope)) as Promise<Row<T>>;

  return {
    ...def,
    tableName,
    toJson,
    optionOf,
    refIdOf: (scope, chosen, message, where) => checkRef(scope, def.table, chosen, message, where),

    async formDataResponse(scope, id, query = new URLSearchParams()) {
      const row = id === undefined ? undefined : await getRow(scope, id);
      const entity = row
        ? await toJson(scope, row)
        : { id: null, version: 0, ...(def.attachments ? { [def.attachments.field]: [] } : {}), ...(await def.draft(scope, query)), rowColor: null, toString: "" };
      return { [def.api.field]: entity, formData: def.formData ? await def.formData(scope, row, row ? undefined : query) : {} };
    },

    async get(scope, id) {
      return toJson(scope, await getRow(scope, id));
    },

    create(scope, input, staged) {
      return mapConstraintErrors(
        () =>
          scope.transaction(async (tx) => {
            const extra = (await def.hooks?.beforeWrite?.(tx, input, undefined)) ?? {};
            const row = (await tx.insert(def.table, { ...def.values(input, undefined), ...extra, ...(await refColumns(tx, input, extra)) } as never)) as Row<T>;
            await writeChildren(tx, row.id as number, input, true);
            await writeAttachments(tx, row.id as number, input, staged, true);
            await def.hooks?.afterWrite?.(tx, row, input, undefined);
            return saved(tx, row, input, undefined, !hasFiles(input, staged));
          }),
        def.messages,
      );
    },

    update(scope, id, input, staged) {
      const version = requireVersion((input as { version?: unknown }).version);
      return mapConstraintErrors(
        () =>
          scope.transaction(async (tx) => {
            const existing = await getRow(tx, id);
            const extra = (await def.hooks?.beforeWrite?.(tx, input, existing)) ?? {};
            const row = (await tx.update(def.table, id, version, { ...def.values(input, existing), ...extra, ...(await refColumns(tx, input, extra)) } as never)) as Row<T>;
            await writeChildren(tx, id, input, false);
            await writeAttachments(tx, id, input, staged, false);
            await def.hooks?.afterWrite?.(tx, row, input, existing);
            return saved(tx, row, input, existing, false);
          }),
        def.messages,
      );
    },

    remove(scope, id) {
      return mapConstraintErrors(
        () =>
          scope.transaction(async (tx) => {
            const row = await getRow(tx, id);
            await def.hooks?.beforeDelete?.(tx, row);
            if (def.attachments) await deleteAttachments(tx, ownerOf(id));
            await tx.delete(def.table, id);
          }),
        def.messages,
      );
    },

    async file(scope, id, fileId) {
      if (!def.attachments) throw new Error(`entità ${def.api.field}: allegati non dichiarati`);
      await getRow(scope, id);
      return readAttachment(scope, ownerOf(id), fileId);
    },

    async options(scope, { query = "", offset = 0, limit = OPTIONS_PAGE }, where) {
      if (!def.selectable) throw new Error(`entità ${def.api.field}: selectable non dichiarato`);
      const q = query.trim();
      const rows = await scope.list(def.table, {
        where: and(def.selectable.where, def.visible?.(scope), where, q ? def.selectable.search({ contains: `%${escapeLike(q)}%`, startsWith: `${escapeLike(q)}%`, raw: q }) : undefined),
        orderBy: [...def.selectable.orderBy, asc(def.table.id)],
        limit,
        offset,
      });
      return rows.map((r) => ({ id: r.id as number, toString: def.label(r) }));
    },

    async listAll(scope) {
      const rows = await scope.list(def.table, { where: def.visible?.(scope), orderBy: [...(def.listOrder ?? []), asc(def.table.id)] });
      return Promise.all(rows.map((r) => toJson(scope, r)));
    },
  };
}

