// The plain ceiling of npm run bench:http (bench/http.ts): node:http + postgres-js, no Next, no
// Drizzle, doing the work of GET /api/items?startRow=0&limit=50 — the session + user + tenant lookup
// by the session id of the cookie (the query of db/queries/sessions.ts loadSession, uncached), then the
// page of 50 and the capped count concurrently, with the SQL text the grid sends — and answering the
// same JSON shape. One process per core through node:cluster, as the app runs one instance per core.
//
// Env: DATABASE_URL, PORT, WORKERS (default: cores), DATABASE_POOL_MAX (default 5). By default the
// connection settings of db/client.ts: no named prepared statements, as a transaction-mode pooler
// needs, so postgres-js sends each statement in two round trips (Parse/Describe, then Bind/Execute).
// PREPARE=1: named prepared statements (postgres-js's default for tagged queries), one round trip —
// shown for reference, since pgbouncer 1.18 in transaction mode cannot carry them.
import cluster from "node:cluster";
import http from "node:http";
import os from "node:os";
import postgres from "postgres";

const workers = Number(process.env.WORKERS) || os.availableParallelism();

const SESSION_SQL = `select s.id, s.last_seen_at, s.expires_at, s.revoked_at, u.id as user_id, u.tenant_id, u.username, u.email,
  u.first_name, u.last_name, u.color, u.roles, u.version, u.disabled, t.denomination, t.demo, t.logo_thumb is not null as has_logo,
  t.expire_date, t.is_free
  from sessions s join users u on u.id = s.user_id and u.tenant_id = s.tenant_id join tenants t on t.id = u.tenant_id
  where s.id = $1`;

const PAGE_SQL = `select "items"."id" as "id", "items"."row_color" as "row_color", "items"."version" as "version", "items"."name" as "c1",
  "items"."description" as "c2", "items"."amount" as "c3", "items"."vat_rate_id" as "c4",
  (trim(trailing ',' from trim(trailing '0' from replace("vat_rates"."rate"::text, '.', ','))) || '%' || coalesce(' ' || "vat_rates"."natura", '')
   || case when "vat_rates"."description" <> '' then ' - ' || "vat_rates"."description" else '' end) as "l4", "items"."created_at" as "c5"
  from "items" left join "vat_rates" on "items"."vat_rate_id" = "vat_rates"."id"
  where "items"."tenant_id" = $1 order by "items"."name" asc, "items"."id" asc limit $2`;

const COUNT_SQL = `select count(*)::int as "n" from (select 1 as "one" from "items" left join "vat_rates" on "items"."vat_rate_id" = "vat_rates"."id"
  where "items"."tenant_id" = $1 limit $2) "capped"`;

function sessionId(cookie) {
  const m = /(?:^|;\s*)sid=([^;]+)/.exec(cookie ?? "");
  return m ? m[1] : null;
}

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

function serve() {
  const prepare = process.env.PREPARE === "1";
  const sql = postgres(process.env.DATABASE_URL, { max: Number(process.env.DATABASE_POOL_MAX || 5), prepare, onnotice: () => {} });
  const query = (text, params) => sql.unsafe(text, params, { prepare });
  const server = http.createServer(async (req, res) => {
    try {
      const sid = sessionId(req.headers.cookie);
      const [s] = sid ? await query(SESSION_SQL, [sid]) : [];
      if (!s || s.revoked_at || s.disabled || s.expires_at.getTime() <= Date.now()) return send(res, 401, { status: "error", message: "Sessione non valida" });
      const [rows, [counted]] = await Promise.all([query(PAGE_SQL, [s.tenant_id, 50]), query(COUNT_SQL, [s.tenant_id, 10_001])]);
      const data = rows.map((r) => ({
        id: r.id,
        rowColor: r.row_color,
        version: r.version,
        name: r.c1,
        description: r.c2,
        amount: Number(r.c3),
        vat: r.c4 === null ? null : { id: r.c4, toString: r.l4 ?? "" },
        createdAt: r.c5 instanceof Date ? r.c5.toISOString() : r.c5,
      }));
      send(res, 200, { status: "ok", data, count: counted.n, countExact: counted.n <= 10_000, startRow: 0, offset: 0 });
    } catch (err) {
      console.error(err);
      send(res, 500, { status: "error", message: "Errore del server" });
    }
  });
  server.keepAliveTimeout = 65_000;
  server.listen(Number(process.env.PORT), "127.0.0.1");
}

if (workers > 1 && cluster.isPrimary) {
  for (let i = 0; i < workers; i++) cluster.fork();
  process.on("SIGTERM", () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.kill("SIGTERM");
    process.exit(0);
  });
} else {
  serve();
}
