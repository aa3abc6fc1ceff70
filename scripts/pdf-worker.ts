/**
 * Builds the PDF pool's worker (lib/pdf/render-worker.ts → lib/pdf/dist/render-worker.mjs): one plain ES module
 * holding the renderer with React (production build), react-pdf and the app's own imports, that Node's worker
 * threads load by path (lib/pdf/pool.ts). Next's bundles cannot serve as a worker's file, so the worker is built
 * beside them: next.config.ts calls this on `next build` and `next dev`, so do the unit tests' global setup
 * (vitest.config.ts) and bench:pdf-pool. The file is written under a temporary name and renamed, so builds running
 * side by side never leave half a file. Alone: `npx tsx scripts/pdf-worker.ts`. Paths from process.cwd(), the
 * app's root (as the server reads them).
 */
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "esbuild";
import { PDF_WORKER_FILE } from "../lib/pdf/worker-file";


/**
 * pdfkit loads its standard font metrics (Helvetica: react-pdf's default font) with a require() of its own made by
 * createRequire(import.meta.url), which the bundler cannot follow and which, run from the worker's file, finds
 * nothing: turned into plain require() calls, the bundler resolves them (pdfkit's package.json "imports") and takes
 * them in.
 */
const pdfkitStandardFonts: Plugin = {
  name: "pdfkit-standard-fonts",
  setup(b) {
    b.onLoad({ filter: /[\\/]pdfkit[\\/]js[\\/]pdfkit\.node\.mjs$/ }, (args) => {
      const source = fs.readFileSync(args.path, "utf8");
      const own = "const require$1 = createRequire(import.meta.url);";
      if (!source.includes(own)) throw new Error("pdfkit: createRequire non trovato, da rivedere in scripts/pdf-worker.ts");
      return { contents: source.replace(own, "").replaceAll("require$1(", "require("), loader: "js" };
    });
  },
};

export async function buildPdfWorker(root = process.cwd()): Promise<string> {
  const out = path.join(root, PDF_WORKER_FILE);
  const tmp = `${out}.${process.pid}.tmp`;
  // loaded when called: esbuild is a build tool, absent where only `next start` runs (npm ci --omit=dev), and
  // next.config.ts imports this module on every start
  const { build } = await import("esbuild");
  await build({
    absWorkingDir: root,
    entryPoints: ["lib/pdf/render-worker.ts"],
    outfile: tmp,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    jsx: "automatic",
    // React's production build: the development one renders several times slower
    define: { "process.env.NODE_ENV": '"production"' },
    // the CommonJS packages inside an ES module still call require() for Node's own modules
    banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
    plugins: [pdfkitStandardFonts],
    legalComments: "none",
    logLevel: "warning",
  });
  fs.renameSync(tmp, out);
  return out;
}

// run alone (no top-level await: next.config.ts require()s this module)
if (process.argv[1] && path.basename(process.argv[1]) === "pdf-worker.ts") {
  const t = performance.now();
  void buildPdfWorker().then((out) => console.log(`${path.relative(process.cwd(), out)}: ${Math.round(fs.statSync(out).size / 1024)} KB in ${Math.round(performance.now() - t)} ms`));
}
