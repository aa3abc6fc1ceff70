/**
 * npm run bench:http — throughput of the built app over HTTP on PostgreSQL, beside a plain ceiling.
 *
 * Needs an existing build (`npx next build`); it builds nothing. On a dedicated, freshly created
 * database of the server named by DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres,
 * the admin connection; the database is dropped at the end):
 *  - seeds the demo tenants (db/seed.ts) and BENCH_PRODUCTS (300) more products for Studio Tecnico
 *    Rossi through the data layer, then ANALYZE;
 *  - starts the plain ceiling, bench/http-ceiling.mjs: node:http + postgres-js on node:cluster (one
 *    process per core, no Next) doing the list call's work on every call (session + user lookup by
 *    session id, page of 50, capped count);
 *  - for each pool size of BENCH_POOLS (default "5,10"): starts the app as production does
 *    (node --max-semi-space-size=64 scripts/server.mjs, DATABASE_URL set → one worker per core,
 *    DATABASE_POOL_MAX = the pool size), logs in, warms every call up, then measures in
 *    BENCH_ROUNDS (3) interleaved rounds: the ceiling, GET /api/me, GET /api/items?startRow=0&limit=50
 *    (the grid's first request, with its count) and GET /api/items/create-form-data — so a machine
 *    that slows down or speeds up during the run moves the ceiling and the app together. Each call's
 *    figure is its median round.
 * Every measurement: h2load (Debian's nghttp2-client: C, one thread, far lighter than a Node load
 * generator on the 2 cores it shares with the servers) at 100 connections kept alive, for
 * BENCH_RAMP (2) + BENCH_DURATION (6) + 1 s, every request logged: req/s, p50 and p99 are those of the
 * requests started in the steady window (after the ramp), "p99 from start" those of the whole run,
 * the connections' first requests included. A run of BENCH_WARMUP s (4) per call and server first.
 * CPU per call: user + system time of the server's processes and of the PostgreSQL backends serving
 * the benchmark's database (/proc, Linux) over the run's requests.
 * Prints a Markdown block and writes it into docs/benchmarks.md (section "## npm run bench:http").
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { openDatabase } from "@/db/client";
import { TenantScope } from "@/db/scope";
import { vatRates } from "@/db/schema";
import { itemEntity } from "@/db/queries/items";
import { ROSSI_LOGIN, seedDemoData, seedRecord } from "@/db/seed";
import { pct } from "./stats";
import { writeBenchSection } from "./support";

const ADMIN_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 6);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 4);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const POOLS = (process.env.BENCH_POOLS ?? "5,10").split(",").map((s) => Number(s.trim())).filter((n) => n > 0);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 300);
const WORKERS = os.availableParallelism();
const P99_LIMIT_MS = 150;
const CEILING_LABEL = "plain ceiling: node:http + postgres-js, session lookup + page of 50 + count (unnamed statements, as the app)";
const PREPARED_LABEL = "plain ceiling with named prepared statements (postgres-js default; not through pgbouncer 1.18 in transaction mode)";

const benchDatabase = `gestionale_bench_http_${process.pid}`;

interface Measure {
  label: string;
  pool: number | null;
  rps: number;
  p50: number;
  p99: number;
  p99FromStart: number;
  errors: number;
  requests: number;
  /** CPU per call (ms): the server's processes, PostgreSQL's. */
  serverCpu: number;
  pgCpu: number;
  /** The steady p99 of every round, in round order (the median row shows how far its rounds spread). */
  p99Rounds?: number[];
}

/** CPU ticks (user + system) of the processes that pass `pick`, by pid, from /proc. */
function cpuTicks(pick: (pid: number, stat: string[], cmdline: () => string) => boolean): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const raw = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = [raw.slice(raw.indexOf("(") + 1, raw.lastIndexOf(")")), ...raw.slice(raw.lastIndexOf(")") + 2).split(" ")];
      const cmdline = () => fs.readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (pick(Number(entry), fields, cmdline)) ticks.set(Number(entry), Number(fields[12]) + Number(fields[13]));
    } catch {
      // gone meanwhile
    }
  }
  return ticks;
}

/** CPU time (ms) spent between two samples by the processes of the second (a process that ended meanwhile is left out). */
function cpuMsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, t] of after) ticks += t - (before.get(pid) ?? 0);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/** The process tree of `root` (the server and its cluster workers). */
const treeOf = (root: number) => (pid: number, stat: string[]) => pid === root || Number(stat[2]) === root;
/** PostgreSQL's backends serving the benchmark's database (not other databases' work on the same server). */
const backendsOf = (database: string) => (_pid: number, stat: string[], cmdline: () => string) => stat[0] === "postgres" && cmdline().includes(` ${database} `);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** The h2load version line ("nghttp2/1.52.0"), for the report. */
function h2loadVersion(): string {
  try {
    return /nghttp2\/([\d.]+)/.exec(execFileSync("h2load", ["--version"], { encoding: "utf8" }))?.[1] ?? "?";
  } catch {
    return "?";
  }
}

/** Steady state: the requests started after this many seconds of a run, on connections opened at its start. */
const RAMP_S = Number(process.env.BENCH_RAMP ?? 2);

interface Run {
  /** Requests started in the steady window, per second. */
  rps: number;
  /** Latency percentiles (ms) of the requests started in the steady window. */
  p50: number;
  p99: number;
  /** p99 (ms) of every request of the run, from the connections' start. */
  p99FromStart: number;
  /** Failed, errored or non-2xx requests of the whole run. */
  errors: number;
  /** Requests of the whole run. */
  total: number;
}

/**
 * One h2load run (nghttp2-client, Debian; HTTP/1.1, one thread, CONNECTIONS connections opened at the
 * start and kept alive) of RAMP_S + seconds + 1 s, logging every request (start, status, latency).
 * The steady figures are the requests started between RAMP_S and RAMP_S + seconds (the last second
 * lets those finish); p99FromStart counts every request, the connections' first ones included.
 */
function h2load(url: string, headers: Record<string, string>, seconds: number): Promise<Run> {
  const log = path.join(os.tmpdir(), `gestionale-bench-h2load-${process.pid}.tsv`);
  fs.rmSync(log, { force: true });
  const args = ["--h1", "-t", "1", "-c", String(CONNECTIONS), "-D", String(RAMP_S + seconds + 1), `--log-file=${log}`];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}: ${v}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn("h2load", args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", (err) => reject(new Error(`h2load non disponibile (apt-get install nghttp2-client): ${err.message}`)));
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`h2load: uscita ${code}\n${out}`));
      const rows = fs
        .readFileSync(log, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => line.split("\t").map(Number) as [number, number, number]);
      fs.rmSync(log, { force: true });
      const summary = /requests: \d+ total, \d+ started, \d+ done, \d+ succeeded, (\d+) failed, (\d+) errored, (\d+) timeout/.exec(out);
      if (!summary || rows.length === 0) return reject(new Error(`h2load: risultato illeggibile\n${out}`));
      const first = rows.reduce((t, r) => Math.min(t, r[0]), Infinity);
      const from = first + RAMP_S * 1e6;
      const to = from + seconds * 1e6;
      const steady = rows.filter((r) => r[0] >= from && r[0] < to);
      if (steady.length === 0) return reject(new Error(`h2load: nessuna richiesta dopo i primi ${RAMP_S} s\n${out}`));
      const ms = (rs: typeof rows) => rs.map((r) => r[2] / 1000).sort((a, b) => a - b);
      const steadyMs = ms(steady);
      resolve({
        rps: steady.length / seconds,
        p50: pct(steadyMs, 50),
        p99: pct(steadyMs, 99),
        p99FromStart: pct(ms(rows), 99),
        errors: Number(summary[1]) + Number(summary[2]) + Number(summary[3]) + rows.filter((r) => r[1] < 200 || r[1] > 299).length,
        total: rows.length,
      });
    });
  });
}

async function measure(label: string, pool: number | null, url: string, headers: Record<string, string>, server: ChildProcess): Promise<Measure> {
  const tree = treeOf(server.pid!);
  const backends = backendsOf(benchDatabase);
  const before = [cpuTicks(tree), cpuTicks(backends)] as const;
  const r = await h2load(url, headers, DURATION_S);
  const after = [cpuTicks(tree), cpuTicks(backends)] as const;
  const m: Measure = {
    label,
    pool,
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    p99FromStart: r.p99FromStart,
    errors: r.errors,
    requests: r.total,
    serverCpu: cpuMsBetween(before[0], after[0]) / Math.max(1, r.total),
    pgCpu: cpuMsBetween(before[1], after[1]) / Math.max(1, r.total),
  };
  console.error(
    `${label}${pool ? ` (pool ${pool})` : ""}: ${m.rps.toFixed(0)} req/s, p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms (from the connections' start ${m.p99FromStart.toFixed(1)} ms), errors ${m.errors}, CPU/call server ${m.serverCpu.toFixed(2)} ms + PostgreSQL ${m.pgCpu.toFixed(2)} ms`,
  );
  return m;
}

/** The median round of a call (by req/s), with the errors of every round. */
function median(rounds: Measure[]): Measure {
  const sorted = [...rounds].sort((x, y) => x.rps - y.rps);
  const mid = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return { ...mid, errors: rounds.reduce((n, m) => n + m.errors, 0), requests: rounds.reduce((n, m) => n + m.requests, 0), p99Rounds: rounds.map((m) => m.p99) };
}

/** Starts a server process (its own process group) and waits until `probe` answers 2xx-4xx. */
async function startProcess(args: string[], env: Record<string, string>, probe: string, logName: string): Promise<ChildProcess> {
  const logFile = path.join(os.tmpdir(), `gestionale-bench-${logName}-${process.pid}.log`);
  const log = fs.openSync(logFile, "w");
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", log, log], detached: true });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${logName} terminato all'avvio:\n${fs.readFileSync(logFile, "utf8")}`);
    try {
      const r = await fetch(probe);
      await r.arrayBuffer();
      if (r.status < 500) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${logName} non risponde:\n${fs.readFileSync(logFile, "utf8")}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  try {
    process.kill(-child.pid!, "SIGTERM");
  } catch {
    return;
  }
  await Promise.race([exited, new Promise((r) => setTimeout(r, 6000))]);
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {
    // gone
  }
}

async function login(base: string, username: string, password: string): Promise<string> {
  const fd = new FormData();
  fd.set("username", username);
  fd.set("password", password);
  const r = await fetch(`${base}/api/login`, { method: "POST", body: fd, redirect: "manual" });
  if (r.status !== 200) throw new Error(`login fallito: ${r.status} ${await r.text()}`);
  const cookies = r.headers.getSetCookie().map((c) => c.split(";")[0]!).filter((c) => !c.endsWith("="));
  return cookies.join("; ");
}

async function main() {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (!fs.existsSync(path.join(process.cwd(), distDir, "BUILD_ID"))) {
    console.error(`Manca la build in ${distDir}: eseguire prima \`npx next build\` (il benchmark non compila nulla).`);
    process.exit(1);
  }
  const started = new Date();
  const name = benchDatabase;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dbUrl = url.toString();
  const children: ChildProcess[] = [];
  try {
    // seed through the data layer, then close: the servers own the database from here on
    const database = await openDatabase({ url: dbUrl });
    const { rossi } = await seedDemoData(database.db);
    const scope = new TenantScope(database.db, rossi.tenant.id);
    const rates = await scope.list(vatRates);
    const words = ["Cavo", "Staffa", "Vite", "Pannello", "Modulo", "Sensore", "Quadro", "Tubo", "Valvola", "Raccordo"];
    for (let i = 1; i <= PRODUCTS; i++) {
      const rate = rates[i % rates.length]!;
      await seedRecord(itemEntity, scope, {
        name: `${words[i % words.length]} ${String(i).padStart(4, "0")}`,
        description: i % 3 === 0 ? "" : `Articolo di catalogo n. ${i}`,
        amount: 100 + ((i * 7919) % 50_000),
        vat: { id: rate.id },
      });
    }
    await database.db.execute(sql`analyze`);
    await database.close();
    const bench = postgres(dbUrl, { max: 1, onnotice: () => {} });
    const itemCount = Number((await bench`select count(*)::int as n from items where tenant_id = ${rossi.tenant.id}`)[0]!.n);

    // the ceilings run through the whole measurement (idle between their rounds); a live session of
    // the seeded user, which they read from a plain "sid" cookie on every call
    const [session] = await bench`insert into sessions (id, tenant_id, user_id, expires_at)
      select ${crypto.randomBytes(32).toString("base64url")}, tenant_id, id, now() + interval '12 hours' from users where email = ${ROSSI_LOGIN.username}
      returning id`;
    const ceilingHeaders = { cookie: `sid=${session!.id}` };
    const startCeiling = async (prepare: boolean) => {
      const port = await freePort();
      const child = await startProcess(
        [path.join("bench", "http-ceiling.mjs")],
        { DATABASE_URL: dbUrl, PORT: String(port), WORKERS: String(WORKERS), DATABASE_POOL_MAX: String(POOLS[0]), PREPARE: prepare ? "1" : "" },
        `http://127.0.0.1:${port}/`,
        prepare ? "ceiling-prepared" : "ceiling",
      );
      children.push(child);
      return { child, url: `http://127.0.0.1:${port}/` };
    };
    const ceiling = await startCeiling(false);
    const prepared = await startCeiling(true);

    interface Call {
      label: string;
      url: string;
      headers: Record<string, string>;
      server: ChildProcess;
      pool: number;
    }
    const blocks: { pool: number; rows: Measure[] }[] = [];
    for (const pool of POOLS) {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const app = await startProcess(
        ["--max-semi-space-size=64", path.join("scripts", "server.mjs")],
        {
          DATABASE_URL: dbUrl,
          DATABASE_DIRECT_URL: "",
          DATABASE_POOL_MAX: String(pool),
          WEB_CONCURRENCY: String(WORKERS),
          PORT: String(port),
          HOST: "127.0.0.1",
          NODE_ENV: "production",
          AUTH_SECRET: crypto.randomBytes(32).toString("base64url"),
          RESEND_API_KEY: "",
          CHAT_SCRIPT_URL: "",
        },
        `${base}/login`,
        `app-pool-${pool}`,
      );
      children.push(app);
      const cookie = await login(base, ROSSI_LOGIN.username, ROSSI_LOGIN.password);
      const headers = { cookie, "x-requested-with": "XMLHttpRequest" };
      const check = await fetch(`${base}/api/items?startRow=0&limit=50`, { headers });
      const body = (await check.json()) as { data?: unknown[]; count?: number; countExact?: boolean };
      if (check.status !== 200 || body.data?.length !== 50 || body.count !== itemCount || body.countExact !== true) {
        throw new Error(`risposta inattesa della lista: ${check.status} ${JSON.stringify(body).slice(0, 300)}`);
      }
      const calls: Call[] = [
        { label: CEILING_LABEL, url: ceiling.url, headers: ceilingHeaders, server: ceiling.child, pool: POOLS[0]! },
        { label: "GET /api/me", url: `${base}/api/me`, headers, server: app, pool },
        { label: "GET /api/items?startRow=0&limit=50 (page + count)", url: `${base}/api/items?startRow=0&limit=50`, headers, server: app, pool },
        { label: "GET /api/items/create-form-data", url: `${base}/api/items/create-form-data`, headers, server: app, pool },
        { label: PREPARED_LABEL, url: prepared.url, headers: ceilingHeaders, server: prepared.child, pool: POOLS[0]! },
      ];
      // warm-up: every worker of every server has loaded and compiled its code paths
      for (const c of calls) await h2load(c.url, c.headers, WARMUP_S);
      const rounds: Measure[][] = calls.map(() => []);
      for (let r = 0; r < ROUNDS; r++) {
        for (const [i, c] of calls.entries()) rounds[i]!.push(await measure(c.label, c.pool, c.url, c.headers, c.server));
      }
      blocks.push({ pool, rows: rounds.map(median) });
      await stopProcess(app);
    }

    const pgVersion = (await bench.unsafe("show server_version"))[0]!.server_version;
    await bench.end();
    const load = os.loadavg().map((n) => n.toFixed(1)).join(" / ");
    const verdict = (m: Measure, bar: number): string => {
      const errors = m.errors === 0 ? "0 errors: ok" : `0 errors: MISS (${m.errors})`;
      if (m.label === CEILING_LABEL) return `the bar; ${errors}`;
      if (m.label === PREPARED_LABEL) return `for reference only; ${errors}`;
      if (m.label.startsWith("GET /api/me")) return `≥ ceiling (${bar.toFixed(0)}): ${m.rps >= bar ? "ok" : "MISS"}; ${errors}`;
      if (m.label.startsWith("GET /api/items?")) {
        return `≥ ½ ceiling (${(bar / 2).toFixed(0)}): ${m.rps >= bar / 2 ? "ok" : "MISS"}; p99 < ${P99_LIMIT_MS} ms: ${m.p99 < P99_LIMIT_MS ? "ok" : "MISS"}; ${errors}`;
      }
      return `≥ ½ ceiling (${(bar / 2).toFixed(0)}): ${m.rps >= bar / 2 ? "ok" : "MISS"}; ${errors}`;
    };
    const ms = (n: number) => `${n.toFixed(2)} ms`;
    const lines = [
      `Run ${started.toISOString().replace("T", " ").slice(0, 19)} UTC · Node ${process.version} · PostgreSQL ${pgVersion} (local server) · ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}) · load average at the end ${load} (1/5/15 min)`,
      "",
      `Data: the demo seed plus ${PRODUCTS} products for the measured tenant (${itemCount} products; the list answers 50 rows and the exact count). ` +
        `App: \`node --max-semi-space-size=64 scripts/server.mjs\` with DATABASE_URL set (${WORKERS} worker processes; ${process.env.API_DISPATCH === "off" ? "API_DISPATCH=off: every call through Next.js's request handling" : "GET /api/* calls handed straight to their route handlers, scripts/api-dispatch.mjs"}), DATABASE_POOL_MAX per process as in the pool column; the ceilings run ${WORKERS} processes with a pool of ${POOLS[0]} each. ` +
        `Load: h2load (nghttp2 ${h2loadVersion()}, HTTP/1.1, one thread) with ${CONNECTIONS} connections opened at the start of each run and kept alive, on the same ${os.cpus().length} cores as the servers and PostgreSQL; ` +
        `a run of ${WARMUP_S} s per call and server first (warm-up), then ${ROUNDS} interleaved rounds; in each round a call runs ${RAMP_S + DURATION_S + 1} s and req/s, p50 and p99 are those of the requests started from second ${RAMP_S} to second ${RAMP_S + DURATION_S} of the run (steady state), ` +
        `"p99 from start" those of every request of the run, the connections' first ones included; each row is the call's median round (errors: all rounds).`,
      "",
      "| Call | pool | req/s | p50 | p99 | p99 of each round | p99 from start | CPU per call: server + PostgreSQL | errors | target |",
      "|---|---|---|---|---|---|---|---|---|---|",
      ...blocks.flatMap(({ rows }) => {
        const bar = rows.find((m) => m.label === CEILING_LABEL)!.rps;
        return rows.map(
          (m) =>
            `| ${m.label} | ${m.pool ?? "—"} | ${m.rps.toFixed(0)} | ${m.p50.toFixed(1)} ms | ${m.p99.toFixed(1)} ms | ${(m.p99Rounds ?? [m.p99]).map((n) => n.toFixed(0)).join(" / ")} ms | ${m.p99FromStart.toFixed(1)} ms | ${ms(m.serverCpu)} + ${ms(m.pgCpu)} | ${m.errors} | ${verdict(m, bar)} |`,
        );
      }),
    ];
    const block = lines.join("\n");
    console.log(block);
    writeSection(block);
  } finally {
    for (const c of children) await stopProcess(c);
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

/** Replaces the "## npm run bench:http" section of docs/benchmarks.md (other sections untouched). */
function writeSection(block: string) {
  const notes = [
    "Notes: each app row is checked against the plain ceiling measured in the same rounds (same pool block): the list call at least half of it with",
    "p99 < 150 ms, GET /api/me at or above it, the form data at least half of it, no errors (failed, errored and non-2xx requests all count).",
    "The ceiling is bench/http-ceiling.mjs: node:http + postgres-js on node:cluster, one process per core, reading the session + user + tenant row on",
    "every call (no cache), then the page of 50 and the capped count concurrently, with the grid's SQL text and ordinary bound parameters, and with the",
    "app's connection settings: no named prepared statements, which pgbouncer 1.18 (Debian 12) cannot carry in transaction pooling, so postgres-js sends",
    "every statement with parameters in two round trips. The \"named prepared statements\" row is the same server with postgres-js's default (one round",
    "trip, plans cached by PostgreSQL), for reference: what a direct connection without a pooler would allow.",
    "The app's list is one statement (the page carrying its count; see ARCHITECTURE.md, grid list contract), with its own integers inline, so it goes",
    "in one round trip; its session comes from the per-process cache (lib/auth/session-cache.ts), so it sends no session query.",
    "Load generator: until 2026-11-24 autocannon (Node) drove the load; on these 2 cores it took a large share of the CPU the servers and PostgreSQL",
    "need (same machine, same day: the ceiling went from ~1,320 req/s under autocannon to ~1,300-1,800 under wrk or h2load, the app's list from ~920",
    "to ~1,040-1,400). h2load logs every request, so the steady state (connections open, kept alive as nginx keeps them to the instances) and the",
    "whole run including the 100 connections' first requests both come from one run: the second is the \"p99 from start\" column.",
    "Other work may run on the machine (see the load average): absolute figures and above all the p99 tails move from run to run; the ratios to the",
    "ceiling of the same rounds are what the targets check. p99 < 150 ms at 100 connections needs about 700 req/s at the very least (Little's law:",
    "100 connections / 0.15 s) and in practice a mean latency near 90 ms (the ceiling's own p99 is ~1.5x its p50), i.e. ~1,100 req/s with even workers.",
    "What was measured of the list's tail (sessions of 2026-11-24): the app's CPU per list call is ~0.9-1.1 ms in the server (Next's request handling",
    "~0.5 ms of it: GET /api/me costs ~0.55 ms; the list's own code, Drizzle and postgres-js 0.19 ms, measured in-process) + ~0.45-0.55 ms in",
    "PostgreSQL, so the 2 shared cores top out near 1,200-1,400 req/s. npm start's workers accept connections themselves (SCHED_NONE), and a burst",
    "of 100 new connections is split as the OS wakes the workers (seen 49/52, 88/14, 90/11): the worker holding more answers them more slowly for as",
    "long as they live, which put the list's steady p99 at 126-650 ms, over 150 ms in most rounds. Since 2026-11-24 the workers even it out",
    "(scripts/connection-balance.mjs): each reports the connections it holds, the primary sends the fair share, a worker over it answers",
    "\"Connection: close\" once on each excess connection and the client reconnects (in a test run, ~90 such closes per 9 s run, the split back at 51/52",
    "during the run). Node's round-robin (NODE_CLUSTER_SCHED_POLICY=rr) splits evenly too, but hands each new connection to a busy worker one",
    "at a time, waiting for it: the first requests of a burst then waited up to ~1 s (p99 from start 600-780 ms), so it is not the default.",
    "Tried, not kept: coalescing postgres-js's socket writes (no change in CPU per call: the write's share of a profile is the PostgreSQL backend",
    "it wakes taking the core); pools of 2-3 per worker under round-robin (steady p99 110-145 ms in manual runs, but a slow report would hold a pool).",
    "Why the list's p99 moves between rounds (session of 2026-11-25, 20-30 s runs of the list with every request and every GC event logged): the",
    "slow requests come in bursts of ~100-170 ms, a few per worker per 20 s, and each burst is a worker's major GC (incremental marking, then a",
    "14-25 ms mark-compact). A 6 s steady window that holds one of them has a p99 of ~180-240 ms; one that holds none, ~100-130 ms. The major GCs",
    "come every ~5-8 s per worker because every request through Next.js's route handling leaves ~30-38 KB that survives the young generation",
    "(GET /api/me: ~48 MB/s per worker at ~1,600 req/s; the list: ~22 MB/s at ~580 req/s). A sampling heap profile of what outlives the",
    "scavenges names Next's own per-request objects (the app-route runtime's bound async contexts, its mutable cookies, abort signals, web streams);",
    "a route handler returning a constant JSON promotes as much as /api/me (~30 KB a request), a plain node:http server ~0.",
    "Tried and measured, none kept: semi-spaces of 128 and 256 MB, --single-threaded-gc, --no-concurrent-marking, --v8-pool-size=1,",
    "--no-allocation-site-pretenuring (halves /api/me's promoted volume, the list's by a tenth), --heap-growing-percent=600 (major GCs every",
    "~14 s, but each burst longer), a cap of 12 requests in flight per worker in npm start's front, and (as an experiment only) Requests built",
    "without Next's abort signal: the list's bursts stayed as they were in each case.",
    "Three runs of this benchmark on Node 20.20 on 2026-11-25: every median row met its target, at pool 5 and at 10; of the 18 list rounds, 6",
    "had a p99 over 150 ms (187-251 ms), 2 in every run, so the list's target held in a typical 6 s window of this host, not in every one.",
    "Node 24.21 (the runtime since 2026-11-25, see ARCHITECTURE.md) beside Node 20.20, same machine, same hour, pool 5, runs interleaved (req/s of",
    "the median round; p99 of each round): Node 20: the list 1,066 (199 / 220 / 165 ms) and 1,230 (177 / 138 / 121 ms), GET /api/me 3,050 and 3,152;",
    "Node 24: the list 1,166 (227 / 203 / 255 ms) and 1,412 (206 / 169 / 128 ms), GET /api/me 3,910 and 4,023. Node 24 serves more; the list's",
    "tail is no better (4 of those 6 list rounds over 150 ms on Node 20, 5 of 6 on Node 24) and follows the machine's state: in the same session the",
    "plain ceiling ran at 1,336-1,700 req/s; a Node 24 run in a fast hour had the list at 1,574 req/s with every round's p99 at 117-127 ms, the",
    "full runs after it (the last one above) missed p99 < 150 ms in the median round at pool 5 and at 10 (171-239 ms).",
    "More workers than cores, tried on Node 24 (2 cores): 3 workers with pools of 4 gave the list 1,001 req/s, p99 166-293 ms; 4 workers with",
    "pools of 3, 868 req/s, p99 206-236 ms: worse than one per core, so the default stays one per core.",
    "Since 2026-11-25 (second session) npm start hands GET /api/* calls straight to their route handlers (scripts/api-dispatch.mjs; ARCHITECTURE.md,",
    "Deployment and scale): the same handlers, guard, headers and compression, without Next.js's request handling, whose per-request objects were",
    "what the workers' major GCs collected. Same machine, same hour, pool 5, API_DISPATCH=off then on (ceilings 1,798 and 1,844 req/s):",
    "the list 1,685 → 2,760 req/s, p99 of each round 97 / 87 / 171 → 76 / 69 / 77 ms, server CPU per call 0.74 → 0.33 ms; GET /api/me 4,547 →",
    "28,953 req/s (0.42 → 0.05 ms); the form data 1,495 → 2,598 req/s. An earlier pair that day (a prototype of the same dispatch): the list",
    "1,818 → 2,960 req/s, p99 91-98 → 73-80 ms. tests/api/api-dispatch.test.ts proves the answers are Next's, byte for byte.",
  ].join("\n");
  writeBenchSection("## npm run bench:http", "The built app over HTTP on PostgreSQL, beside a plain node:http ceiling measured in the same run. Output of the last run:", block, notes);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
