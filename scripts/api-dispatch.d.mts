import type { IncomingMessage, ServerResponse } from "node:http";

export declare const TRACE_HEADER: string;
export interface DispatchRoute {
  file: string;
  params: Record<string, string | string[]>;
}
export declare function compileRoutes(build: {
  routes: { staticRoutes?: { page: string }[]; dynamicRoutes?: { page: string; namedRegex: string; routeKeys?: Record<string, string> }[] };
  appPaths: Record<string, string>;
  prerendered: Set<string>;
}): { match(pathname: string): DispatchRoute | null };
export declare function compileHeaderRules(
  rules: { regex: string; headers: { key: string; value: string }[]; has?: unknown; missing?: unknown }[],
  caseSensitive?: boolean,
): (pathname: string) => [string, string][] | null;
type Handle = (req: IncomingMessage, res: ServerResponse) => unknown;
export declare function createApiDispatch(options: {
  distDir: string;
  hostname: string;
  port: number;
  log?: Pick<Console, "warn" | "error">;
}): Promise<((req: IncomingMessage, res: ServerResponse, fallback: Handle) => boolean) | null>;
