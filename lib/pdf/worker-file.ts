/**
 * Where the PDF pool's worker is built (scripts/pdf-worker.ts; next.config.ts adds it to the standalone output) and
 * read (lib/pdf/pool.ts, which writes the same path out as a literal for Turbopack's file trace), from the app's root.
 */
export const PDF_WORKER_FILE = "lib/pdf/dist/render-worker.mjs";
