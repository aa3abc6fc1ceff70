/**
 * The Docker deployment (compose.yaml, Dockerfile, deploy/nginx.conf) against what the app and README say: the four
 * services, pgbouncer in transaction mode, several app replicas with a health check, only variables README documents,
 * nginx as the one trusted proxy, and an image on the Node.js of .node-version that runs as a non-root user.
 * No YAML library is a dependency, so compose.yaml is read by the small block-style reader below (it refuses what it
 * does not know, so the file stays in the subset).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

type Yaml = string | number | boolean | null | Yaml[] | { [key: string]: Yaml };
type YamlMap = { [key: string]: Yaml };
interface Line {
  n: number;
  indent: number;
  text: string;
}

const KEY = /^([A-Za-z0-9_.-]+):(?:\s+(.*))?$/;

/** The line without its comment: a # at the start or after a space, outside quotes. */
function stripComment(raw: string): string {
  let quote: string | null = null;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === "#" && (i === 0 || /\s/.test(raw[i - 1]!))) {
      return raw.slice(0, i);
    }
  }
  return raw;
}

function scalar(text: string, n: number): Yaml {
  if (/^["']/.test(text)) {
    const q = text[0]!;
    if (!text.endsWith(q) || text.length < 2) throw new Error(`riga ${n}: stringa non chiusa`);
    const body = text.slice(1, -1);
    return q === '"' ? (JSON.parse(`"${body}"`) as string) : body.replace(/''/g, "'");
  }
  if (/^[[{&*!|>]/.test(text)) throw new Error(`riga ${n}: sintassi YAML non gestita dal lettore del test: ${text}`);
  if (text === "" || text === "~" || text === "null") return null;
  if (text === "true" || text === "false") return text === "true";
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return text;
}

/** A block-style YAML subset: mappings, sequences (of scalars, mappings or blocks), plain and quoted scalars. */
function parseYaml(source: string): Yaml {
  const lines: Line[] = [];
  source.split("\n").forEach((raw, i) => {
    if (raw.includes("\t")) throw new Error(`riga ${i + 1}: tabulazione`);
    const text = stripComment(raw).trimEnd();
    if (text.trim() === "") return;
    if (text.trim() === "---" || text.trim() === "...") throw new Error(`riga ${i + 1}: più documenti`);
    lines.push({ n: i + 1, indent: text.length - text.trimStart().length, text: text.trim() });
  });
  let pos = 0;

  const block = (indent: number): Yaml => {
    const first = lines[pos]!;
    if (first.indent !== indent) throw new Error(`riga ${first.n}: rientro inatteso`);
    if (first.text === "-" || first.text.startsWith("- ")) {
      const list: Yaml[] = [];
      while (pos < lines.length && lines[pos]!.indent === indent && (lines[pos]!.text === "-" || lines[pos]!.text.startsWith("- "))) {
        const line = lines[pos]!;
        const rest = line.text.slice(1).trim();
        if (rest === "") {
          pos++;
          list.push(pos < lines.length && lines[pos]!.indent > indent ? block(lines[pos]!.indent) : null);
        } else if (KEY.test(rest)) {
          // "- key: value" opens a mapping whose keys sit where "key" does
          lines[pos] = { n: line.n, indent: indent + line.text.length - rest.length, text: rest };
          list.push(block(lines[pos]!.indent));
        } else {
          pos++;
          list.push(scalar(rest, line.n));
        }
      }
      return list;
    }
    const map: YamlMap = {};
    while (pos < lines.length && lines[pos]!.indent === indent) {
      const line = lines[pos]!;
      const m = KEY.exec(line.text);
      if (!m) throw new Error(`riga ${line.n}: attesa una chiave: ${line.text}`);
      const [, key, rest = ""] = m;
      if (key! in map) throw new Error(`riga ${line.n}: chiave ripetuta ${key}`);
      pos++;
      if (rest.trim() !== "") map[key!] = scalar(rest.trim(), line.n);
      else map[key!] = pos < lines.length && lines[pos]!.indent > indent ? block(lines[pos]!.indent) : null;
    }
    if (pos < lines.length && lines[pos]!.indent > indent) throw new Error(`riga ${lines[pos]!.n}: rientro inatteso`);
    return map;
  };

  const doc = lines.length ? block(lines[0]!.indent) : null;
  if (pos < lines.length) throw new Error(`riga ${lines[pos]!.n}: rientro inatteso`);
  return doc;
}

const root = path.resolve(__dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

function asMap(value: Yaml | undefined, what: string): YamlMap {
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new Error(`${what}: atteso un oggetto`);
  return value;
}

/** environment as a mapping or as a list of NAME=value. */
function environment(service: YamlMap): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) return Object.fromEntries(env.map((e) => String(e).split(/=(.*)/s).slice(0, 2)));
  return Object.fromEntries(Object.entries(asMap(env, "environment")).map(([k, v]) => [k, v === null ? "" : String(v)]));
}

/** The variables of README's table ("| variabile | a cosa serve |"): every `NAME` in a row's first cell. */
function readmeVariables(readme: string): Set<string> {
  const lines = readme.split("\n");
  const start = lines.findIndex((l) => /^\|\s*variabile\s*\|/.test(l));
  expect(start, "tabella delle variabili in README").toBeGreaterThan(-1);
  const names = new Set<string>();
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    for (const m of line.split("|")[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(m[1]!);
  }
  return names;
}

/** README's "## Produzione con Docker" section. */
function dockerSection(readme: string): string {
  const m = /^## Produzione con Docker\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(readme);
  expect(m, "sezione 'Produzione con Docker' in README").not.toBeNull();
  return m![1]!;
}

/** The Dockerfile's instructions (continuation lines joined), by stage. */
function dockerfileStages(source: string): { from: string; instructions: string[] }[] {
  const joined = source.replace(/\\\n/g, " ").split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("#"));
  const stages: { from: string; instructions: string[] }[] = [];
  for (const line of joined) {
    if (/^FROM\s/i.test(line)) stages.push({ from: line, instructions: [] });
    else stages.at(-1)?.instructions.push(line);
  }
  return stages;
}

describe("the YAML reader of this test", () => {
  it("reads mappings, sequences, sequences of mappings, quotes and comments", () => {
    const doc = parseYaml(`a:
  b: 1 # comment
  c: "x # not a comment"
  d:
    - one
    - 'it''s'
    - key: v
      other: true
  e:
# full-line comment
f: \${X:-y}
`);
    expect(doc).toEqual({ a: { b: 1, c: "x # not a comment", d: ["one", "it's", { key: "v", other: true }], e: null }, f: "${X:-y}" });
  });

  it("refuses what it does not know", () => {
    expect(() => parseYaml("a: [1, 2]\n")).toThrow(/non gestita/);
    expect(() => parseYaml("a: &x 1\n")).toThrow(/non gestita/);
    expect(() => parseYaml("a: |\n  text\n")).toThrow(/non gestita/);
    expect(() => parseYaml("a: 1\na: 2\n")).toThrow(/ripetuta/);
    expect(() => parseYaml("a:\n    b: 1\n  c: 2\n")).toThrow(/rientro/);
  });
});

describe("compose.yaml", () => {
  const compose = asMap(parseYaml(read("compose.yaml")), "compose.yaml");
  const services = asMap(compose.services, "services");
  const service = (name: string) => asMap(services[name], name);

  it("runs postgres, pgbouncer, the app and nginx", () => {
    expect(Object.keys(services).sort()).toEqual(["app", "nginx", "pgbouncer", "postgres"]);
    expect(service("postgres").image).toMatch(/^postgres:16(\b|$)/);
    expect(asMap(service("postgres").healthcheck, "postgres.healthcheck").test).toContain("pg_isready");
  });

  it("pgbouncer pools in transaction mode, in front of postgres", () => {
    const env = environment(service("pgbouncer"));
    expect(env.POOL_MODE).toBe("transaction");
    expect(env.DB_HOST).toBe("postgres");
  });

  it("the app: several replicas, each with a health check (its own or the image's)", () => {
    const app = service("app");
    expect(Number(asMap(app.deploy, "app.deploy").replicas)).toBeGreaterThan(1);
    const build = app.build === "." ? { context: "." } : asMap(app.build, "app.build");
    expect(build.context).toBe(".");
    const imageHasOne = dockerfileStages(read("Dockerfile")).at(-1)!.instructions.some((i) => /^HEALTHCHECK\s/.test(i));
    expect(app.healthcheck !== undefined || imageHasOne).toBe(true);
    expect(app.ports, "only nginx is published").toBeUndefined();
  });

  it("the app's queries go through pgbouncer, its migrations and LISTEN straight to postgres", () => {
    const env = environment(service("app"));
    expect(new URL(env.DATABASE_URL!.replace(/\$\{[^}]*\}/g, "x")).host).toBe("pgbouncer:5432");
    expect(new URL(env.DATABASE_DIRECT_URL!.replace(/\$\{[^}]*\}/g, "x")).host).toBe("postgres:5432");
    expect(env.AUTH_SECRET).toMatch(/^\$\{AUTH_SECRET:\?/);
  });

  it("every variable set on the app is one README's table documents", () => {
    const documented = readmeVariables(read("README.md"));
    const undocumented = Object.keys(environment(service("app"))).filter((name) => !documented.has(name));
    expect(undocumented).toEqual([]);
  });

  it("nginx is the one trusted proxy: its fixed address is TRUSTED_PROXIES, and it appends to X-Forwarded-For", () => {
    const networks = asMap(service("nginx").networks, "nginx.networks");
    const addresses = Object.values(networks).map((n) => (n && typeof n === "object" && !Array.isArray(n) ? n.ipv4_address : undefined));
    const address = addresses.find((a) => typeof a === "string");
    expect(address).toBeDefined();
    expect(environment(service("app")).TRUSTED_PROXIES).toBe(address);
    expect(service("nginx").ports).toEqual(["8080:80"]);
    const volume = (service("nginx").volumes as string[]).find((v) => v.startsWith("./deploy/nginx.conf:"));
    expect(volume).toBeDefined();
    const conf = read("deploy/nginx.conf").replace(/#.*$/gm, "");
    expect(conf).toMatch(/server\s+app:3000\s+resolve;/);
    expect(conf).toMatch(/resolver\s+127\.0\.0\.11\b/);
    expect(conf).toMatch(/proxy_set_header\s+X-Forwarded-For\s+\$proxy_add_x_forwarded_for;/);
    expect(conf).toMatch(/proxy_set_header\s+X-Forwarded-Proto\s+\$scheme;/);
    expect(conf).toMatch(/proxy_set_header\s+Host\s+\$http_host;/);
  });

  it("README's Docker section names the same services and how to start them", () => {
    const section = dockerSection(read("README.md"));
    for (const name of Object.keys(services)) expect(section, name).toContain(`\`${name}\``);
    for (const text of ["docker compose up -d --build", "/api/health", "/api/ready", "AUTH_SECRET", "APP_URL"]) expect(section).toContain(text);
  });
});

describe("Dockerfile", () => {
  const stages = dockerfileStages(read("Dockerfile"));
  const runner = stages.at(-1)!;

  it("every stage is node:<.node-version's major>-slim", () => {
    const major = read(".node-version").trim().split(".")[0]!.replace(/^v/, "");
    expect(major).toMatch(/^\d+$/);
    expect(stages.length).toBeGreaterThan(1);
    for (const stage of stages) expect(stage.from).toMatch(new RegExp(`^FROM\\s+node:${major}-slim(\\s|$)`, "i"));
  });

  it("builds the standalone output and runs its server.js as a non-root user", () => {
    expect(stages.some((s) => s.instructions.some((i) => /^RUN\s+.*NEXT_OUTPUT=standalone\s+npx next build/.test(i)))).toBe(true);
    const users = runner.instructions.filter((i) => /^USER\s/.test(i));
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^USER\s+(root|0)(:|\s|$)/);
    expect(runner.instructions).toContain('CMD ["node", "server.js"]');
    const env = runner.instructions.filter((i) => /^ENV\s/.test(i)).join(" ");
    for (const kv of ["NODE_ENV=production", "PORT=3000", "HOSTNAME=0.0.0.0"]) expect(env).toContain(kv);
  });

  it("has a HEALTHCHECK on /api/health", () => {
    const check = runner.instructions.find((i) => /^HEALTHCHECK\s/.test(i));
    expect(check).toBeDefined();
    expect(check).toContain("/api/health");
  });
});
