import type { IncomingMessage, Server, ServerResponse } from "node:http";

export declare const COUNT_MESSAGE: string;
export declare const SHARE_MESSAGE: string;
export declare const SLACK: number;
export declare function fairShare(held: Iterable<number>, workers: number): number;
export declare function connectionBalancer(
  server: Server,
  report: (open: number) => unknown,
  everyMs?: number,
): { setShare(n: number): void; onRequest(req: IncomingMessage, res: ServerResponse): void };
