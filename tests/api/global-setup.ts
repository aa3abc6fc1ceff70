import type { TestProject } from "vitest/node";
import { testDbKind } from "../support/databases";
import { startServer } from "../support/server";

declare module "vitest" {
  export interface ProvidedContext {
    /** One server per worker (tests/support/http.ts picks the worker's own by VITEST_POOL_ID). */
    baseUrls: string[];
    outboxDirs: string[];
    dbKind: string;
  }
}

/**
 * One app server on its own seeded database per test worker: files run side by side, each worker's files one
 * after the other against its own server, so no file sees another's records (API_WORKERS, default 2).
 */
export default async function setup(project: TestProject) {
  const workers = Number(project.config.maxWorkers) || 1;
  const servers = await Promise.all(Array.from({ length: workers }, () => startServer(testDbKind())));
  project.provide("baseUrls", servers.map((s) => s.baseUrl));
  project.provide("outboxDirs", servers.map((s) => s.outboxDir));
  project.provide("dbKind", servers[0]!.kind);
  console.log(`[api tests] ${servers.length} server su ${servers[0]!.kind}: ${servers.map((s) => s.baseUrl).join(", ")}`);
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}
