/**
 * npm run bench:fiscal — fiscal core throughput on one core (single-threaded loop).
 *  1. 20-row invoices calculated, built and serialised to FatturaPA XML per second (target ≥ 2,000/s)
 *  2. received 20-row files parsed per second, XSD validation included (target ≥ 1,000/s)
 *  3. calculation of a 1,000-row invoice (target < 5 ms)
 * Prints a Markdown block that goes into docs/benchmarks.md.
 */
import os from "node:os";
import { buildFatturaPA } from "@/lib/fiscal/xml-builder";
import { calculateDocument } from "@/lib/fiscal/calculate";
import { parseInvoiceXml } from "@/lib/fiscal/received";
import { getFatturaValidator } from "@/lib/fiscal/xsd";
import { sampleDocument } from "@/lib/fiscal/__fixtures__/documents";
import type { DocumentRow } from "@/lib/fiscal/types";

function rows(n: number): DocumentRow[] {
  return Array.from({ length: n }, (_, i) => ({
    description: `Attività di consulenza n. ${i + 1} – analisi, sviluppo e collaudo`,
    quantity: String(1 + (i % 7)) + ".5",
    unitPrice: (12.345678 + i).toFixed(8),
    vatRate: i % 5 === 0 ? "10" : "22",
    subjectToWithholding: i % 3 !== 0,
    discounts: i % 4 === 0 ? [{ type: "SC" as const, percent: "5" }] : undefined,
    unit: "ore",
  }));
}

function measure(label: string, minMs: number, fn: () => void): { perSecond: number; msPerOp: number; ops: number } {
  for (let i = 0; i < 200; i++) fn(); // warm-up (JIT, caches)
  let ops = 0;
  const start = performance.now();
  let now = start;
  while (now - start < minMs) {
    for (let i = 0; i < 50; i++) fn();
    ops += 50;
    now = performance.now();
  }
  const ms = now - start;
  return { perSecond: (ops / ms) * 1000, msPerOp: ms / ops, ops };
}

const doc20 = sampleDocument({ rows: rows(20) });
const transmission = { progressive: "00001" };
const received20 = new TextEncoder().encode(buildFatturaPA(doc20, transmission).xml);
const doc1000 = sampleDocument({ rows: rows(1000) });
getFatturaValidator();

const build = measure("build", 3000, () => {
  buildFatturaPA(doc20, transmission);
});
const buildReference = measure("build-xmlbuilder2", 2000, () => {
  buildFatturaPA(doc20, { ...transmission, serializer: "xmlbuilder2" });
});
const parse = measure("parse", 3000, () => {
  parseInvoiceXml(received20);
});
const calcInput = { rows: doc1000.rows, settings: doc1000.settings, buyer: doc1000.buyer };
const calc = measure("calc", 3000, () => {
  calculateDocument(calcInput);
});
const samples: number[] = [];
for (let i = 0; i < 200; i++) {
  const t = performance.now();
  calculateDocument(calcInput);
  samples.push(performance.now() - t);
}
samples.sort((a, b) => a - b);
const p95 = samples[Math.floor(samples.length * 0.95)];

const ok = (cond: boolean) => (cond ? "ok" : "BELOW TARGET");
const lines = [
  `Run ${new Date().toISOString().slice(0, 19).replace("T", " ")} UTC · Node ${process.version} · ${os.cpus()[0]?.model ?? "cpu"} · single thread`,
  "",
  "| Measure | Result | Target | |",
  "|---|---|---|---|",
  `| 20-row invoice: calculate + build + serialise XML | ${Math.round(build.perSecond).toLocaleString("en")}/s (${(build.msPerOp * 1000).toFixed(0)} µs each) | ≥ 2,000/s | ${ok(build.perSecond >= 2000)} |`,
  `| same, with the xmlbuilder2 DOM serializer (reference, for comparison) | ${Math.round(buildReference.perSecond).toLocaleString("en")}/s (${(buildReference.msPerOp * 1000).toFixed(0)} µs each) | — | |`,
  `| received 20-row file: parse + XSD validate + extract (${received20.length.toLocaleString("en")} bytes) | ${Math.round(parse.perSecond).toLocaleString("en")}/s (${(parse.msPerOp * 1000).toFixed(0)} µs each) | ≥ 1,000/s | ${ok(parse.perSecond >= 1000)} |`,
  `| 1,000-row invoice: calculation | ${calc.msPerOp.toFixed(2)} ms mean, ${p95.toFixed(2)} ms p95 | < 5 ms | ${ok(calc.msPerOp < 5)} |`,
];
console.log(lines.join("\n"));
