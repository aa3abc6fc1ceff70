/**
 * npm run bench:http — throughput of the built app over HTTP on PostgreSQL, beside a plain ceiling.
 *
 * Needs an existing build (`npx next build`), h2load (Debian's nghttp2-client) and nginx (Debian's nginx; only its
 * binary is used, from a temporary configuration on a free port); it builds nothing. On a dedicated, freshly created
 * database of the server named by DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres, the admin
 * connection; the database is dropped at the end):
 *  - seeds the demo tenants (db/seed.ts) and BENCH_PRODUCTS (300) more products for Studio Tecnico Rossi through the
 *    data layer, then ANALYZE;
 *  - starts the plain ceiling, bench/http-ceiling.mjs: node:http + postgres-js on node:cluster (one process per core,
 *    no Next) doing the list call's work on every call (session + user lookup by session id, page of 50, capped
 *    count), and the same with named prepared statements, for reference;
 *  - for each pool size of BENCH_POOLS (default "5"): starts the app as it is deployed (ARCHITECTURE.md, "Deployment
 *    and scale"): one instance per core (os.availableParallelism()), each a separate `next start` process on its own
 *    port (tests/support/next-start.ts: NODE_ENV=production, DATABASE_POOL_MAX = the pool size, TRUSTED_PROXIES =
 *    127.0.0.1), behind nginx (one worker, round-robin upstream with keepalive, HTTP/1.1, X-Forwarded-For); logs in,
 *    warms every call up, then measures in BENCH_ROUNDS (3) interleaved rounds: the ceiling, GET /api/me,
 *    GET /api/items?startRow=0&limit=50 (the grid's first request, with its count) and
 *    GET /api/items/create-form-data through nginx (the headline rows), the list call on the first instance directly
 *    (no nginx, for reference) and the prepared ceiling — so a machine that slows down or speeds up during the run
 *    moves the ceiling and the app together. Each call's figure is its median round. After the warm-up and after
 *    every round, the resident memory (VmRSS) of each instance's next-server process.
 * Every measurement: h2load (C, one thread, far lighter than a Node load generator on the cores it shares with the
 * servers) at 100 connections kept alive, for BENCH_RAMP (2) + BENCH_DURATION (6) + 1 s, every request logged: req/s,
 * p50 and p99 are those of the requests started in the steady window (after the ramp), "p99 from start" those of the
 * whole run, the connections' first requests included. A run of BENCH_WARMUP s (4) per call first.
 * CPU per call: user + system time of the app's instances (summed), of nginx, and of the PostgreSQL backends serving
 * the benchmark's database (/proc, Linux) over the run's requests.
 * Prints a Markdown block and writes it into docs/benchmarks.md (section "## npm run bench:http").
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { openDatabase } from "@/db/client";
import { TenantScope } from "@/db/scope";
import { vatRates } from "@/db/schema";
import { itemEntity } from "@/db/queries/items";
import { ROSSI_LOGIN, seedDemoData, seedRecord } from "@/db/seed";
import { nextStart } from "@/tests/support/next-start";
import { nginxConfig } from "@/tests/support/nginx";
import { freePort } from "@/tests/support/server";
import { pct } from "./stats";
import { writeBenchSection } from "./support";

const ADMIN_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 6);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 4);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const POOLS = (process.env.BENCH_POOLS ?? "5").split(",").map((s) => Number(s.trim())).filter((n) => n > 0);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 300);
/** App instances (one next start process each) and the ceiling's processes: one per core. */
const INSTANCES = os.availableParallelism();
/** Targets: the p99 of an app call at most this many times the ceiling's own p99 of the same rounds. */
const P99_FACTOR = 3;
/** Targets: each instance's resident memory after the last round, and its growth from the first round to the last. */
const RSS_LIMIT_MB = 400;
/** NODE_OPTIONS of the image (Dockerfile: ENV NODE_OPTIONS="…"), given to the instances. */
const IMAGE_NODE_OPTIONS = /^ENV NODE_OPTIONS="([^"]*)"$/m.exec(fs.readFileSync(path.join(process.cwd(), "Dockerfile"), "utf8"))?.[1] ?? "";
const RSS_GROWTH = 0.1;
const NGINX = fs.existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";
const CEILING_LABEL = "plain ceiling: node:http + postgres-js, session lookup + page of 50 + count (unnamed statements, as the app)";
const PREPARED_LABEL = "plain ceiling with named prepared statements (postgres-js default; not through pgbouncer 1.18 in transaction mode)";
const LIST = "GET /api/items?startRow=0&limit=50";

const benchDatabase = `gestionale_bench_http_${process.pid}`;

type Kind = "ceiling" | "prepared" | "app" | "direct";

interface Measure {
  label: string;
  kind: Kind;
  pool: number;
  rps: number;
  p50: number;
  p99: number;
  p99FromStart: number;
  errors: number;
  requests: number;
  /** CPU per call (ms): the server's processes (the app's instances summed, or the ceiling's), nginx's (null: not in the path), PostgreSQL's. */
  serverCpu: number;
  nginxCpu: number | null;
  pgCpu: number;
  /** The steady p99 of every round, in round order (the median row shows how far its rounds spread). */
  p99Rounds?: number[];
}

/** A /proc/PID/stat line's fields from the command name on: [comm, state, ppid, pgrp, …]. */
function statFields(pid: number | string): string[] {
  const raw = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return [raw.slice(raw.indexOf("(") + 1, raw.lastIndexOf(")")), ...raw.slice(raw.lastIndexOf(")") + 2).split(" ")];
}

interface CpuSample {
  server: Map<number, number>;
  nginx: Map<number, number>;
  pg: Map<number, number>;
}

/**
 * CPU ticks (user + system) by pid, from one pass over /proc: of the processes in the server's process groups (each
 * spawned detached, so a group holds a server and whatever it forks), in nginx's group, and of PostgreSQL's backends
 * serving the benchmark's database (not other databases' work on the same server).
 */
function sampleCpu(serverGroups: number[], nginxGroup: number | null): CpuSample {
  const sample: CpuSample = { server: new Map(), nginx: new Map(), pg: new Map() };
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = statFields(entry);
      const group = Number(fields[3]);
      const ticks = Number(fields[12]) + Number(fields[13]);
      if (serverGroups.includes(group)) sample.server.set(Number(entry), ticks);
      else if (group === nginxGroup) sample.nginx.set(Number(entry), ticks);
      else if (fields[0] === "postgres" && fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(` ${benchDatabase} `)) sample.pg.set(Number(entry), ticks);
    } catch {
      // gone meanwhile
    }
  }
  return sample;
}

/** CPU time (ms) spent between two samples by the processes of the second (a process that ended meanwhile is left out). */
function cpuMsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, t] of after) ticks += t - (before.get(pid) ?? 0);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/**
 * The app's server processes in a process group: those titled "next-server" (next start sets the title of the
 * process that serves; in Next 16 that is the spawned process itself), else every process of the group.
 */
function serverPids(group: number): number[] {
  const members: number[] = [];
  const servers: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (Number(statFields(entry)[3]) !== group) continue;
      members.push(Number(entry));
      if (fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").startsWith("next-server")) servers.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return servers.length > 0 ? servers : members;
}

/** Resident memory (MB) of a process from /proc/PID/status: VmRSS (the target's figure) and its anonymous and file-backed parts. */
function residentMb(pid: number): { rss: number; anon: number; file: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => {
    const kb = new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1];
    if (!kb) throw new Error(`${name} illeggibile per il processo ${pid}`);
    return Number(kb) / 1024;
  };
  return { rss: field("VmRSS"), anon: field("RssAnon"), file: field("RssFile") };
}

/** The h2load version ("1.52.0"), for the report. */
function h2loadVersion(): string {
  try {
    return /nghttp2\/([\d.]+)/.exec(execFileSync("h2load", ["--version"], { encoding: "utf8" }))?.[1] ?? "?";
  } catch {
    return "?";
  }
}

/** The nginx version ("1.22.1"; nginx -v writes it to stderr), for the report. */
function nginxVersion(): string {
  return /nginx\/([\d.]+)/.exec(spawnSync(NGINX, ["-v"], { encoding: "utf8" }).stderr ?? "")?.[1] ?? "?";
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

interface Call {
  label: string;
  kind: Kind;
  url: string;
  headers: Record<string, string>;
  pool: number;
  /** Process groups of the server answering the call (the app: every instance). */
  groups: number[];
  /** nginx's process group when the call goes through it. */
  nginx: number | null;
}

async function measure(c: Call): Promise<Measure> {
  const before = sampleCpu(c.groups, c.nginx);
  const r = await h2load(c.url, c.headers, DURATION_S);
  const after = sampleCpu(c.groups, c.nginx);
  const perCall = (ms: number) => ms / Math.max(1, r.total);
  const m: Measure = {
    label: c.label,
    kind: c.kind,
    pool: c.pool,
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    p99FromStart: r.p99FromStart,
    errors: r.errors,
    requests: r.total,
    serverCpu: perCall(cpuMsBetween(before.server, after.server)),
    nginxCpu: c.nginx === null ? null : perCall(cpuMsBetween(before.nginx, after.nginx)),
    pgCpu: perCall(cpuMsBetween(before.pg, after.pg)),
  };
  console.error(
    `${m.label} (pool ${m.pool}): ${m.rps.toFixed(0)} req/s, p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms (from the connections' start ${m.p99FromStart.toFixed(1)} ms), errors ${m.errors}, CPU/call server ${m.serverCpu.toFixed(2)} ms${m.nginxCpu === null ? "" : ` + nginx ${m.nginxCpu.toFixed(2)} ms`} + PostgreSQL ${m.pgCpu.toFixed(2)} ms`,
  );
  return m;
}

/** The median round of a call (by req/s), with the errors of every round. */
function median(rounds: Measure[]): Measure {
  const sorted = [...rounds].sort((x, y) => x.rps - y.rps);
  const mid = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return { ...mid, errors: rounds.reduce((n, m) => n + m.errors, 0), requests: rounds.reduce((n, m) => n + m.requests, 0), p99Rounds: rounds.map((m) => m.p99) };
}

/**
 * Starts a server (`start` spawns it detached, in its own process group, writing to the log file it is given) and
 * waits until `probe` answers 2xx-4xx.
 */
async function startProcess(name: string, dir: string, start: (log: number) => ChildProcess, probe: string, children: ChildProcess[]): Promise<ChildProcess> {
  const logFile = path.join(dir, `${name}.log`);
  const child = start(fs.openSync(logFile, "a"));
  children.push(child);
  let spawnError = null as Error | null;
  child.once("error", (err) => (spawnError = err));
  const deadline = Date.now() + 90_000;
  for (;;) {
    const tail = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").slice(-4000) : "");
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${name} terminato all'avvio:\n${tail()}`);
    if (spawnError) throw new Error(`${name}: avvio non riuscito (${child.spawnfile}): ${spawnError.message}`);
    try {
      const r = await fetch(probe);
      await r.arrayBuffer();
      if (r.status < 500) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name} non risponde:\n${tail()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Stops a server started by startProcess: SIGTERM to its process group, SIGKILL after 6 s. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return;
  }
  await Promise.race([exited, new Promise((r) => setTimeout(r, 6000))]);
  try {
    process.kill(-child.pid, "SIGKILL");
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

/** An app instance's server process and its resident memory (MB) after the warm-up and after each round. */
interface Resident {
  instance: number;
  pid: number;
  pool: number;
  rss: number[];
}

async function main() {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (!fs.existsSync(path.join(process.cwd(), distDir, "BUILD_ID"))) {
    console.error(`Manca la build in ${distDir}: eseguire prima \`npx next build\` (il benchmark non compila nulla).`);
    process.exit(1);
  }
  for (const [tool, args, pkg] of [["h2load", ["--version"], "nghttp2-client"], [NGINX, ["-v"], "nginx"]] as const) {
    if (spawnSync(tool, args).error) {
      console.error(`${tool} non disponibile: apt-get install ${pkg}`);
      process.exit(1);
    }
  }
  const started = new Date();
  const name = benchDatabase;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dbUrl = url.toString();
  // logs and nginx's files; readable by nginx's worker, which drops to nobody when nginx runs as root
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gestionale-bench-http-"));
  fs.chmodSync(dir, 0o755);
  const children: ChildProcess[] = [];
  let failed = false;
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
      const env = { DATABASE_URL: dbUrl, PORT: String(port), WORKERS: String(INSTANCES), DATABASE_POOL_MAX: String(POOLS[0]), PREPARE: prepare ? "1" : "" };
      const child = await startProcess(
        prepare ? "ceiling-prepared" : "ceiling",
        dir,
        (log) => spawn(process.execPath, [path.join("bench", "http-ceiling.mjs")], { env: { ...process.env, ...env }, stdio: ["ignore", log, log], detached: true }),
        `http://127.0.0.1:${port}/`,
        children,
      );
      return { child, url: `http://127.0.0.1:${port}/` };
    };
    const ceiling = await startCeiling(false);
    const prepared = await startCeiling(true);

    const blocks: { pool: number; rows: Measure[]; memory: Resident[] }[] = [];
    for (const pool of POOLS) {
      // the instances: separate next start processes on their own ports, sharing AUTH_SECRET (a session cookie
      // issued by one is read by all)
      const secret = crypto.randomBytes(32).toString("base64url");
      const instances: { child: ChildProcess; port: number }[] = [];
      for (let i = 1; i <= INSTANCES; i++) {
        const port = await freePort();
        const env = {
          // the image's heap limit (Dockerfile ENV NODE_OPTIONS): the instances run as deployed
          NODE_OPTIONS: IMAGE_NODE_OPTIONS,
          DATABASE_URL: dbUrl,
          DATABASE_DIRECT_URL: "",
          DATABASE_POOL_MAX: String(pool),
          AUTH_SECRET: secret,
          TRUSTED_PROXIES: "127.0.0.1",
          RESEND_API_KEY: "",
          CHAT_SCRIPT_URL: "",
        };
        const child = await startProcess(`app-pool-${pool}-${i}`, dir, (log) => nextStart(port, env, log), `http://127.0.0.1:${port}/login`, children);
        instances.push({ child, port });
      }
      const memory: Resident[] = instances.flatMap(({ child }, i) => serverPids(child.pid!).map((pid) => ({ instance: i + 1, pid, pool, rss: [] as number[] })));
      const sampleRss = (when: string) => {
        const figures = memory.map((r) => {
          const m = residentMb(r.pid);
          r.rss.push(m.rss);
          return `instance ${r.instance} (pid ${r.pid}) ${m.rss.toFixed(0)} MB (anonymous ${m.anon.toFixed(0)}, files ${m.file.toFixed(0)})`;
        });
        console.error(`RSS ${when} (pool ${pool}): ${figures.join(", ")}`);
      };

      const nginxPort = await freePort();
      const conf = path.join(dir, `nginx-pool-${pool}.conf`);
      // as the two-instance test (tests/support/nginx.ts), and under this load: h2load's connections stay open for the
      // whole run (nginx's default closes one after 1,000 requests), as many idle connections to the instances as the
      // load has clients (none closed and reopened), no access log and no response buffered to a temporary file
      fs.writeFileSync(
        conf,
        nginxConfig({
          dir,
          port: nginxPort,
          upstreams: instances.map((i) => i.port),
          keepalive: CONNECTIONS,
          errorLog: `${path.join(dir, "nginx.log")} warn`,
          workerConnections: 1024,
          http: ["access_log off;", "keepalive_requests 1000000;", "keepalive_timeout 75s;"],
          upstream: ["keepalive_requests 1000000;"],
          location: ["proxy_max_temp_file_size 0;"],
        }),
      );
      const proxy = `http://127.0.0.1:${nginxPort}`;
      const nginx = await startProcess(
        `nginx-pool-${pool}`,
        dir,
        (log) => spawn(NGINX, ["-c", conf, "-p", `${dir}/`, "-e", path.join(dir, "nginx.log")], { stdio: ["ignore", log, log], detached: true }),
        `${proxy}/login`,
        children,
      );

      const cookie = await login(proxy, ROSSI_LOGIN.username, ROSSI_LOGIN.password);
      const headers = { cookie, "x-requested-with": "XMLHttpRequest" };
      const listPath = "/api/items?startRow=0&limit=50";
      for (const base of [proxy, `http://127.0.0.1:${instances[0]!.port}`]) {
        const check = await fetch(`${base}${listPath}`, { headers });
        const body = (await check.json()) as { data?: unknown[]; count?: number; countExact?: boolean };
        if (check.status !== 200 || body.data?.length !== 50 || body.count !== itemCount || body.countExact !== true) {
          throw new Error(`risposta inattesa della lista (${base}): ${check.status} ${JSON.stringify(body).slice(0, 300)}`);
        }
      }
      const appGroups = instances.map((i) => i.child.pid!);
      const app = { pool, groups: appGroups, nginx: nginx.pid!, headers };
      const calls: Call[] = [
        { label: CEILING_LABEL, kind: "ceiling", url: ceiling.url, headers: ceilingHeaders, pool: POOLS[0]!, groups: [ceiling.child.pid!], nginx: null },
        { ...app, label: "GET /api/me", kind: "app", url: `${proxy}/api/me` },
        { ...app, label: `${LIST} (page + count)`, kind: "app", url: `${proxy}${listPath}` },
        { ...app, label: "GET /api/items/create-form-data", kind: "app", url: `${proxy}/api/items/create-form-data` },
        { ...app, label: `${LIST}, one instance directly (no nginx)`, kind: "direct", url: `http://127.0.0.1:${instances[0]!.port}${listPath}`, nginx: null },
        { label: PREPARED_LABEL, kind: "prepared", url: prepared.url, headers: ceilingHeaders, pool: POOLS[0]!, groups: [prepared.child.pid!], nginx: null },
      ];
      // warm-up: every process of every server has loaded and compiled its code paths
      for (const c of calls) await h2load(c.url, c.headers, WARMUP_S);
      sampleRss("after the warm-up");
      const rounds: Measure[][] = calls.map(() => []);
      for (let r = 0; r < ROUNDS; r++) {
        for (const [i, c] of calls.entries()) rounds[i]!.push(await measure(c));
        sampleRss(`after round ${r + 1}`);
      }
      blocks.push({ pool, rows: rounds.map(median), memory });
      await stopProcess(nginx);
      for (const { child } of instances) await stopProcess(child);
    }

    const pgVersion = (await bench.unsafe("show server_version"))[0]!.server_version;
    await bench.end();
    const load = os.loadavg().map((n) => n.toFixed(1)).join(" / ");
    const misses: string[] = [];
    const check = (what: string, ok: boolean, pool: number) => {
      if (!ok) misses.push(`${what} (pool ${pool})`);
      return ok ? "ok" : "MISS";
    };
    const verdict = (m: Measure, ceil: Measure): string => {
      const errors = () => `0 errors: ${check(`${m.label}: errors`, m.errors === 0, m.pool)}${m.errors === 0 ? "" : ` (${m.errors})`}`;
      const p99Bar = P99_FACTOR * ceil.p99;
      const p99 = () => `p99 ≤ ${P99_FACTOR} × the ceiling's (${p99Bar.toFixed(0)} ms): ${check(`${m.label}: p99`, m.p99 <= p99Bar, m.pool)}`;
      const atLeast = (share: number, text: string) => `≥ ${text} (${(share * ceil.rps).toFixed(0)}): ${check(`${m.label}: req/s`, m.rps >= share * ceil.rps, m.pool)}`;
      if (m.kind === "ceiling") return `the bar; ${errors()}`;
      if (m.kind === "prepared") return `for reference only; errors ${m.errors}`;
      if (m.kind === "direct") {
        return `for reference (one instance, no nginx): ${(m.rps / ceil.rps).toFixed(2)} × the ceiling's req/s, p99 ${(m.p99 / ceil.p99).toFixed(1)} × its p99; errors ${m.errors}`;
      }
      if (m.label === "GET /api/me") return `${atLeast(1, "ceiling")}; ${p99()}; ${errors()}`;
      return `${atLeast(0.5, "½ ceiling")}; ${p99()}; ${errors()}`;
    };
    const ms = (n: number) => `${n.toFixed(2)} ms`;
    const mb = (n: number) => `${n.toFixed(0)} MB`;
    const memoryVerdict = (r: Resident): string => {
      const last = r.rss.at(-1)!;
      const first = r.rss[1]!;
      const what = `instance ${r.instance} RSS`;
      return (
        `≤ ${RSS_LIMIT_MB} MB after round ${ROUNDS}: ${check(`${what} ≤ ${RSS_LIMIT_MB} MB`, last <= RSS_LIMIT_MB, r.pool)}; ` +
        (ROUNDS === 1
          ? "growth: one round, not checked"
          : `round ${ROUNDS} ≤ round 1 + ${RSS_GROWTH * 100}% (${mb(first * (1 + RSS_GROWTH))}): ${check(`${what} growth`, last <= first * (1 + RSS_GROWTH), r.pool)}`)
      );
    };
    const roundHeads = Array.from({ length: ROUNDS }, (_, r) => `after round ${r + 1}`);
    const cpus = os.cpus();
    const lines = [
      `Run ${started.toISOString().replace("T", " ").slice(0, 19)} UTC · Node ${process.version} · PostgreSQL ${pgVersion} (local server) · ${cpus.length} cores (${cpus[0]?.model.trim()}) · load average at the end ${load} (1/5/15 min)`,
      "",
      `Data: the demo seed plus ${PRODUCTS} products for the measured tenant (${itemCount} products; the list answers 50 rows and the exact count). ` +
        `App: ${INSTANCES} instances, each one \`next start\` process on its own port (NODE_ENV=production, NODE_OPTIONS="${IMAGE_NODE_OPTIONS}" as the image, DATABASE_POOL_MAX as in the pool column, TRUSTED_PROXIES=127.0.0.1), ` +
        `behind nginx ${nginxVersion()} (one worker; round-robin upstream, keepalive ${CONNECTIONS}, HTTP/1.1 to the instances, X-Forwarded-For): the rows through nginx are the headline; ` +
        `"one instance directly" is the list call sent to the first instance's port, the other idle. The ceilings run ${INSTANCES} processes (node:cluster) with a pool of ${POOLS[0]} each. ` +
        `Load: h2load (nghttp2 ${h2loadVersion()}, HTTP/1.1, one thread) with ${CONNECTIONS} connections opened at the start of each run and kept alive, on the same ${cpus.length} cores as the servers, nginx and PostgreSQL; ` +
        `a run of ${WARMUP_S} s per call first (warm-up), then ${ROUNDS} interleaved rounds; in each round a call runs ${RAMP_S + DURATION_S + 1} s and req/s, p50 and p99 are those of the requests started from second ${RAMP_S} to second ${RAMP_S + DURATION_S} of the run (steady state), ` +
        `"p99 from start" those of every request of the run, the connections' first ones included; each row is the call's median round (errors: all rounds).`,
      "",
      "| Call | pool | req/s | p50 | p99 | p99 of each round | p99 from start | CPU per call: server + nginx + PostgreSQL | errors | target |",
      "|---|---|---|---|---|---|---|---|---|---|",
      ...blocks.flatMap(({ rows }) => {
        const ceil = rows.find((m) => m.kind === "ceiling")!;
        return rows.map(
          (m) =>
            `| ${m.label} | ${m.pool} | ${m.rps.toFixed(0)} | ${m.p50.toFixed(1)} ms | ${m.p99.toFixed(1)} ms | ${(m.p99Rounds ?? [m.p99]).map((n) => n.toFixed(0)).join(" / ")} ms | ${m.p99FromStart.toFixed(1)} ms | ${ms(m.serverCpu)} + ${m.nginxCpu === null ? "—" : ms(m.nginxCpu)} + ${ms(m.pgCpu)} | ${m.errors} | ${verdict(m, ceil)} |`,
        );
      }),
      "",
      `Resident memory (VmRSS) of each instance's server process (titled next-server), after the warm-up and after each round:`,
      "",
      `| Instance | pool | after the warm-up | ${roundHeads.join(" | ")} | target |`,
      `|---|---|---|${roundHeads.map(() => "---|").join("")}---|`,
      ...blocks.flatMap(({ memory }) => memory.map((r) => `| ${r.instance} (pid ${r.pid}) | ${r.pool} | ${r.rss.map(mb).join(" | ")} | ${memoryVerdict(r)} |`)),
    ];
    lines.push("", misses.length === 0 ? "Targets: all met." : `Targets missed: ${misses.join("; ")}.`);
    const block = lines.join("\n");
    console.log(block);
    writeSection(block);
  } catch (err) {
    failed = true;
    throw err;
  } finally {
    for (const c of children.reverse()) await stopProcess(c);
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
    // the logs stay when the run failed
    if (failed) console.error(`Log dei server: ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Replaces the "## npm run bench:http" section of docs/benchmarks.md (other sections untouched). */
function writeSection(block: string) {
  const notes = [
    "Notes: the headline is the app as it is deployed (ARCHITECTURE.md, \"Deployment and scale\"): one `next start` process per core, as",
    "separate instances on their own ports, behind nginx, which h2load hits (the rows through nginx). \"One instance directly\" sends the list",
    "call to the first instance's port, the other instance idle, for reference: what one process serves on these cores without the proxy.",
    `Targets, checked against the plain ceiling measured in the same rounds (same pool block): the list call at least ½ of the ceiling's req/s,`,
    `GET /api/me at or above it, the form data at least ½ of it; each app call through nginx with a steady p99 at most ${P99_FACTOR} × the`,
    "ceiling's own steady p99 (both of their median round) and no errors at 100 connections (failed, errored and non-2xx requests of every",
    `round all count); each instance's next-server process at most ${RSS_LIMIT_MB} MB resident (VmRSS of /proc/PID/status) after the last round,`,
    `and not growing: after the last round at most its figure after the first round + ${RSS_GROWTH * 100}% (the figure after the warm-up is shown`,
    "for comparison, not checked). A MISS is printed in the row and listed under the tables.",
    "The ceiling is bench/http-ceiling.mjs: node:http + postgres-js on node:cluster, one process per core, reading the session + user + tenant row on",
    "every call (no cache), then the page of 50 and the capped count concurrently, with the grid's SQL text and ordinary bound parameters, and with the",
    "app's connection settings: no named prepared statements, which pgbouncer 1.18 (Debian 12) cannot carry in transaction pooling, so postgres-js sends",
    "every statement with parameters in two round trips. The \"named prepared statements\" row is the same server with postgres-js's default (one round",
    "trip, plans cached by PostgreSQL), for reference: what a direct connection without a pooler would allow.",
    "The app's list is one statement (the page carrying its count; see ARCHITECTURE.md, grid list contract), with its own integers inline, so it goes",
    "in one round trip; its session comes from the per-process cache (lib/auth/session-cache.ts), so it sends no session query.",
    "nginx runs from a temporary configuration on a free port (no system file, no port 80), with one worker process: a round-robin upstream of the",
    `instances with keepalive ${CONNECTIONS} (as many idle connections kept as the load has clients, so none is closed and reopened under the load) and`,
    "keepalive_timeout 4s toward them (below Node's 5 s, so nginx never reuses a connection an instance is closing), proxy_http_version 1.1,",
    "Connection \"\", Host, X-Forwarded-For and X-Forwarded-Proto as deploy/nginx.conf sets them; the instances get TRUSTED_PROXIES=127.0.0.1. The",
    "CPU column splits each call's cost between the server's processes (the instances summed; the ceiling's processes for its rows), nginx (its",
    "master and worker) and the PostgreSQL backends of the benchmark's database.",
    "BENCH_POOLS defaults to one pool size, 5 per process (the ceilings' too), so that a run takes under 4 minutes on this machine; BENCH_POOLS=5,10",
    "measures a block per size (about 7 minutes). The last runs with both (2026-11-25, the former front) measured pools 5 and 10 alike.",
    "Load generator: h2load since 2026-11-24; before, autocannon (Node) took a large share of the CPU the servers and PostgreSQL need on these 2",
    "cores. h2load logs every request, so the steady state (connections open, kept alive) and the whole run including the 100 connections' first",
    "requests both come from one run: the second is the \"p99 from start\" column.",
    "Other work may run on the machine (see the load average): absolute figures and above all the p99 tails move from run to run; the ratios to the",
    "ceiling of the same rounds are what the targets check. Where the app's tail comes from (sessions of 2026-11-25): every request through",
    "Next.js's route handling leaves ~30-38 KB that survives V8's young generation (Next's per-request objects: the app-route runtime's bound async",
    "contexts, its mutable cookies, abort signals, web streams), so under load each process runs a major GC every few seconds, and the slow",
    "requests come in bursts of ~100-170 ms when one does: a 6 s window holding one has a visibly higher p99 than one holding none. More processes",
    "than cores served less with longer tails on these 2 cores (3 or 4 processes, 2026-11-25), hence one instance per core.",
    "Resident memory (2026-11-27, Node 20): an instance's RSS is its V8 heap's reserved size plus ~110 MB (Node, native memory, ~75 MB of",
    "mapped files). Without a heap limit V8 sizes one from the host's memory (~4 GB here, 24 GB of RAM) and lets the heap grow lazily toward it:",
    "under this load the reserved heap climbed to ~400-430 MB in the first round while its live part fell back to ~110-200 MB at each major GC, and",
    "RSS settled at 500-550 MB (a run of this bench: 497-532 MB after each round, every other target met). With the image's limit",
    "(NODE_OPTIONS=--max-old-space-size=1024, Dockerfile) V8 grows the heap to what the work needs: one instance under 100 connections, 12 s on",
    "each call, held 300 MB with 1024, 290 MB with 512, 275 MB with 256 or 384, 540 MB without a limit, at the same throughput within the",
    "machine's noise. So the instances here run with the image's NODE_OPTIONS: the figure is the deployed one.",
    "History: until 2026-11-27 npm start was a home-made front of node:cluster workers, measured here against a fixed p99 < 150 ms. It was removed",
    "(issue 26) so that development, tests and production take one path (next start), the app deploys as standard instances behind any load",
    "balancer, and no private header decides the client address. Figures from before that date are of that front, not of this setup.",
  ].join("\n");
  writeBenchSection(
    "## npm run bench:http",
    "The built app over HTTP on PostgreSQL, as deployed (one next start instance per core behind nginx), beside a plain node:http ceiling measured in the same run. Output of the last run:",
    block,
    notes,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
