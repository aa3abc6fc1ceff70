import type { TestProject } from "vitest/node";
import { testDbKind } from "../support/databases";
import { startServer } from "../support/server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    outboxDir: string;
    dbKind: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startServer(testDbKind());
  project.provide("baseUrl", server.baseUrl);
  project.provide("outboxDir", server.outboxDir);
  project.provide("dbKind", server.kind);
  console.log(`[api tests] server ${server.baseUrl} su ${server.kind}`);
  return () => server.stop();
}
