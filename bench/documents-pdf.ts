/**
 * npm run bench:documents-pdf — the PDF of a sales document (lib/pdf/invoice-pdf.tsx), rendered in one process:
 *  1. a 20-row invoice, p95 (target ≤ 100 ms)
 *  2. a 200-row invoice (5 pages), p95 (target ≤ 500 ms)
 * Run as the server runs (NODE_ENV=production: React's production build). The input is what db/documents/pdf.ts gathers (a 120×40 PNG logo, two deadlines, one with a payment link);
 * the first render (fonts parsed) is reported apart. Prints a Markdown block that goes into docs/benchmarks.md.
 */
import os from "node:os";
import sharp from "sharp";
import { renderInvoicePdf } from "@/lib/pdf/invoice-pdf";
import { sampleInvoicePdf, sampleRow } from "@/tests/support/sample-invoice";
import { ms as fmt, pct } from "./stats";

const logo = { data: await sharp({ create: { width: 120, height: 40, channels: 3, background: "#1a4fa0" } }).png().toBuffer(), format: "png" as const };
const rows = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    i % 25 === 0 ? sampleRow(i, { rowType: "SEZIONE", description: `Sezione ${i / 25 + 1}` }) : sampleRow(i + 1, { description: `Attività di consulenza n. ${i + 1}: analisi, sviluppo e collaudo`, quantity: "1.5", amount: 15000 }),
  );

async function measure(n: number, runs: number) {
  const input = sampleInvoicePdf({ logo, rows: rows(n) });
  let bytes = 0;
  for (let i = 0; i < 5; i++) bytes = (await renderInvoicePdf(input)).length; // warm-up
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await renderInvoicePdf(input);
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { p50: pct(samples, 50), p95: pct(samples, 95), max: samples[samples.length - 1]!, bytes, runs };
}

const t0 = performance.now();
await renderInvoicePdf(sampleInvoicePdf({ logo, rows: rows(20) }));
const first = performance.now() - t0;
const r20 = await measure(20, 100);
const r200 = await measure(200, 30);

const ok = (cond: boolean) => (cond ? "ok" : "BELOW TARGET");
const line = (label: string, r: Awaited<ReturnType<typeof measure>>, target: number) =>
  `| ${label} (${Math.round(r.bytes / 1024)} KB, ${r.runs} runs) | p50 ${fmt(r.p50)}, p95 ${fmt(r.p95)}, max ${fmt(r.max)} | p95 ≤ ${target} ms | ${ok(r.p95 <= target)} |`;
console.log(
  [
    `Run ${new Date().toISOString().slice(0, 19).replace("T", " ")} UTC · Node ${process.version} · ${os.cpus()[0]?.model ?? "cpu"} · one process`,
    "",
    "| Measure | Result | Target | |",
    "|---|---|---|---|",
    line("20-row invoice PDF", r20, 100),
    line("200-row invoice PDF", r200, 500),
    `| first render of the process (fonts read and parsed) | ${fmt(first)} | — | |`,
  ].join("\n"),
);
