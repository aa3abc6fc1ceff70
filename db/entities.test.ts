import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENTITIES } from "./entities";

// The generic API tests (tests/api/entities.test.ts, bad-input.test.ts) and the row-colour whitelist cover
// exactly the entities of ENTITIES: an entity served by entityRoutes(x) but missing from the list would be
// tested by nothing. So every route file calling entityRoutes(x) must serve a listed entity, at its own URL.

const ROOT = path.resolve(__dirname, "..");
const API = path.join(ROOT, "app/api");

interface EntityRouteFile {
  /** Relative to the repository, for the messages. */
  file: string;
  /** The URL the file serves (its folder below app/, without the catch-all segment). */
  url: string;
  /** The name passed to entityRoutes(…) and the module it is imported from. */
  name: string;
  from: string;
}

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return routeFiles(full);
    return d.name === "route.ts" ? [full] : [];
  });
}

/** The module an import specifier names (`@/…` is the repository root, as in tsconfig). */
function modulePath(specifier: string, importer: string): string {
  const base = specifier.startsWith("@/") ? path.join(ROOT, specifier.slice(2)) : path.resolve(path.dirname(importer), specifier);
  return base.endsWith(".ts") ? base : `${base}.ts`;
}

function entityRouteFiles(): EntityRouteFile[] {
  return routeFiles(API).flatMap((full) => {
    const text = fs.readFileSync(full, "utf8");
    const call = /entityRoutes\(\s*(\w+)\s*[,)]/.exec(text);
    if (!call) return [];
    const name = call[1]!;
    const file = path.relative(ROOT, full);
    const imported = [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)].find((m) => m[1]!.split(",").some((s) => s.trim().split(/\s+as\s+/).pop() === name));
    if (!imported) throw new Error(`${file}: ${name} non importato con un import nominato`);
    const url = "/" + path.relative(path.join(ROOT, "app"), path.dirname(full)).split(path.sep).filter((s) => s !== "[[...path]]").join("/");
    return [{ file, url, name, from: modulePath(imported[2]!, full) }];
  });
}

describe("entity route files", () => {
  const files = entityRouteFiles();

  it("finds the entity routes (the scan itself works)", () => {
    expect(files.map((f) => f.file)).toContain(path.join("app", "api", "items", "[[...path]]", "route.ts"));
  });

  it.each(files.map((f) => [f.file, f] as const))("%s serves an entity of ENTITIES, at its api.url", async (_file, f) => {
    const mod = (await import(f.from)) as Record<string, unknown>;
    const entity = ENTITIES.find((e) => e === mod[f.name]);
    expect(entity, `${f.name} (${path.relative(ROOT, f.from)}) manca in db/entities.ts`).toBeDefined();
    expect(entity!.api.url).toBe(f.url);
  });

  it("every entity of ENTITIES has its route file", () => {
    const served = new Set(files.map((f) => f.url));
    expect(ENTITIES.map((e) => e.api.url).filter((u) => !served.has(u))).toEqual([]);
  });
});
