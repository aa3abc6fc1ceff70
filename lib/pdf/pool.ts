/**
 * Every document PDF (download and preview, e-mail attachments, reminders, planned operations) is rendered here:
 * in worker threads (piscina), never on the request loop, where a 1,500-row invoice held every tenant's calls for
 * seconds (issue 29). The worker is lib/pdf/render-worker.ts, bundled by scripts/pdf-worker.ts into
 * lib/pdf/dist/render-worker.mjs (next build and next dev do it through next.config.ts; the unit tests' global setup
 * too): a plain file that Node's workers load by path, outside Next's bundles (piscina is a server external package),
 * read from process.cwd() as the fonts are, and copied into the standalone output by next.config.ts.
 *
 * Limits (whole numbers from the environment; a missing or bad value falls back to the default):
 * - PDF_WORKERS: renders at once, default cores − 1 (at least 1), so a core is always left to the requests;
 * - PDF_QUEUE_MAX: renders waiting for a worker, default 4 per worker; past it 503 'Troppe stampe in corso…';
 * - PDF_MAX_ROWS: rows of one document, default 2,000 (what a document may hold when saved); past it 400.
 * The pool starts on the first PDF, and a worker left idle for five minutes ends. A request that goes away
 * takes its render with it (the caller's AbortSignal: out of the queue, or the worker stopped). A planned
 * operation's render is never refused for the queue (`background`): it waits.
 */
import "server-only";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Piscina } from "piscina";
import { envInteger } from "@/lib/env";
import { ApiError, BadRequestError } from "@/lib/errors";
import type { InvoicePdfInput } from "./invoice-pdf";
import { PDF_WORKER_FILE } from "./worker-file";

export const PDF_POOL_MESSAGES = {
  busy: "Troppe stampe in corso: riprova tra qualche secondo",
  tooManyRows: (max: number) => `Il documento ha troppe righe per la stampa (massimo ${max})`,
  aborted: "Stampa annullata",
} as const;

/**
 * Measured (docs/benchmarks.md, bench:pdf-pool notes): a 2,000-row invoice renders in ~4 s on a free core and fits
 * a 200 MB worker heap; 3,000 rows do not.
 */
export const PDF_MAX_ROWS_DEFAULT = 2000;
/** Each worker's V8 heap: a render that outgrows it ends its worker (the call fails), never the server. */
const WORKER_HEAP_MB = 384;
const IDLE_MS = 5 * 60_000;
const WORKER_NICE = 10;

export interface PdfPoolLimits {
  workers: number;
  queue: number;
  maxRows: number;
}

const positive = (value: string | undefined, fallback: number) => envInteger(value, fallback, 1);

/** The limits from the environment (see the top of this file). */
export function pdfPoolLimits(env: Record<string, string | undefined> = process.env): PdfPoolLimits {
  const workers = positive(env.PDF_WORKERS, Math.max(1, os.availableParallelism() - 1));
  return { workers, queue: positive(env.PDF_QUEUE_MAX, 4 * workers), maxRows: positive(env.PDF_MAX_ROWS, PDF_MAX_ROWS_DEFAULT) };
}

export interface PdfRenderOptions {
  /** The request's: when it aborts (the client went away), the render leaves the queue or its worker is stopped. */
  signal?: AbortSignal;
  /**
   * A planned operation's render (db/queries/planned-operations-runner.ts): it waits its turn past the queue's bound
   * instead of a 503, since a failed occurrence is not tried again; the runner makes one occurrence at a time.
   */
  background?: boolean;
}

export interface PdfPool {
  readonly limits: PdfPoolLimits;
  /** The document's PDF bytes, rendered by a worker; 400 past the rows' cap, 503 when the queue is full. */
  render(input: InvoicePdfInput, options?: PdfRenderOptions): Promise<Buffer>;
  close(): Promise<void>;
}

export function createPdfPool(limits: PdfPoolLimits = pdfPoolLimits()): PdfPool {
  // PDF_WORKER_FILE written out: Turbopack's file trace follows a literal path (the standalone output carries the file)
  // and traces the whole project for any other expression
  const filename = path.join(process.cwd(), "lib/pdf/dist/render-worker.mjs");
  if (!fs.existsSync(filename)) throw new Error(`Manca il worker dei PDF (${PDF_WORKER_FILE}): eseguire \`npx tsx scripts/pdf-worker.ts\` o \`npx next build\``);
  const piscina = new Piscina<InvoicePdfInput, Uint8Array>({
    filename,
    minThreads: 0,
    maxThreads: limits.workers,
    // a worker renders one document at a time: the others wait in the queue, which render() bounds (piscina's own
    // bound would refuse the planned operations' renders too)
    concurrentTasksPerWorker: 1,
    idleTimeout: IDLE_MS,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    // the workers' threads yield the CPU to the request loop when both want it (Linux: per-thread nice, through
    // piscina's optional @napi-rs/nice; without it, no change)
    niceIncrement: WORKER_NICE,
  });
  return {
    limits,
    async render(input, { signal, background = false } = {}) {
      if (input.rows.length > limits.maxRows) throw new BadRequestError(PDF_POOL_MESSAGES.tooManyRows(limits.maxRows));
      // renders waiting for a worker (piscina counts a worker still starting as taken)
      if (!background && piscina.queueSize >= limits.queue) throw new ApiError(503, PDF_POOL_MESSAGES.busy);
      try {
        const bytes = await piscina.run(input, { signal });
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (err) {
        if (signal?.aborted) throw new BadRequestError(PDF_POOL_MESSAGES.aborted);
        throw err;
      }
    },
    close: () => piscina.close({ force: true }),
  };
}

let shared: PdfPool | null = null;

/** The document's PDF bytes, through the process's pool (started on first use, with the environment's limits). */
export function renderDocumentPdf(input: InvoicePdfInput, options?: PdfRenderOptions): Promise<Buffer> {
  shared ??= createPdfPool();
  return shared.render(input, options);
}
