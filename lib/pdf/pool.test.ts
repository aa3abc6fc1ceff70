/**
 * The PDF pool (issue 29) with real worker threads on the bundled worker (built by the unit tests' global setup):
 * the PDF comes back whole from the worker (rows and their amounts read back), the queue's bound is a 503 with the
 * Italian message while the accepted renders complete, a request that goes away leaves the queue, and the rows' cap
 * is a 400 before any work. Renders are handed in within one tick, so which ones wait does not depend on timing.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors";
import { readPdf, sampleInvoicePdf, sampleRow } from "@/tests/support/sample-invoice";
import { createPdfPool, PDF_POOL_MESSAGES, pdfPoolLimits, type PdfPool } from "./pool";
import { PDF_WORKER_FILE } from "./worker-file";

/** Rows whose amounts differ (row i: i × 100 + 7 cents), so each one is checked in the text. */
const rows = (n: number) => Array.from({ length: n }, (_, i) => sampleRow(i + 1, { amount: (i + 1) * 100 + 7, unitPrice: (i + 1) * 100 + 7 }));

/** How a render ended: the PDF's text, or the refusal's status and message. */
async function outcome(p: Promise<Buffer>): Promise<{ text: string } | { status: number; message: string }> {
  try {
    return { text: (await readPdf(await p)).text };
  } catch (err) {
    if (err instanceof ApiError) return { status: err.httpStatus, message: err.message };
    throw err;
  }
}

let pool: PdfPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe("PDF pool", { timeout: 90_000 }, () => {
  it("renders in a worker: the PDF reads back with every row's amount and the logo's Buffer survives the trip", async () => {
    pool = createPdfPool({ workers: 1, queue: 1, maxRows: 100 });
    const logo = { data: await sharp({ create: { width: 120, height: 40, channels: 3, background: "#1a4fa0" } }).png().toBuffer(), format: "png" as const };
    const pdf = await pool.render(sampleInvoicePdf({ rows: rows(40), logo }));
    expect(Buffer.isBuffer(pdf)).toBe(true);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const { text } = await readPdf(pdf);
    for (const i of [1, 17, 40]) {
      expect(text).toContain(`Consulenza ${i}`);
      expect(text).toContain(`${i},07`);
    }
  });

  it("one worker and a queue of one: the third render handed in at once is a 503, the first two complete", async () => {
    pool = createPdfPool({ workers: 1, queue: 1, maxRows: 100 });
    const [a, b, c] = await Promise.all([outcome(pool.render(sampleInvoicePdf({ rows: rows(30) }))), outcome(pool.render(sampleInvoicePdf({ number: "13/B", rows: rows(5) }))), outcome(pool.render(sampleInvoicePdf({ rows: rows(5) })))]);
    expect(c).toEqual({ status: 503, message: PDF_POOL_MESSAGES.busy });
    expect(a).toHaveProperty("text", expect.stringContaining("30,07"));
    expect(b).toHaveProperty("text", expect.stringContaining("13/B"));
    // the queue emptied: the next render is taken
    expect(await outcome(pool.render(sampleInvoicePdf({ rows: rows(2) })))).toHaveProperty("text", expect.stringContaining("2,07"));
  });

  it("a planned operation's render past the bound waits its turn instead (it would not be tried again)", async () => {
    pool = createPdfPool({ workers: 1, queue: 1, maxRows: 100 });
    const [, , job] = await Promise.all([outcome(pool.render(sampleInvoicePdf({ rows: rows(10) }))), outcome(pool.render(sampleInvoicePdf({ rows: rows(5) }))), outcome(pool.render(sampleInvoicePdf({ number: "15/D", rows: rows(5) }), { background: true }))]);
    expect(job).toHaveProperty("text", expect.stringContaining("15/D"));
  });

  it("a render whose request went away leaves the queue: its place goes to the next one", async () => {
    pool = createPdfPool({ workers: 1, queue: 1, maxRows: 100 });
    const gone = new AbortController();
    const running = outcome(pool.render(sampleInvoicePdf({ rows: rows(20) })));
    const waiting = outcome(pool.render(sampleInvoicePdf({ rows: rows(3) }), { signal: gone.signal }));
    gone.abort();
    const next = outcome(pool.render(sampleInvoicePdf({ number: "14/C", rows: rows(3) })));
    expect(await waiting).toEqual({ status: 400, message: PDF_POOL_MESSAGES.aborted });
    expect(await next).toHaveProperty("text", expect.stringContaining("14/C"));
    expect(await running).toHaveProperty("text", expect.stringContaining("20,07"));
  });

  it("the rows' cap: one row past it is a 400 with the cap in the message, the cap itself prints", async () => {
    pool = createPdfPool({ workers: 1, queue: 1, maxRows: 12 });
    expect(await outcome(pool.render(sampleInvoicePdf({ rows: rows(13) })))).toEqual({ status: 400, message: "Il documento ha troppe righe per la stampa (massimo 12)" });
    expect(await outcome(pool.render(sampleInvoicePdf({ rows: rows(12) })))).toHaveProperty("text", expect.stringContaining("12,07"));
  });

  it("reads the worker where scripts/pdf-worker.ts writes it (the path is written out twice)", () => {
    expect(fs.readFileSync(path.join(__dirname, "pool.ts"), "utf8")).toContain(`path.join(process.cwd(), "${PDF_WORKER_FILE}")`);
  });

  it("limits from the environment: cores − 1 workers (at least 1), 4 waiting per worker, 2,000 rows; bad values fall back", () => {
    const cores = Math.max(1, os.availableParallelism() - 1);
    expect(pdfPoolLimits({})).toEqual({ workers: cores, queue: 4 * cores, maxRows: 2000 });
    expect(pdfPoolLimits({ PDF_WORKERS: "3", PDF_QUEUE_MAX: "2", PDF_MAX_ROWS: "500" })).toEqual({ workers: 3, queue: 2, maxRows: 500 });
    expect(pdfPoolLimits({ PDF_WORKERS: "0", PDF_QUEUE_MAX: "-1", PDF_MAX_ROWS: "tanti" })).toEqual({ workers: cores, queue: 4 * cores, maxRows: 2000 });
  });
});
