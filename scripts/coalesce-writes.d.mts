import type { ServerResponse } from "node:http";

export declare function coalesceWrites(res: ServerResponse): void;
