/**
 * The runtime as production runs it (next start, no front of our own): the client's address from the socket or a
 * trusted proxy, the JSON envelope for unknown calls and undecodable paths, liveness and readiness.
 */
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNKNOWN_CALL } from "@/lib/api/entity-routes";
import { MALFORMED_PATH } from "@/lib/api/body";
import { rawRows } from "@/lib/grid/query";
import { testDbKind, type TestDatabase } from "../support/databases";
import { baseUrl, Client } from "../support/http";
import { createSeededDatabase, startServer, type RunningServer } from "../support/server";

/** A login over a socket bound to `localAddress` (127.0.0.x: another sender on this machine), with the X-Forwarded-For given. */
function loginFrom(base: string, localAddress: string, forwardedFor: string): Promise<number> {
  const body = new URLSearchParams({ username: "demo", password: "demo1234" }).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/api/login`,
      { method: "POST", localAddress, headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body), "x-forwarded-for": forwardedFor } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("the client's address under next start", () => {
  let database: TestDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    database = await createSeededDatabase(testDbKind(), "addr");
    // 127.0.0.2 is the proxy; 127.0.0.1 is any other sender
    server = await startServer(database.kind, { TRUSTED_PROXIES: "127.0.0.2" }, database);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("is the socket's for an untrusted sender whatever X-Forwarded-For says, the right-most untrusted entry behind a trusted proxy", async () => {
    expect(await loginFrom(server.baseUrl, "127.0.0.1", "203.0.113.66")).toBe(200);
    expect(await loginFrom(server.baseUrl, "127.0.0.1", "203.0.113.67, 127.0.0.2")).toBe(200);
    expect(await loginFrom(server.baseUrl, "127.0.0.2", "198.51.100.1, 203.0.113.7")).toBe(200);
    // a proxy chain: the trusted proxy's own entry is skipped, the client's is the next one left
    expect(await loginFrom(server.baseUrl, "127.0.0.2", "198.51.100.2, 203.0.113.8, 127.0.0.2")).toBe(200);
    await server.stop();
    const opened = await database.open();
    try {
      const rows = await rawRows(opened.db, sql`select client_address from sessions where client_address is not null order by created_at`);
      expect(rows.map((r) => r.client_address).slice(-4)).toEqual(["127.0.0.1", "127.0.0.1", "203.0.113.7", "203.0.113.8"]);
    } finally {
      await opened.close();
    }
  });
});

describe("calls that do not exist, paths that do not decode", () => {

  it.each(["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])("%s of an unknown /api path is a 404 with the envelope", async (method) => {
    for (const url of ["/api/nessuna-chiamata", "/api/contatti/ancora/piu/in/fondo"]) {
      const r = await new Client().json(method, url);
      expect([r.status, r.body]).toEqual([404, { status: "error", message: UNKNOWN_CALL }]);
      expect(r.headers.get("content-type")).toMatch(/^application\/json/);
    }
  });

  it.each(["/api/contacts/get/%ED%A0%80", "/api/contacts/list/%E0", "/api/%ZZ", "/api/nessuna/%", "/api/invoices/update/%C0%AF"])("GET and POST %s: 400 with the envelope", async (url) => {
    for (const method of ["GET", "POST"]) {
      const r = await new Client().json(method, url);
      expect([r.status, r.body]).toEqual([400, { status: "error", message: MALFORMED_PATH }]);
      expect(r.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("a well-formed escape still reaches its route", async () => {
    const r = await new Client().get("/api/contacts/get/%31");
    expect(r.status).toBe(401);
  });

  it("/api/health and /api/ready answer without a session, store nothing and carry no data", async () => {
    for (const url of ["/api/health", "/api/ready"]) {
      const r = await fetch(baseUrl() + url);
      expect(r.status).toBe(200);
      expect(r.headers.get("cache-control")).toBe("no-store");
      expect(await r.json()).toEqual({ status: "ok" });
    }
  });

  it("/api/ready is a 503 when the database cannot be opened, while /api/health still answers", async () => {
    const notADirectory = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "gestionale-ready-")), "file");
    fs.writeFileSync(notADirectory, "");
    const broken: TestDatabase = {
      kind: "pglite",
      env: { DATABASE_URL: "", PGLITE_DATA_DIR: path.join(notADirectory, "pglite"), REMINDERS_DISABLED: "1" },
      open: () => Promise.reject(new Error("no database")),
      drop: async () => fs.rmSync(path.dirname(notADirectory), { recursive: true, force: true }),
    };
    const down = await startServer("pglite", {}, broken);
    try {
      expect((await fetch(down.baseUrl + "/api/health")).status).toBe(200);
      const r = await fetch(down.baseUrl + "/api/ready");
      expect(r.status).toBe(503);
      expect(await r.json()).toEqual({ status: "error", message: "Servizio non ancora pronto" });
    } finally {
      await down.stop();
      await broken.drop();
    }
  });
});
