import "server-only";
import { and, eq, sql, type SQL, type Subquery, type WithSubquery } from "drizzle-orm";
import type { PgColumn, PgSelect, PgTable, SelectedFields, SubqueryWithSelection } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { NotFoundError, StaleVersionError } from "@/lib/errors";
import type { Db } from "./client";
import { activities, contacts, documentDeadlines, documents, tenants, timeEntries, type Role, type Tenant } from "./schema";

/** The user a request acts for (TenantScope.actor). */
export interface Actor {
  userId: number;
  roles: readonly Role[];
  /** The client's address of the request (lib/auth/client-address.ts): the audit log's IP. */
  address?: string;
}

/** A business table: it has an id and a tenant_id, and may have a version. */
export type TenantTable = PgTable & { id: PgColumn; tenantId: PgColumn; version?: PgColumn };

/** A tenant table keyed by something other than an id (counters: tenant_id and key): upsert() and lockRow() take it. */
export type TenantKeyedTable = PgTable & { tenantId: PgColumn };

type Row<T extends PgTable> = T["$inferSelect"];
type NewRow<T extends PgTable> = Omit<T["$inferInsert"], "tenantId" | "id" | "version">;
/** upsert()'s changes to an existing row: values or SQL over its columns (`sql\`${t.value} + 1\``), never tenant_id. */
type UpsertSet<T extends PgTable> = { [K in Exclude<keyof T["$inferInsert"], "tenantId">]?: T["$inferInsert"][K] | SQL };

export interface ListOptions {
  where?: SQL | undefined;
  orderBy?: SQL | PgColumn | (SQL | PgColumn)[];
  limit?: number;
  offset?: number;
}

/**
 * `column = <integer>`, the integer written into the statement's text (checked here to be a safe integer; anything
 * else matches nothing). Without named prepared statements (pgbouncer in transaction pooling: prepare: false)
 * postgres-js sends a statement that has parameters in two round trips, Parse/Describe and then Bind/Execute;
 * one whose only values are the code's own integers (the session's tenant, ids) goes in one. Text taken from a
 * request always stays a bound parameter.
 */
export function intEq(column: PgColumn | SQL.Aliased | SQL, value: number): SQL {
  return Number.isSafeInteger(value) ? sql`${column} = ${sql.raw(String(value))}` : sql`false`;
}

/**
 * A value of the code's own written into the statement's text (see intEq): a safe integer, or a text of letters,
 * digits, spaces and _ : . / - only (a counter's key, a state), in which nothing can end the literal. Anything else
 * stays a bound parameter.
 */
export function lit(value: number | string | null): SQL {
  if (value === null) return sql.raw("null");
  if (typeof value === "number" && Number.isSafeInteger(value)) return sql.raw(String(value));
  if (typeof value === "string" && /^[A-Za-z0-9 _:./-]{0,200}$/.test(value)) return sql.raw(`'${value}'`);
  return sql`${value}`;
}

/**
 * For `.offset()` of a select made a subquery: OFFSET 0, PostgreSQL's fence. Such a subquery is planned on its own
 * instead of being pulled up into the outer query (Drizzle leaves out a numeric offset of 0).
 */
export const OFFSET_FENCE = sql.raw("0") as unknown as number;

/** `column in (<integers>)`, written like intEq; an empty list matches nothing. */
export function intIn(column: PgColumn | SQL, values: readonly number[]): SQL {
  if (!values.length || !values.every((v) => Number.isSafeInteger(v))) return sql`false`;
  return sql`${column} in (${sql.raw(values.join(", "))})`;
}

/**
 * Tables a write changes through the database's own triggers (drizzle/0022: numbering or re-kinding a document
 * recomputes its deadlines' direction; drizzle/0028: time entries copy their customer's rate): a write to the key
 * drops what find() remembers of these too.
 */
const TRIGGER_WRITES = new Map<PgTable, PgTable[]>([
  [documents, [documentDeadlines]],
  // drizzle/0028: a customer's hourly price or a job's customer is copied to the time entries (customer_rate)
  [contacts, [timeEntries]],
  [activities, [timeEntries]],
]);

/**
 * A scoped select made a subquery by TenantScope.subquery(): its tables carry their tenant condition inside, so it
 * may be the main table or a join of another scoped select (reports: sums by day rolled up to months, a period's
 * sums per customer named by a join with the customers). Only subqueries made there are accepted.
 */
const scopedSubqueries = new WeakSet<object>();
type ScopedSource = TenantTable | Subquery;

function isTable(source: ScopedSource): source is TenantTable {
  if (scopedSubqueries.has(source)) return false;
  if ("tenantId" in source && "id" in source) return true;
  throw new Error("scope.select: solo tabelle dei tenant o sottoquery di scope.subquery()");
}

/** A join of a scoped select: the joined table's tenant condition is added to `on` (a scoped subquery has its own). */
export interface ScopedJoin {
  table: ScopedSource;
  on: SQL;
  /** Default "left". */
  type?: "left" | "inner";
}

/**
 * The executable end of a scoped select: a Drizzle select (thenable, with orderBy, limit, offset,
 * as, toSQL) whose rows are typed from the selected fields. Columns of left-joined tables may be
 * null at run time although their type does not say so: select them through coalesce() or check.
 */
export type ScopedQuery<F extends SelectedFields> = PgSelect & Promise<SelectResultFields<F>[]> & {
  orderBy(...columns: (SQL | PgColumn | SQL.Aliased)[]): ScopedQuery<F>;
  limit(n: number): ScopedQuery<F>;
  offset(n: number): ScopedQuery<F>;
};

/**
 * `scope.select(fields).from(table).leftJoin(other, on).where(conditions)`: every table of the query
 * carries the tenant condition (the main one in WHERE, the joined ones in their ON), so a join can
 * never reach another tenant's rows and no caller writes `tenant_id` by hand.
 */
export class ScopedSelect<F extends SelectedFields> {
  private readonly joins: ScopedJoin[] = [];
  private table?: ScopedSource;

  constructor(
    private readonly database: Db,
    private readonly scope: TenantScope,
    private readonly fields: F,
  ) {}

  from(table: ScopedSource): this {
    this.table = table;
    return this;
  }

  leftJoin(table: ScopedSource, on: SQL): this {
    this.joins.push({ table, on, type: "left" });
    return this;
  }

  innerJoin(table: ScopedSource, on: SQL): this {
    this.joins.push({ table, on, type: "inner" });
    return this;
  }

  /** Several joins at once (grid definitions declare theirs as data). */
  join(joins: readonly ScopedJoin[] | undefined): this {
    if (joins) this.joins.push(...joins);
    return this;
  }

  /**
   * The select and its joins without a WHERE. Each joined table is held to the main table's tenant
   * (`joined.tenant_id = main.tenant_id`, no parameter), so the text is the same for every tenant:
   * the grid compiles it once and writes the main table's tenant condition itself (lib/grid/query.ts).
   * Over a scoped subquery the joined tables are held to the scope's tenant. Everything else finishes with where().
   */
  head(): PgSelect {
    const table = this.table;
    if (!table) throw new Error("scope.select(...).from(table) mancante");
    const main = isTable(table) ? table : undefined;
    let q = (this.database.select(this.fields).from(table as PgTable) as unknown as { $dynamic(): PgSelect }).$dynamic();
    for (const j of this.joins) {
      const joined = j.table;
      const on = isTable(joined) ? and(j.on, main ? eq(joined.tenantId, main.tenantId) : intEq(joined.tenantId, this.scope.tenantId))! : j.on;
      q = j.type === "inner" ? q.innerJoin(joined as PgTable, on) : q.leftJoin(joined as PgTable, on);
    }
    return q;
  }

  /** The query, with the tenant conditions ANDed to `conditions` (undefined ones are skipped). */
  where(...conditions: (SQL | undefined)[]): ScopedQuery<F> {
    const table = this.table!;
    const where = isTable(table) ? this.scope.where(table, ...conditions) : and(...conditions);
    return this.head().where(where) as unknown as ScopedQuery<F>;
  }
}

/** Rows as one JSON recordset for insertMany / updateMany: the columns (from the first row's keys), their SQL types, the JSON. */
function recordset(table: TenantTable, values: readonly Record<string, unknown>[], fixed: Record<string, number>, extra?: readonly Record<string, number>[]) {
  const byKey = table as unknown as Record<string, PgColumn>;
  const keys = Object.keys(values[0] ?? {});
  const columns = keys.map((key) => {
    const column = byKey[key];
    if (!column || key === "tenantId" || key === "id" || key === "version") throw new Error(`recordset: colonna non ammessa "${key}"`);
    return column;
  });
  const json = values.map((v, i) => {
    const row: Record<string, unknown> = { ...fixed, ...extra?.[i] };
    keys.forEach((key, k) => (row[columns[k]!.name] = v[key] ?? null));
    return row;
  });
  const all = [...Object.keys(fixed).map((name) => ({ name, type: "integer" })), ...columns.map((c) => ({ name: c.name, type: c.getSQLType() }))];
  return {
    columns,
    names: sql.join(all.map((c) => sql.identifier(c.name)), sql`, `),
    types: sql.join(all.map((c) => sql`${sql.identifier(c.name)} ${sql.raw(c.type)}`), sql`, `),
    records: JSON.stringify(json),
  };
}

/** Rows returned by execute() on either driver (postgres-js: an array; PGlite: { rows }). */
function rowCount(result: unknown): number {
  return Array.isArray(result) ? result.length : ((result as { rows?: unknown[] }).rows?.length ?? 0);
}

/**
 * The tenant-scoped data layer. Route handlers receive a scope built from the session by the
 * guard and never see the raw database, so every read and write carries `tenant_id = <session tenant>`.
 * A row of another tenant behaves exactly like a missing row (NotFoundError → 404).
 */
export class TenantScope {
  constructor(
    private readonly database: Db,
    readonly tenantId: number,
    /** Who acts (the session's user), when a request does: written to histories, and some lists show only the user's own rows. */
    readonly actor?: Actor,
    /**
     * Inside a transaction: the rows find() read by id, kept until the transaction writes their table (or anything
     * through `platform`), so one save reads a customer, a sectional or the tenant once even when its hooks and the
     * answer's labels ask again. Outside a transaction there is none: every call reads.
     */
    private readonly memo?: Map<PgTable, Map<number, unknown>>,
  ) {}

  /** A row read by a query of the caller's (a join), kept for find() as if find() had read it (inside a transaction only). */
  remember<T extends TenantTable>(table: T, row: Row<T>): void {
    if (!this.memo) return;
    let byId = this.memo.get(table);
    if (!byId) this.memo.set(table, (byId = new Map()));
    byId.set(row.id as number, row);
  }

  /** A write to `table`: what find() remembers of it (and of the tables its triggers change) is dropped. */
  private wrote(table: PgTable): void {
    if (!this.memo) return;
    this.memo.delete(table);
    for (const t of TRIGGER_WRITES.get(table) ?? []) this.memo.delete(t);
  }

  /** The acting user's id; an error where a write needs one and no request gave it (a programming error). */
  get actorId(): number {
    if (!this.actor) throw new Error("operazione senza utente");
    return this.actor.userId;
  }

  /** Whether the acting user has `role` (no actor: a server task, which may do everything). */
  actorHas(role: Role): boolean {
    return !this.actor || this.actor.roles.includes(role);
  }

  /**
   * The unscoped database, for platform tables that are not business data: global login
   * uniqueness, password tokens, sessions, the mail outbox. Never use it for tenant tables: their
   * reads go through select()/list()/find()/lockRow(), their writes through insert()/upsert()/update()/updateWhere()/delete().
   */
  get platform(): Db {
    // the caller may write anything through it: nothing remembered stays
    this.memo?.clear();
    return this.database;
  }

  /** The tenant condition ANDed with the caller's conditions. */
  where<T extends TenantKeyedTable>(table: T, ...conditions: (SQL | undefined)[]): SQL {
    return and(intEq(table.tenantId, this.tenantId), ...conditions) as SQL;
  }

  /** A select whose tables all carry the tenant condition (see ScopedSelect). */
  select<F extends SelectedFields>(fields: F): ScopedSelect<F> {
    return new ScopedSelect(this.database, this, fields);
  }

  /**
   * A scoped select as a subquery named `alias`, for another scoped select's from() or join (its computed fields
   * need `.as(name)`). The outer select adds no tenant condition for it: its own tables carry theirs.
   */
  subquery<F extends SelectedFields, A extends string>(query: ScopedQuery<F>, alias: A): SubqueryWithSelection<F, A> {
    const sq = (query as unknown as { as(alias: A): SubqueryWithSelection<F, A> }).as(alias);
    scopedSubqueries.add(sq);
    return sq;
  }

  /**
   * Inserts a row of this tenant or, when this tenant already has one with the same `key` (a unique index
   * on tenant_id and those columns), applies `set` to it — nothing without `set`: INSERT … ON CONFLICT
   * (tenant_id, key…) DO UPDATE / DO NOTHING. The row is written with this tenant's id and the conflict
   * target leads with tenant_id, so the update can only reach this tenant's row. Returns the inserted or
   * updated row; undefined when the row existed and there was no `set`. Inside a transaction the row stays
   * locked until it ends (counters: concurrent callers queue on it).
   */
  async upsert<T extends TenantKeyedTable>(table: T, key: readonly PgColumn[], values: Omit<T["$inferInsert"], "tenantId">, set?: UpsertSet<T>): Promise<Row<T> | undefined> {
    this.wrote(table as PgTable);
    const insert = this.database.insert(table as PgTable).values({ ...(values as object), tenantId: lit(this.tenantId) } as never);
    const target = [table.tenantId, ...key];
    const rows = (await (set ? insert.onConflictDoUpdate({ target, set: set as never }) : insert.onConflictDoNothing({ target })).returning()) as Row<T>[];
    return rows[0];
  }

  /** This tenant's row matching `where`, locked until the transaction ends (SELECT … FOR UPDATE); undefined when there is none. */
  async lockRow<T extends TenantKeyedTable>(table: T, where: SQL): Promise<Row<T> | undefined> {
    this.wrote(table as PgTable); // a lock wants the row as it is now
    const rows = (await this.database
      .select()
      .from(table as PgTable)
      .where(this.where(table, where))
      .limit(1)
      .for("update")) as Row<T>[];
    return rows[0];
  }

  /** This tenant's rows matching `where`, locked until the transaction ends (SELECT … FOR UPDATE), in id order (no deadlock between two callers). */
  async lockRows<T extends TenantTable>(table: T, where: SQL): Promise<Row<T>[]> {
    this.wrote(table as PgTable); // a lock wants the row as it is now
    return (await this.database
      .select()
      .from(table as PgTable)
      .where(this.where(table, where))
      .orderBy(table.id)
      .for("update")) as Row<T>[];
  }

  /**
   * updateWhere with a common table expression the values may read (e.g. a counter incremented by the same
   * statement: db/counters.ts takeNextInto). The CTE is the caller's SQL and must keep to this tenant's rows itself.
   */
  async updateWhereWith<T extends TenantTable, W extends WithSubquery>(
    table: T,
    where: SQL | undefined,
    cte: (db: Db) => W,
    values: (cte: W) => Record<string, unknown>,
    touched: readonly PgTable[] = [],
  ): Promise<Record<string, unknown>[]> {
    this.wrote(table as PgTable);
    for (const t of touched) this.wrote(t);
    const w = cte(this.database);
    return (await this.database
      .with(w)
      .update(table as PgTable)
      .set(values(w) as never)
      .where(this.where(table, where))
      .returning()) as Record<string, unknown>[];
  }

  /** Sets `values` on every row of this tenant matching `where`; returns the changed ids. */
  async updateWhere<T extends TenantTable>(table: T, where: SQL | undefined, values: Partial<NewRow<T>> | Record<string, unknown>): Promise<number[]> {
    this.wrote(table as PgTable);
    const rows = (await this.database
      .update(table as PgTable)
      .set(values as never)
      .where(this.where(table, where))
      .returning({ id: table.id })) as { id: number }[];
    return rows.map((r) => r.id);
  }

  /** Deletes every row of this tenant matching `where`; returns how many. */
  async deleteWhere<T extends TenantTable>(table: T, where: SQL | undefined): Promise<number> {
    this.wrote(table as PgTable);
    const rows = await this.database.delete(table as PgTable).where(this.where(table, where)).returning({ id: table.id });
    return rows.length;
  }

  async list<T extends TenantTable>(table: T, opts: ListOptions = {}): Promise<Row<T>[]> {
    let q = this.database
      .select()
      .from(table as PgTable)
      .where(this.where(table, opts.where))
      .$dynamic();
    if (opts.orderBy) q = q.orderBy(...(Array.isArray(opts.orderBy) ? opts.orderBy : [opts.orderBy]));
    if (opts.limit !== undefined) q = q.limit(opts.limit);
    if (opts.offset !== undefined) q = q.offset(opts.offset);
    return (await q) as Row<T>[];
  }

  async count<T extends TenantTable>(table: T, where?: SQL): Promise<number> {
    const [r] = await this.database
      .select({ n: sql<number>`count(*)::int` })
      .from(table as PgTable)
      .where(this.where(table, where));
    return Number(r?.n ?? 0);
  }

  /** A row of this tenant by id (and `where`, e.g. the rows the acting user may reach), or undefined. */
  async find<T extends TenantTable>(table: T, id: number, where?: SQL): Promise<Row<T> | undefined> {
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return undefined;
    const remembered = where === undefined ? this.memo?.get(table)?.get(id) : undefined;
    if (remembered) return remembered as Row<T>;
    // no LIMIT: (tenant_id, id) is unique, and a LIMIT would be a parameter (a second round trip)
    const rows = await this.list(table, { where: and(intEq(table.id, id), where) });
    if (rows[0] && where === undefined) this.remember(table, rows[0]);
    return rows[0];
  }

  /** A row of this tenant (matching `where`), or NotFoundError for a missing, foreign or unreachable id. */
  async getOrThrow<T extends TenantTable>(table: T, id: number, message?: string, where?: SQL): Promise<Row<T>> {
    const row = await this.find(table, id, where);
    if (!row) throw new NotFoundError(message);
    return row;
  }

  async insert<T extends TenantTable>(table: T, values: NewRow<T>): Promise<Row<T>> {
    this.wrote(table as PgTable);
    const rows = (await this.database
      .insert(table as PgTable)
      .values({ ...(values as object), tenantId: lit(this.tenantId) } as never)
      .returning()) as Row<T>[];
    return rows[0]!;
  }

  /**
   * Inserts many rows of this tenant in one statement (an import's batch); returns how many. The rows travel
   * as one JSON parameter read by jsonb_to_recordset: building a multi-row VALUES list through the query
   * builder costs ~0.2 ms a row here (more than the insert itself), and a parameter per value would cap a
   * batch at 65,535 values. Every row must carry the same keys (a missing one would insert NULL, not the
   * column's default).
   */
  async insertMany<T extends TenantTable>(table: T, values: readonly NewRow<T>[]): Promise<number> {
    this.wrote(table as PgTable);
    if (values.length === 0) return 0;
    const { names, types, records } = recordset(table, values as readonly Record<string, unknown>[], { tenant_id: this.tenantId });
    const rows = await this.database.execute(sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${records}::jsonb) as x(${types}) returning 1`);
    return rowCount(rows);
  }

  /**
   * insertMany, skipping the rows a unique index of the table already holds (ON CONFLICT DO NOTHING, any index:
   * concurrent writers of the same row insert it once); returns the ids of the rows inserted (bank movements'
   * duplicates, issue 32).
   */
  async insertManyNew<T extends TenantTable>(table: T, values: readonly NewRow<T>[]): Promise<number[]> {
    this.wrote(table as PgTable);
    if (values.length === 0) return [];
    const { names, types, records } = recordset(table, values as readonly Record<string, unknown>[], { tenant_id: this.tenantId });
    const rows = await this.database.execute(sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${records}::jsonb) as x(${types}) on conflict do nothing returning ${table.id}`);
    const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as Record<string, unknown>[];
    return list.map((r) => Number(Object.values(r)[0]));
  }

  /**
   * Updates many rows of this tenant in one statement, each only if its version is still the one given (the
   * version is bumped, as update() does); the same JSON recordset as insertMany. A row changed meanwhile
   * (or missing, or another tenant's) fails the whole call with StaleVersionError and changes nothing.
   */
  async updateMany<T extends TenantTable>(table: T, changes: readonly { id: number; version: number; values: Partial<NewRow<T>> }[]): Promise<number> {
    this.wrote(table as PgTable);
    if (changes.length === 0) return 0;
    if (!table.version) throw new Error("updateMany: tabella senza versione");
    const { columns, types, records } = recordset(
      table,
      changes.map((c) => c.values as Record<string, unknown>),
      {},
      changes.map((c) => ({ id: c.id, version: c.version })),
    );
    const set = sql.join(
      [...columns.map((c) => sql`${sql.identifier(c.name)} = x.${sql.identifier(c.name)}`), sql`${sql.identifier(table.version.name)} = ${table}.${sql.identifier(table.version.name)} + 1`],
      sql`, `,
    );
    const statement = sql`update ${table} set ${set} from jsonb_to_recordset(${records}::jsonb) as x(${types}, "id" integer, "version" integer)
      where ${table}.${sql.identifier(table.id.name)} = x."id" and ${table}.${sql.identifier(table.version.name)} = x."version" and ${table}.${sql.identifier(table.tenantId.name)} = ${this.tenantId}
      returning 1`;
    // its own transaction (a savepoint inside the caller's): the rows that did match are rolled back too
    return this.transaction(async (tx) => {
      const n = rowCount(await tx.database.execute(statement));
      if (n !== changes.length) throw new StaleVersionError();
      return n;
    });
  }

  /**
   * Updates one row of this tenant. With `expectedVersion` the write happens only if nobody
   * saved the row since it was read (409 otherwise); the version is bumped on every update.
   */
  async update<T extends TenantTable>(
    table: T,
    id: number,
    expectedVersion: number | undefined,
    values: Partial<NewRow<T>>,
  ): Promise<Row<T>> {
    this.wrote(table as PgTable);
    const set: Record<string, unknown> = { ...(values as object) };
    const conditions: SQL[] = [intEq(table.id, id)];
    if (table.version) {
      set.version = sql`${table.version} + 1`;
      if (expectedVersion !== undefined) conditions.push(intEq(table.version, expectedVersion));
    }
    const rows = (await this.database
      .update(table as PgTable)
      .set(set as never)
      .where(this.where(table, ...conditions))
      .returning()) as Row<T>[];
    if (rows[0]) return rows[0];
    await this.getOrThrow(table, id);
    throw new StaleVersionError();
  }

  async delete<T extends TenantTable>(table: T, id: number): Promise<void> {
    this.wrote(table as PgTable);
    const rows = await this.database
      .delete(table as PgTable)
      .where(this.where(table, intEq(table.id, id)))
      .returning({ id: table.id });
    if (rows.length === 0) throw new NotFoundError();
  }

  /** The session's own tenant row. */
  async getTenant(): Promise<Tenant> {
    const remembered = this.memo?.get(tenants)?.get(this.tenantId);
    if (remembered) return remembered as Tenant;
    const [row] = await this.database.select().from(tenants).where(intEq(tenants.id, this.tenantId));
    if (!row) throw new NotFoundError("Azienda non trovata");
    this.memo?.set(tenants, new Map([[this.tenantId, row]]));
    return row;
  }

  async updateTenant(expectedVersion: number | undefined, values: Partial<typeof tenants.$inferInsert>): Promise<Tenant> {
    this.wrote(tenants);
    const { id: _id, version: _v, ...rest } = values;
    const conditions = [eq(tenants.id, this.tenantId)];
    if (expectedVersion !== undefined) conditions.push(eq(tenants.version, expectedVersion));
    const [row] = await this.database
      .update(tenants)
      .set({ ...rest, version: sql`${tenants.version} + 1` })
      .where(and(...conditions))
      .returning();
    if (row) return row;
    await this.getTenant();
    throw new StaleVersionError();
  }

  /**
   * Runs `fn` in one transaction planned for a report's wide read (issue 14): the statements sum a long range of a
   * covering index (documents_tenant_report_idx, the time entries' date index…). PostgreSQL's default
   * random_page_cost (4, for spinning disks) makes the planner read the whole table instead (measured: 57 against
   * 48 ms alone, 150 against 90 ms for the invoice report over 3 years); parallel workers are left off because a report
   * already runs its statements side by side, one per connection, and more processes only fight for the same cores
   * (measured: 90 against 72 ms); JIT compilation (100-300 ms) costs more than it saves on sums of this size.
   * The settings are the transaction's own (SET LOCAL): nothing else on the connection sees them.
   */
  async wideRead<R>(fn: (scope: TenantScope) => PromiseLike<R>): Promise<R> {
    return this.transaction(async (tx) => {
      await tx.database.execute(
        sql`select set_config('random_page_cost', '1.1', true), set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true)`,
      );
      return fn(tx);
    });
  }

  /** Runs `fn` in one transaction with a scope bound to it. */
  async transaction<R>(fn: (scope: TenantScope) => Promise<R>): Promise<R> {
    return this.database.transaction(async (tx) => fn(new TenantScope(tx as unknown as Db, this.tenantId, this.actor, new Map())));
  }
}
