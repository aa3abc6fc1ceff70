import { describe, expect, it } from "vitest";
import { compileHeaderRules, compileRoutes } from "./api-dispatch.mjs";

type Routes = Parameters<typeof compileRoutes>[0]["routes"];

// Entries shaped as next build writes them (.next/routes-manifest.json, server/app-paths-manifest.json).
const routes: Routes = {
  staticRoutes: [{ page: "/" }, { page: "/api/items/get-unfinished" }, { page: "/api/static-one" }],
  dynamicRoutes: [
    { page: "/api/auth/[...nextauth]", namedRegex: "^/api/auth/(?<nxtPnextauth>.+?)(?:/)?$", routeKeys: { nxtPnextauth: "nxtPnextauth" } },
    { page: "/api/expenses/get-file/[id]/files/[fileId]", namedRegex: "^/api/expenses/get\\-file/(?<nxtPid>[^/]+?)/files/(?<nxtPfileId>[^/]+?)(?:/)?$", routeKeys: { nxtPid: "nxtPid", nxtPfileId: "nxtPfileId" } },
    { page: "/api/expenses/[[...path]]", namedRegex: "^/api/expenses(?:/(?<nxtPpath>.+?))?(?:/)?$", routeKeys: { nxtPpath: "nxtPpath" } },
    { page: "/api/odd/[x]", namedRegex: "^/api/odd/(?<nxtPx>[^/]+?)(?:/)?$", routeKeys: {} },
    { page: "/api/[entity]/prerendered", namedRegex: "^/api/(?<nxtPentity>[^/]+?)/prerendered(?:/)?$", routeKeys: { nxtPentity: "nxtPentity" } },
    { page: "/api/[entity]/[[...rest]]", namedRegex: "^/api/(?<nxtPentity>[^/]+?)(?:/(?<nxtPrest>.+?))?(?:/)?$", routeKeys: { nxtPentity: "nxtPentity", nxtPrest: "nxtPrest" } },
    { page: "/[slug]", namedRegex: "^/(?<nxtPslug>[^/]+?)(?:/)?$", routeKeys: { nxtPslug: "nxtPslug" } },
  ],
};
const appPaths: Record<string, string> = {
  "/page": "app/page.js",
  "/api/items/get-unfinished/route": "app/api/items/get-unfinished/route.js",
  "/api/auth/[...nextauth]/route": "app/api/auth/[...nextauth]/route.js",
  "/api/expenses/get-file/[id]/files/[fileId]/route": "app/api/expenses/get-file/[id]/files/[fileId]/route.js",
  "/api/expenses/[[...path]]/route": "app/api/expenses/[[...path]]/route.js",
  "/api/odd/[x]/route": "app/api/odd/[x]/route.js",
  "/api/[entity]/prerendered/route": "app/api/[entity]/prerendered/route.js",
  "/api/[entity]/[[...rest]]/route": "app/api/[entity]/[[...rest]]/route.js",
  "/[slug]/page": "app/[slug]/page.js",
};
const table = compileRoutes({ routes, appPaths, prerendered: new Set(["/api/static-one", "/api/[entity]/prerendered"]) });

describe("compileRoutes: which GET calls npm start hands straight to a route handler", () => {
  it("finds a static route before the dynamic ones, with no params", () => {
    expect(table.match("/api/items/get-unfinished")).toEqual({ file: "app/api/items/get-unfinished/route.js", params: {} });
  });

  it("gives the params Next gives: a catch-all as its segments, an absent optional one left out, single ones as strings", () => {
    expect(table.match("/api/expenses")).toEqual({ file: "app/api/expenses/[[...path]]/route.js", params: {} });
    expect(table.match("/api/expenses/update-form-data/12")).toEqual({ file: "app/api/expenses/[[...path]]/route.js", params: { path: ["update-form-data", "12"] } });
    expect(table.match("/api/expenses/get-file/7/files/9")).toEqual({ file: "app/api/expenses/get-file/[id]/files/[fileId]/route.js", params: { id: "7", fileId: "9" } });
    expect(table.match("/api/items/list")).toEqual({ file: "app/api/[entity]/[[...rest]]/route.js", params: { entity: "items", rest: ["list"] } });
  });

  it("leaves to Next what it does not serve: pages, Auth.js, prerendered routes, and routes it cannot read", () => {
    expect(table.match("/fatture")).toBeNull();
    expect(table.match("/api/auth/session")).toBeNull();
    expect(table.match("/api/static-one")).toBeNull();
    // a prerendered dynamic route keeps its place: the catch-all after it does not take its paths
    expect(table.match("/api/items/prerendered")).toBeNull();
    // routeKeys without the segment's group: not understood
    expect(table.match("/api/odd/1")).toBeNull();
  });

  it("leaves to Next every path Next would first normalise, redirect or decode", () => {
    for (const p of ["/api/expenses/", "/api/expenses//1", "/api/expenses/get/%31", "/api/expenses/../items/list", "/api/expenses/./x", "/api\\expenses", "/api"]) {
      expect(table.match(p), p).toBeNull();
    }
  });
});

describe("compileHeaderRules: next.config headers as Next applies them", () => {
  const rules = [
    { regex: "^(?:/(.*))?$", headers: [{ key: "X-Frame-Options", value: "DENY" }, { key: "Cache-Control", value: "public" }] },
    { regex: "^/api(?:/(.*))?$", headers: [{ key: "Cache-Control", value: "no-store" }] },
    { regex: "^/api/conditional$", headers: [{ key: "X-Other", value: "1" }], has: [{ type: "header", key: "x" }] },
  ];
  const headersFor = compileHeaderRules(rules);

  it("applies every matching rule in order, a later rule's value winning for the same header, sources matched regardless of case", () => {
    expect(headersFor("/api/items")).toEqual([
      ["X-Frame-Options", "DENY"],
      ["Cache-Control", "no-store"],
    ]);
    expect(headersFor("/API/Items")).toEqual(headersFor("/api/items"));
    expect(compileHeaderRules(rules, true)("/API/Items")).toEqual([
      ["X-Frame-Options", "DENY"],
      ["Cache-Control", "public"],
    ]);
    expect(headersFor("/fatture")).toEqual([
      ["X-Frame-Options", "DENY"],
      ["Cache-Control", "public"],
    ]);
  });

  it("leaves a path under a conditional rule (has/missing) to Next", () => {
    expect(headersFor("/api/conditional")).toBeNull();
  });
});
