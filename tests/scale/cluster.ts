/**
 * A small production-like deployment for tests/scale: two app instances (next start, one
 * process each) on one fresh PostgreSQL database, reaching it through pgbouncer in transaction
 * pooling (DATABASE_URL) and directly only for migrations and LISTEN (DATABASE_DIRECT_URL), behind
 * nginx balancing round-robin and writing X-Forwarded-For (TRUSTED_PROXIES=127.0.0.1).
 *
 * Needs the build (`npx next build`), DATABASE_URL (the admin connection of a PostgreSQL server) and
 * Debian's pgbouncer and nginx. Everything runs from a temporary directory and is removed by stop().
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { nextStart } from "../support/next-start";
import { nginxConfig } from "../support/nginx";
import { freePort } from "../support/server";

export interface Served {
  upstream: string;
  status: number;
  method: string;
  uri: string;
}

export interface Cluster {
  /** Base URL through nginx. */
  proxy: string;
  /** Base URLs of the two instances, reached directly. */
  instances: [string, string];
  /** "127.0.0.1:<port>" of each instance, as nginx's log names them. */
  upstreams: [string, string];
  /** The test database, directly (for checks only). */
  directUrl: string;
  /** pgbouncer's admin console. */
  pgbouncerAdmin: string;
  /** Requests nginx has served so far (its access log). */
  served(): Served[];
  stop(): Promise<void>;
}

export function missingTools(): string[] {
  const missing: string[] = [];
  if (!process.env.DATABASE_URL) missing.push("DATABASE_URL");
  for (const tool of ["pgbouncer", "nginx"]) {
    if (spawnSync("sh", ["-c", `command -v ${tool} || test -x /usr/sbin/${tool}`]).status !== 0) missing.push(tool);
  }
  return missing;
}

function binary(tool: string): string {
  return fs.existsSync(`/usr/sbin/${tool}`) ? `/usr/sbin/${tool}` : tool;
}

async function waitFor(what: string, probe: () => Promise<boolean>, log: () => string, child?: ChildProcess, ms = 90_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${what} è terminato all'avvio:\n${log()}`);
    try {
      if (await probe()) return;
    } catch {
      // not ready yet
    }
    if (Date.now() > deadline) throw new Error(`${what} non risponde:\n${log()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const readLog = (file: string) => () => (fs.existsSync(file) ? fs.readFileSync(file, "utf8").slice(-4000) : "(nessun log)");

async function stopChild(child: ChildProcess | undefined, group: boolean, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  try {
    if (group) process.kill(-child.pid!, signal);
    else child.kill(signal);
  } catch {
    return;
  }
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  try {
    if (group) process.kill(-child.pid!, "SIGKILL");
    else child.kill("SIGKILL");
  } catch {
    // gone
  }
}

export async function startCluster(): Promise<Cluster> {
  if (!fs.existsSync(path.join(process.cwd(), process.env.NEXT_DIST_DIR || ".next", "BUILD_ID"))) {
    throw new Error("Manca la build: eseguire `npx next build` prima del test a due istanze");
  }
  const adminUrl = process.env.DATABASE_URL!;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gestionale-scale-"));
  // pgbouncer drops root privileges to the postgres user, which must read its files and write its log
  fs.chmodSync(dir, 0o777);
  const children: { child: ChildProcess; group: boolean; signal?: NodeJS.Signals }[] = [];
  const name = `gestionale_scale_${process.pid}_${Date.now().toString(36)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const server = new URL(adminUrl);
  const directUrl = new URL(adminUrl);
  directUrl.pathname = `/${name}`;

  const stop = async () => {
    for (const { child, group, signal } of children.reverse()) await stopChild(child, group, signal);
    const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await a.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {});
    await a.end();
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    // pgbouncer, transaction pooling, in front of the test database only
    const bouncerPort = await freePort();
    const user = decodeURIComponent(server.username || "postgres");
    const bouncerLog = path.join(dir, "pgbouncer.log");
    fs.writeFileSync(path.join(dir, "userlist.txt"), `"${user}" "${decodeURIComponent(server.password)}"\n`, { mode: 0o644 });
    fs.writeFileSync(
      path.join(dir, "pgbouncer.ini"),
      [
        "[databases]",
        `${name} = host=${server.hostname} port=${server.port || 5432} dbname=${name}`,
        "[pgbouncer]",
        "listen_addr = 127.0.0.1",
        `listen_port = ${bouncerPort}`,
        "unix_socket_dir =",
        "auth_type = trust",
        `auth_file = ${path.join(dir, "userlist.txt")}`,
        "pool_mode = transaction",
        "max_client_conn = 200",
        "default_pool_size = 20",
        `admin_users = ${user}`,
        "ignore_startup_parameters = extra_float_digits",
        `logfile = ${bouncerLog}`,
        `pidfile = ${path.join(dir, "pgbouncer.pid")}`,
      ].join("\n") + "\n",
      { mode: 0o644 },
    );
    const asRoot = process.getuid?.() === 0;
    const bouncer = spawn(binary("pgbouncer"), [...(asRoot ? ["-u", "postgres"] : []), path.join(dir, "pgbouncer.ini")], { stdio: "ignore" });
    children.push({ child: bouncer, group: false });
    const bouncerUrl = new URL(directUrl);
    bouncerUrl.port = String(bouncerPort);
    const adminConsole = new URL(bouncerUrl);
    adminConsole.pathname = "/pgbouncer";
    await waitFor(
      "pgbouncer",
      async () => {
        const c = postgres(bouncerUrl.toString(), { max: 1, prepare: false, onnotice: () => {}, connect_timeout: 2 });
        try {
          await c`select 1`;
          return true;
        } finally {
          await c.end({ timeout: 1 });
        }
      },
      readLog(bouncerLog),
      bouncer,
    );

    // two app instances: the pooler for queries, the server directly for migrations and LISTEN
    const secret = crypto.randomBytes(32).toString("base64url");
    const outboxDir = path.join(dir, "outbox");
    fs.mkdirSync(outboxDir);
    const ports = [await freePort(), await freePort()] as const;
    for (const [i, port] of ports.entries()) {
      const logFile = path.join(dir, `app-${i + 1}.log`);
      const log = fs.openSync(logFile, "w");
      const child = nextStart(
        port,
        {
          DATABASE_URL: bouncerUrl.toString(),
          DATABASE_DIRECT_URL: directUrl.toString(),
          DATABASE_POOL_MAX: "5",
          AUTH_SECRET: secret,
          TRUSTED_PROXIES: "127.0.0.1",
          MAIL_OUTBOX_DIR: outboxDir,
          RESEND_API_KEY: "",
          CHAT_SCRIPT_URL: "",
        },
        log,
      );
      children.push({ child, group: true });
      await waitFor(`istanza ${i + 1}`, async () => (await fetch(`http://127.0.0.1:${port}/login`)).status === 200, readLog(logFile), child);
    }

    // nginx in front, round-robin, logging which instance served each request
    const nginxPort = await freePort();
    const accessLog = path.join(dir, "access.log");
    const errorLog = path.join(dir, "error.log");
    fs.writeFileSync(
      path.join(dir, "nginx.conf"),
      nginxConfig({
        dir,
        port: nginxPort,
        upstreams: ports,
        keepalive: 8,
        errorLog,
        workerConnections: 512,
        http: ["log_format served '$upstream_addr $status $request_method $request_uri';", `access_log ${accessLog} served;`],
        server: ["client_max_body_size 20m;"],
      }),
    );
    const nginx = spawn(binary("nginx"), ["-c", path.join(dir, "nginx.conf"), "-p", dir], { stdio: "ignore" });
    children.push({ child: nginx, group: false, signal: "SIGQUIT" });
    await waitFor("nginx", async () => (await fetch(`http://127.0.0.1:${nginxPort}/login`)).status === 200, readLog(errorLog), nginx);

    return {
      proxy: `http://127.0.0.1:${nginxPort}`,
      instances: [`http://127.0.0.1:${ports[0]}`, `http://127.0.0.1:${ports[1]}`],
      upstreams: [`127.0.0.1:${ports[0]}`, `127.0.0.1:${ports[1]}`],
      directUrl: directUrl.toString(),
      pgbouncerAdmin: adminConsole.toString(),
      served: () =>
        fs
          .readFileSync(accessLog, "utf8")
          .split("\n")
          .filter(Boolean)
          .map((line) => {
            const [upstream, status, method, uri] = line.split(" ");
            return { upstream: upstream!, status: Number(status), method: method!, uri: uri! };
          }),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
