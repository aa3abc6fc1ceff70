// npm start — the production server: Next.js behind a small node:http front.
//
// - With DATABASE_URL (a PostgreSQL server) it runs one worker process per core (node:cluster, the
//   workers accept connections themselves, see below); WEB_CONCURRENCY overrides the count. The embedded PGlite
//   database can be opened by one process only, so without DATABASE_URL there is a single process.
// - Route handlers cannot see the socket, so this front writes the client's address into the
//   x-gestionale-client header of every request, replacing whatever the client sent: the socket's
//   address, or, when the socket peer is listed in TRUSTED_PROXIES (comma-separated addresses), the
//   right-most X-Forwarded-For entry that is not itself a trusted proxy. A forged header never counts.
// - GET calls to the API's route handlers are dispatched to them directly, without Next's request handling
//   (scripts/api-dispatch.mjs: the same handlers, guard and headers, half the CPU per call); API_DISPATCH=off
//   sends every request through Next.
// - PORT (3000), HOST (0.0.0.0).
import cluster from "node:cluster";
import http from "node:http";
import os from "node:os";
import next from "next";
import path from "node:path";
import { createApiDispatch } from "./api-dispatch.mjs";
import { coalesceWrites } from "./coalesce-writes.mjs";
import { connectionBalancer, COUNT_MESSAGE, fairShare, SHARE_MESSAGE } from "./connection-balance.mjs";

const CLIENT_ADDRESS_HEADER = "x-gestionale-client";
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOST || "0.0.0.0";
const trusted = new Set(
  (process.env.TRUSTED_PROXIES ?? "")
    .split(",")
    .map((s) => normalize(s.trim()))
    .filter(Boolean),
);

function normalize(address) {
  return address?.startsWith("::ffff:") ? address.slice(7) : (address ?? "");
}

/** The client's address as the trusted chain reports it. */
export function clientAddressOf(req) {
  let address = normalize(req.socket.remoteAddress);
  if (!trusted.has(address)) return address;
  const forwarded = String(req.headers["x-forwarded-for"] ?? "")
    .split(",")
    .map((s) => normalize(s.trim()))
    .filter(Boolean);
  while (forwarded.length > 0 && trusted.has(address)) address = forwarded.pop();
  return address;
}

function workerCount() {
  if (!process.env.DATABASE_URL) return 1;
  const n = Number(process.env.WEB_CONCURRENCY);
  return Number.isInteger(n) && n > 0 ? n : os.availableParallelism();
}

async function serve() {
  const app = next({ dev: false, dir: process.cwd(), hostname, port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const distDir = path.resolve(process.env.NEXT_DIST_DIR || ".next"); // as next.config.ts
  const dispatch = await createApiDispatch({ distDir, hostname, port });
  let balance = null;
  const server = http.createServer((req, res) => {
    balance?.(req, res);
    req.headers[CLIENT_ADDRESS_HEADER] = clientAddressOf(req);
    coalesceWrites(res);
    if (!dispatch?.(req, res, handle)) handle(req, res);
  });
  server.keepAliveTimeout = 65_000;
  if (cluster.isWorker) {
    // even connections across the workers (scripts/connection-balance.mjs)
    const balancer = connectionBalancer(server, (open) => process.connected && process.send({ type: COUNT_MESSAGE, open }));
    process.on("message", (m) => {
      if (m?.type === SHARE_MESSAGE) balancer.setShare(m.share);
    });
    balance = balancer.onRequest;
  }
  server.listen(port, hostname);
  for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.close(() => process.exit(0)));
}

const count = workerCount();
if (count > 1 && cluster.isPrimary) {
  // Workers accept on the shared listening socket and the OS hands each new connection to one that is
  // waiting in accept(). Node's default (SCHED_RR) has the primary accept every connection and pass it to
  // the next worker in turn, waiting for that worker to take it: under full load a burst of new
  // connections queued behind busy event loops (seconds in bench:http's first requests) while the other
  // worker was free. The OS may spread a burst unevenly: the workers even it out (scripts/connection-balance.mjs).
  // NODE_CLUSTER_SCHED_POLICY=rr restores Node's default. Set before the first fork: the primary freezes the policy then.
  if (!process.env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_NONE;
  console.log(`Gestionale: ${count} processi su http://${hostname}:${port}`);
  // the workers' open connections, and the fair share last sent to them (scripts/connection-balance.mjs).
  // The reporting worker always gets the share back: a worker still starting up ignores messages, and its
  // first report comes once it listens for them. The others get it when it changed.
  const held = new Map();
  let sentShare = -1;
  cluster.on("message", (worker, m) => {
    if (m?.type !== COUNT_MESSAGE) return;
    held.set(worker.id, m.open);
    const workers = Object.values(cluster.workers ?? {}).filter(Boolean);
    const share = fairShare(held.values(), workers.length);
    const to = share === sentShare ? [worker] : workers;
    sentShare = share;
    for (const w of to) if (w.isConnected()) w.send({ type: SHARE_MESSAGE, share });
  });
  for (let i = 0; i < count; i++) cluster.fork();
  let stopping = false;
  cluster.on("exit", (worker, code, signal) => {
    held.delete(worker.id);
    if (stopping) return;
    console.error(`processo ${worker.process.pid} terminato (${signal ?? code}): riavvio`);
    cluster.fork();
  });
  for (const sig of ["SIGINT", "SIGTERM"]) {
    process.on(sig, () => {
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.kill(sig);
      setTimeout(() => process.exit(0), 5000).unref();
    });
  }
} else {
  await serve();
  if (count === 1) console.log(`Gestionale su http://${hostname}:${port}`);
}
