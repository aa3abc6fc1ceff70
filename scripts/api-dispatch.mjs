// npm start's direct dispatch of GET /api/* calls to the app's route handlers.
//
// Why: under load, Next.js's own handling of a route handler call costs about as much CPU as the call's work
// (request and response adapters, three async-local-storage scopes, a Proxy around the request for static
// tracking, tracing spans) and leaves ~30 KB per request that outlives the young generation, so a worker runs a
// major GC every few seconds: the list's p99 at 100 connections went over 150 ms in most bench:http rounds
// (docs/benchmarks.md). The route handlers themselves need none of it: they take a Request and return a
// Response, and every one goes through the guard (lib/api/route.ts), which reads the session from the request's
// cookies, never from next/headers. The one GET that needs Next's request scope (the logout: Auth.js's signOut
// sets its cookie through next/headers) is marked needsNextRequestScope and goes through Next; ESLint keeps
// next/headers, next/cache and Auth.js's signIn/signOut out of every other handler.
//
// What: for a GET whose path names an app route handler, the front calls that handler, the very function Next
// would call, from Next's own build (the route module's userland), with the NextRequest and params Next would
// build, and writes its Response the way Next does (next.config's headers, then the handler's, the same
// Vary, the same compression). Everything else goes to Next: pages, every other method, Auth.js (/api/auth/*), HEAD, and any
// path Next would first normalise or decode (trailing or repeated slashes, percent-escapes, dot segments). API_DISPATCH=off sends everything to Next. tests/api/api-dispatch.test.ts compares the two paths
// answer by answer; API_DISPATCH_TRACE=1 marks the answers given here (x-gestionale-dispatch: direct), for tests.
//
// It reads Next's build output: routes-manifest.json, server/app-paths-manifest.json, prerender-manifest.json,
// and a route module's `routeModule.userland`. If any of that is missing or shaped otherwise (a Next upgrade),
// the dispatch is off and says so at start-up; the API suite then fails on the trace check.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

export const TRACE_HEADER = "x-gestionale-dispatch";
/** A path served here: /api and segments of unreserved characters, no empty, "." or ".." segment. */
const PLAIN_API_PATH = /^\/api(?:\/[A-Za-z0-9_~.-]+)+$/;
/** lib/api/route.ts needsNextRequestScope: a GET handler that must run inside Next's request scope. */
const NEEDS_NEXT_REQUEST_SCOPE = Symbol.for("gestionale.needsNextRequestScope");
const DYNAMIC_SEGMENT = /^\[(\[)?(\.\.\.)?([^\]]+)\]?\]$/;
// sendResponse (next/dist/server/send-response.js): headers a Response never passes on, and those appended
// even when next.config already set them
const DROPPED = new Set(["content-length", "content-encoding", "transfer-encoding", "x-middleware-set-cookie"]);
const REPEATABLE = new Set(["set-cookie", "www-authenticate", "proxy-authenticate", "vary"]);

/**
 * The app's GET route handlers as Next's build lists them: match(pathname) gives the route module's file and the
 * params Next would pass, or null when the path is not one this dispatch serves.
 */
export function compileRoutes({ routes, appPaths, prerendered }) {
  const fileOf = (page) => {
    if (page === "/api/auth" || page.startsWith("/api/auth/")) return null;
    if (prerendered.has(page)) return null;
    return appPaths[`${page}/route`] ?? null;
  };
  const statics = new Map();
  for (const r of routes.staticRoutes ?? []) {
    if (r.page.startsWith("/api/")) statics.set(r.page, fileOf(r.page));
  }
  const dynamics = [];
  for (const r of routes.dynamicRoutes ?? []) {
    if (!r.page.startsWith("/api/")) continue;
    // a route not served here keeps its place, so that nothing after it matches what it would have matched
    const file = fileOf(r.page);
    const keys = [];
    let understood = true;
    for (const segment of r.page.split("/")) {
      const m = DYNAMIC_SEGMENT.exec(segment);
      if (!m) continue;
      const group = `nxtP${m[3]}`;
      if (!r.routeKeys?.[group]) understood = false;
      keys.push({ name: m[3], group, repeat: Boolean(m[2]) });
    }
    // an entry that does not read as expected goes to Next
    dynamics.push({ re: new RegExp(r.namedRegex), file: understood ? file : null, keys });
  }
  return {
    match(pathname) {
      if (!PLAIN_API_PATH.test(pathname) || pathname.startsWith("/api/auth/")) return null;
      if (pathname.split("/").some((s) => s === "." || s === "..")) return null;
      if (statics.has(pathname)) {
        const file = statics.get(pathname);
        return file ? { file, params: {} } : null;
      }
      for (const d of dynamics) {
        const m = d.re.exec(pathname);
        if (!m) continue;
        if (!d.file) return null;
        const params = {};
        for (const k of d.keys) {
          const value = m.groups?.[k.group];
          if (value !== undefined) params[k.name] = k.repeat ? value.split("/") : value;
        }
        return { file: d.file, params };
      }
      return null;
    },
  };
}

/**
 * next.config's headers for a path, as Next sets them: rules in order, a later rule's value wins; sources match
 * regardless of case unless the manifest says caseSensitive.
 */
export function compileHeaderRules(rules, caseSensitive = false) {
  const compiled = rules.map((r) => ({ re: new RegExp(r.regex, caseSensitive ? "" : "i"), headers: r.headers, conditional: Boolean(r.has || r.missing) }));
  return (pathname) => {
    const out = new Map();
    for (const r of compiled) {
      if (!r.re.test(pathname)) continue;
      if (r.conditional) return null; // has/missing conditions: Next decides
      for (const h of r.headers) out.set(h.key.toLowerCase(), [h.key, h.value]);
    }
    return [...out.values()];
  };
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

/**
 * The dispatch for a built app, or null (everything to Next) when it is switched off or the build is not one
 * it understands. Call after Next's prepare(): the route modules expect Next's runtime set up.
 * Returns dispatch(req, res): true when it took the request.
 */
export async function createApiDispatch({ distDir, hostname, port, log = console }) {
  if (process.env.API_DISPATCH === "off") return null;
  let table, headersFor, vary, NextRequest, compress, releaseCompressionStream;
  try {
    const routes = readJson(path.join(distDir, "routes-manifest.json"));
    // rewrites (interception routes among them) and redirects of one's own change which route a path reaches: Next decides
    const { beforeFiles = [], afterFiles = [], fallback = [] } = routes.rewrites ?? {};
    if (beforeFiles.length + afterFiles.length + fallback.length > 0 || (routes.redirects ?? []).some((r) => !r.internal)) {
      throw new Error("la build ha rewrites o redirects");
    }
    // the Vary Next gives every app route's answer (base-server.js setVaryHeader)
    vary = routes.rsc?.varyHeader;
    if (!vary) throw new Error("routes-manifest.json senza rsc.varyHeader");
    const prerender = readJson(path.join(distDir, "prerender-manifest.json"));
    table = compileRoutes({
      routes,
      appPaths: readJson(path.join(distDir, "server", "app-paths-manifest.json")),
      prerendered: new Set([...Object.keys(prerender.routes ?? {}), ...Object.keys(prerender.dynamicRoutes ?? {})]),
    });
    headersFor = compileHeaderRules(routes.headers ?? [], Boolean(routes.caseSensitive));
    ({ NextRequest } = await import("next/server.js"));
    compress = require("next/dist/compiled/compression")();
    ({ releaseCompressionStream } = require("next/dist/server/lib/release-compression-stream.js"));
  } catch (err) {
    log.warn(`API: instradamento diretto disattivato (${err.message}); tutte le chiamate passano da Next.js`);
    return null;
  }
  const trace = process.env.API_DISPATCH_TRACE === "1";
  const host = hostname.includes(":") ? `[${hostname}]` : hostname;
  /** file -> Promise of the module's GET, or null when the module is not one we can call. */
  const handlers = new Map();
  const handlerOf = (file) => {
    let h = handlers.get(file);
    if (!h) {
      h = (async () => {
        const mod = require(path.join(distDir, "server", file));
        await mod.routeModule?.ensureUserland?.();
        const get = mod.routeModule?.userland?.GET;
        return typeof get === "function" && !get[NEEDS_NEXT_REQUEST_SCOPE] ? get : null;
      })().catch((err) => {
        log.warn(`API: ${file} non caricabile direttamente (${err.message}): passa da Next.js`);
        return null;
      });
      handlers.set(file, h);
    }
    return h;
  };

  async function serve(req, res, route, configHeaders, fallback) {
    const handler = await handlerOf(route.file);
    if (!handler) return fallback(req, res);
    // the URL Next gives a route handler (next/dist/server/lib/router-utils/resolve-routes.js: initURL)
    const encrypted = req.socket.encrypted || String(req.headers["x-forwarded-proto"] ?? "").includes("https");
    const url = `${encrypted ? "https" : "http"}://${host}:${port}${req.url}`;
    // the x-forwarded-* headers Next adds when absent (next/dist/server/base-server.js handleRequest)
    const forwardedProto = req.headers["x-forwarded-proto"];
    const https = forwardedProto ? forwardedProto === "https" : Boolean(req.socket.encrypted);
    req.headers["x-forwarded-host"] ??= req.headers.host ?? hostname;
    req.headers["x-forwarded-port"] ??= String(port);
    req.headers["x-forwarded-proto"] ??= https ? "https" : "http";
    req.headers["x-forwarded-for"] ??= req.socket.remoteAddress;
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) for (const v of value) headers.append(key, v);
      else if (value !== undefined) headers.append(key, value);
    }
    const response = await handler(new NextRequest(url, { method: "GET", headers }), { params: Promise.resolve(route.params) });
    if (res.destroyed) return void response.body?.cancel().catch(() => {});
    compress(req, res, () => {});
    res.once("close", () => {
      if (!res.writableFinished) releaseCompressionStream(res);
    });
    for (const [key, value] of configHeaders) res.setHeader(key, value);
    res.appendHeader("vary", vary);
    if (trace) res.setHeader(TRACE_HEADER, "direct");
    res.statusCode = response.status;
    res.statusMessage = response.statusText;
    for (const cookie of response.headers.getSetCookie()) res.appendHeader("set-cookie", cookie);
    response.headers.forEach((value, name) => {
      if (name === "set-cookie" || DROPPED.has(name)) return;
      if (REPEATABLE.has(name) || res.getHeader(name) === undefined) res.appendHeader(name, value);
    });
    if (!response.body) return void res.end();
    // one 'drain' listener for the whole answer: the compression middleware forwards on() to its stream but
    // not removeListener() (next/dist/server/pipe-readable.js)
    let wake = null;
    const resume = () => wake?.();
    res.on("drain", resume);
    res.once("close", resume);
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (res.destroyed) return void reader.cancel().catch(() => {});
        if (!res.write(value)) await new Promise((r) => (wake = r));
      }
      res.end();
    } finally {
      res.off("drain", resume);
    }
  }

  return function dispatch(req, res, fallback) {
    if (req.method !== "GET") return false;
    const q = req.url.indexOf("?");
    const pathname = q < 0 ? req.url : req.url.slice(0, q);
    const route = table.match(pathname);
    if (!route) return false;
    const configHeaders = headersFor(pathname);
    if (!configHeaders) return false;
    serve(req, res, route, configHeaders, fallback).catch((err) => {
      // as Next does for a handler that throws: logged, a bare 500 (the guard turns every handler error into
      // our JSON failure first, so this is a stream or framework failure)
      log.error(err);
      if (!res.headersSent) {
        res.statusCode = 500;
        res.end();
      } else res.destroy();
    });
    return true;
  };
}
