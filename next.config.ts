import type { NextConfig } from "next";
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD } from "next/constants";
import { PDF_WORKER_FILE } from "./lib/pdf/worker-file";
import { buildPdfWorker } from "./scripts/pdf-worker";
import { API_SECURITY_HEADERS, STATIC_SECURITY_HEADERS } from "./lib/security-headers";

/**
 * `NEXT_OUTPUT=standalone next build` (the Dockerfile) writes `<distDir>/standalone`: server.js plus only the files
 * the server needs, node_modules included. The files the app reads by path from process.cwd() at run time are
 * not imports, so they are named here and copied into it with the rest of the trace (what the Next docs advise
 * for files the tracing misses): the migrations (db/client.ts), the PDF fonts (lib/pdf/invoice-pdf.tsx), the PDF
 * pool's worker (lib/pdf/pool.ts: the bundle built below, piscina's own worker file and its thread priority module)
 * and the FatturaPA schemas (lib/fiscal/xsd.ts). Any route may open the database, so every route ("/*") carries them.
 * ./data is left out: the tracer follows db/client.ts's default PGlite folder and lib/auth/secret.ts into it, and
 * a local database or auth-secret has no place in an image (the excludes do not reach the proxy's trace, so the
 * Dockerfile also deletes standalone/data, and .dockerignore keeps ./data out of the build context).
 */
const standalone: Pick<NextConfig, "output" | "outputFileTracingIncludes" | "outputFileTracingExcludes"> =
  process.env.NEXT_OUTPUT === "standalone"
    ? {
        output: "standalone",
        outputFileTracingIncludes: {
          "/*": ["./drizzle/**/*", "./lib/pdf/fonts/**/*", `./${PDF_WORKER_FILE}`, "./node_modules/piscina/dist/**/*", "./node_modules/@napi-rs/nice*/**/*", "./lib/fiscal/xsd/**/*"],
        },
        outputFileTracingExcludes: {
          "/*": ["./data/**/*"],
        },
      }
    : {};

const nextConfig: NextConfig = {
  ...standalone,
  // PGlite must not be bundled (its first query fails when it is); argon2 and libxml2 ship native/wasm files;
  // piscina starts its workers from its own files.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "libxml2-wasm", "sharp", "piscina"],
  // NEXT_DIST_DIR lets parallel builds (several engineers or CI jobs on one machine) keep apart.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // Types are checked once by `npm run typecheck` (part of npm test), not again inside every build.
  typescript: { ignoreBuildErrors: true },
  typedRoutes: false,
  async headers() {
    return [
      { source: "/:path*", headers: STATIC_SECURITY_HEADERS },
      // API answers: personal data never stored, and a policy that lets nothing run
      { source: "/api/:path*", headers: API_SECURITY_HEADERS },
      // stored files (up to 100 MB, base64 already): not gzipped on the fly, which costs a core ~20 s per 100 MB to
      // save at most a quarter; the compressor respects no-transform (a later rule's value wins for the same key)
      { source: "/api/:entity/get-file/:path*", headers: [{ key: "Cache-Control", value: "no-store, no-transform" }] },
    ];
  },
  env: {
    NEXT_PUBLIC_QUOTE_TENANT_IDS: process.env.QUOTE_TENANT_IDS ?? "315,66",
  },
};

/**
 * The PDF pool's worker is not one of Next's bundles (scripts/pdf-worker.ts): built by every `next build` and
 * `next dev`, before Next's own work, so a build always carries the renderer of its sources.
 */
export default async function config(phase: string): Promise<NextConfig> {
  if (phase === PHASE_PRODUCTION_BUILD || phase === PHASE_DEVELOPMENT_SERVER) await buildPdfWorker();
  return nextConfig;
}
