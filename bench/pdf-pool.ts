/**
 * npm run bench:pdf-pool — issue 29's case over HTTP: while one tenant keeps four 1,500-row PDFs rendering, another
 * tenant's GET /api/me answers within 100 ms at p99 (target), since the PDFs render in the pool's worker threads
 * (lib/pdf/pool.ts), off the request loop.
 *
 * Needs an existing build (`NEXT_DIST_DIR=… npx next build`; it builds nothing). On a fresh database of the server
 * named by DATABASE_URL (bench/support.ts createBenchDatabase, dropped at the end): the demo seed, then one `next start`
 * (tests/support/next-start.ts: NODE_ENV=production, the image's NODE_OPTIONS=--max-old-space-size=1024, the pool's
 * default limits: cores − 1 workers, 4 waiting per worker). Over HTTP, Studio Tecnico Rossi saves a 1,500-row invoice
 * and Verdi Costruzioni S.r.l. (another tenant) logs in. Warm-up: one download (starts the pool's worker) and
 * BENCH_WARMUP (50) /api/me calls. Then:
 *  1. idle: BENCH_CALLS (300) /api/me calls of Verdi one after the other, a BENCH_GAP_MS (20) pause between them;
 *  2. under load: Rossi keeps four downloads of the invoice in flight (a new one as soon as one answers) while
 *     Verdi makes the same calls; the load runs until the calls are done and at least BENCH_PDFS (8) PDFs are served.
 * Reports /api/me's p50/p95/p99/max in both phases, the PDFs served (their time from request to answer) and the
 * refusals (503) if any. Prints a Markdown block and writes it into docs/benchmarks.md (section "## npm run bench:pdf-pool").
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { ROSSI_LOGIN, seedDemoData, VERDI_LOGIN } from "@/db/seed";
import { pdfPoolLimits } from "@/lib/pdf/pool";
import { nextStart } from "@/tests/support/next-start";
import { freePort } from "@/tests/support/server";
import { createBenchDatabase, ms, pct, writeBenchSection } from "./support";

const ROWS = 1500;
const PARALLEL_PDFS = 4;
const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 50);
const GAP_MS = Number(process.env.BENCH_GAP_MS ?? 20);
const MIN_PDFS = Number(process.env.BENCH_PDFS ?? 8);
const TARGET_P99 = 100;

async function login(base: string, username: string, password: string): Promise<string> {
  const fd = new FormData();
  fd.set("username", username);
  fd.set("password", password);
  const r = await fetch(`${base}/api/login`, { method: "POST", body: fd, redirect: "manual" });
  if (r.status !== 200) throw new Error(`login fallito: ${r.status} ${await r.text()}`);
  return r.headers.getSetCookie().map((c) => c.split(";")[0]!).filter((c) => !c.endsWith("=")).join("; ");
}

async function call(base: string, cookie: string, url: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, any>; ms: number }> {
  const t = performance.now();
  const r = await fetch(base + url, { ...init, headers: { cookie, "x-requested-with": "XMLHttpRequest" } });
  const body = (await r.json()) as Record<string, any>;
  return { status: r.status, body, ms: performance.now() - t };
}

const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

/** `CALLS` /api/me calls one after the other, `GAP_MS` apart: their times, ascending. */
async function meCalls(base: string, cookie: string): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const r = await call(base, cookie, "/api/me");
    if (r.status !== 200) throw new Error(`/api/me: ${r.status}`);
    out.push(r.ms);
    await sleep(GAP_MS);
  }
  return out.sort((a, b) => a - b);
}

async function main() {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (!fs.existsSync(path.join(process.cwd(), distDir, "BUILD_ID"))) {
    console.error(`Manca la build in ${distDir}: eseguire prima \`npx next build\` (il benchmark non compila nulla).`);
    process.exit(1);
  }
  const bench = await createBenchDatabase("pdfpool");
  await seedDemoData(bench.database.db);
  await bench.database.close();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const logFile = path.join(os.tmpdir(), `gestionale-bench-pdf-pool-${port}.log`);
  const server: ChildProcess = nextStart(
    port,
    { DATABASE_URL: bench.url, AUTH_SECRET: crypto.randomBytes(32).toString("base64url"), MAIL_OUTBOX_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "gestionale-bench-outbox-")), RESEND_API_KEY: "", NODE_OPTIONS: "--max-old-space-size=1024" },
    fs.openSync(logFile, "w"),
  );
  try {
    for (let deadline = Date.now() + 90_000; ; ) {
      if (server.exitCode !== null) throw new Error(`Il server è terminato all'avvio:\n${fs.readFileSync(logFile, "utf8")}`);
      const up = await fetch(`${base}/login`).then((r) => r.status === 200, () => false);
      if (up) break;
      if (Date.now() > deadline) throw new Error("Il server non risponde");
      await sleep(250);
    }
    const rossi = await login(base, ROSSI_LOGIN.username, ROSSI_LOGIN.password);
    const verdi = await login(base, VERDI_LOGIN.username, VERDI_LOGIN.password);
    const post = (url: string, field: string, entity: unknown) => {
      const fd = new FormData();
      fd.set(field, JSON.stringify(entity));
      return call(base, rossi, url, { method: "POST", body: fd });
    };
    const contact = await post("/api/contacts", "contact", { kind: "COMPANY", companyName: "Cliente Stampe S.r.l.", isCustomer: true, vatNumber: "12345678903", address: "Via Milano 2", postalCode: "20121", city: "Milano", province: "MI" });
    if (contact.status !== 200) throw new Error(JSON.stringify(contact.body));
    const rates = (await call(base, rossi, "/api/vat-rates/get-filtered-list")).body.options as { id: number; toString: string }[];
    const vat = rates.find((o) => o.toString.startsWith("22%"))!;
    const rows = Array.from({ length: ROWS }, (_, i) => ({ rowType: "GENERICA", description: `Intervento ${i + 1}: manutenzione impianto, sopralluogo e verifica`, quantity: "1.5", amount: 15_000 + (i % 20) * 100, vat }));
    const invoice = await post("/api/invoices", "invoice", { kind: "INVOICE", state: "Emessa", date: "2026-03-02", contact: { id: contact.body.contact.id }, rows });
    if (invoice.status !== 200) throw new Error(JSON.stringify(invoice.body).slice(0, 500));
    const pdfUrl = `/api/invoices/download-pdf/${invoice.body.invoice.id}`;

    const first = await call(base, rossi, pdfUrl);
    if (first.status !== 200) throw new Error(`PDF: ${first.status} ${first.body.message}`);
    const pdfKb = Math.round(Buffer.from(first.body.contentBase64 as string, "base64").length / 1024);
    for (let i = 0; i < WARMUP; i++) await call(base, verdi, "/api/me");
    // what stays on the request loop for each PDF: the document read and computed (db/documents/pdf.ts starts from
    // the same JSON as GET /api/invoices/get/{id}), here alone, idle
    const jsonTimes: number[] = [];
    for (let i = 0; i < 10; i++) jsonTimes.push((await call(base, rossi, `/api/invoices/get/${invoice.body.invoice.id}`)).ms);
    jsonTimes.sort((a, b) => a - b);

    const idle = await meCalls(base, verdi);

    // four downloads always in flight until the calls are done and enough PDFs were served
    const pdfTimes: number[] = [];
    let refused = 0;
    let done = false;
    const downloader = async () => {
      while (!done || pdfTimes.length + refused < MIN_PDFS) {
        const r = await call(base, rossi, pdfUrl);
        if (r.status === 200) pdfTimes.push(r.ms);
        else if (r.status === 503) refused++;
        else throw new Error(`PDF: ${r.status} ${r.body.message}`);
      }
    };
    const downloaders = Array.from({ length: PARALLEL_PDFS }, downloader);
    await sleep(500); // the four are in the pool
    const loaded = await meCalls(base, verdi);
    done = true;
    await Promise.all(downloaders);
    pdfTimes.sort((a, b) => a - b);

    const limits = pdfPoolLimits();
    const row = (label: string, xs: number[]) => `| ${label} | ${ms(pct(xs, 50))} | ${ms(pct(xs, 95))} | ${ms(pct(xs, 99))} | ${ms(xs[xs.length - 1]!)} |`;
    const p99 = pct(loaded, 99);
    const block = [
      `Run ${new Date().toISOString().slice(0, 19).replace("T", " ")} UTC · Node ${process.version} · ${os.cpus()[0]?.model ?? "cpu"} × ${os.availableParallelism()} · load average before the run ${os.loadavg()[0]!.toFixed(1)} · pool: ${limits.workers} worker(s), ${limits.queue} waiting at most`,
      "",
      `| GET /api/me of another tenant (${CALLS} calls, ${GAP_MS} ms apart) | p50 | p95 | p99 | max |`,
      "|---|---|---|---|---|",
      row("idle", idle),
      row(`while ${PARALLEL_PDFS} PDFs of ${ROWS.toLocaleString("en")} rows render`, loaded),
      "",
      `| Measure | Result | Target | |`,
      "|---|---|---|---|",
      `| /api/me p99 under the PDF load | ${ms(p99)} | ≤ ${TARGET_P99} ms | ${p99 <= TARGET_P99 ? "ok" : "ABOVE TARGET"} |`,
      `| ${ROWS.toLocaleString("en")}-row PDFs served under load (${pdfKb} KB each), time from request to answer | ${pdfTimes.length}: p50 ${ms(pct(pdfTimes, 50))}, max ${ms(pdfTimes[pdfTimes.length - 1]!)} | — | |`,
      `| the ${ROWS.toLocaleString("en")}-row invoice read and computed, GET /api/invoices/get/{id} idle (on the request loop for each PDF too) | p50 ${ms(pct(jsonTimes, 50))}, max ${ms(jsonTimes[jsonTimes.length - 1]!)} | — | |`,
      `| refused (503, queue full) | ${refused} | 0 (4 in flight fit the queue) | ${refused === 0 ? "ok" : "CHECK"} |`,
    ].join("\n");
    console.log(block);
    writeBenchSection(
      "## npm run bench:pdf-pool",
      "Issue 29: another tenant's calls while one tenant renders PDFs, on the built app (one next start) on PostgreSQL. Output of the last run:",
      block,
      [
        "Before the pool (2026-11-27, the security test of issue 29) the PDFs rendered on the request loop: four parallel PDFs of a 1,500-row",
        "invoice kept another tenant's GET /api/me waiting 37 s. The pool renders them in worker threads (at most cores − 1, here one: a core",
        "stays with the requests) at a lower CPU priority (nice 10), so a PDF waits for a worker while every other call goes on; a PDF under",
        "this load takes about four times its own render time (one worker, four in the queue). What stays on the request loop for each PDF",
        "is the document read and computed (the row above; db/documents/pdf.ts) and the bytes' base64. The figure needs a quiet machine: runs",
        "of 2026-11-27 while other sessions built and tested on the same 2 cores (load average before the run → /api/me p99 idle / under the",
        "PDF load): 26.4 (workers not yet niced) → 119.7 / 664.6 ms; 15.7 → 37.4 / 169.5 ms; 6.3 → 29.2 / 144.2 ms; 6.0 → 66.9 / 188.4 ms;",
        "then, quiet, 1.2 → 11.7 / 30.2 ms. Rows' cap: PDF_MAX_ROWS 2,000 (the most a document may hold when saved); measured in one",
        "process: 1,500 rows ~3.5-4 s, 2,000 rows ~3.6 s, 3,000 rows ~4.8 s, 5,000 rows ~8 s and ~800 MB resident; 3,000 rows outgrow a",
        "200 MB worker heap, 2,000 rows fit it (the workers get 384 MB).",
      ].join("\n"),
    );
  } finally {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      // gone
    }
    await sleep(1000);
    await bench.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
