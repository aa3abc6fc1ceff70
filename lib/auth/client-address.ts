/**
 * The client's address, for login throttling, the per-address limits and the session record.
 *
 * Route handlers cannot see the socket, and Next.js only fills X-Forwarded-For with the socket's address when
 * the request carries none (`??=` in its base server): left alone, any client could name its own address.
 * So every server process (next dev, next start, the standalone server of the image) subscribes, from
 * instrumentation.ts, to Node's `http.server.request.start` diagnostics channel, which Node publishes for
 * each request before the server's 'request' event, with the socket. There the header is rewritten to the one
 * address that counts:
 *
 * - the socket's address, when the sender is not a trusted proxy (any X-Forwarded-For it sent is dropped);
 * - when the sender is listed in TRUSTED_PROXIES (comma-separated addresses, e.g. 127.0.0.1 for nginx on the
 *   same machine), the right-most X-Forwarded-For entry that is not itself a trusted proxy (each proxy appends
 *   the address it saw, so entries left of the first untrusted one may be forged).
 *
 * Handlers then read X-Forwarded-For, the header Next.js itself fills: no private header. X-Forwarded-Host, -Proto
 * and -Port are kept only from a trusted proxy (lib/api/links.ts builds links from them).
 */
import diagnostics from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";

function normalize(address: string | undefined): string {
  const a = (address ?? "").trim();
  return a.startsWith("::ffff:") ? a.slice(7) : a;
}

/** TRUSTED_PROXIES as a set of normalised addresses. */
export function trustedProxies(value = process.env.TRUSTED_PROXIES ?? ""): Set<string> {
  return new Set(value.split(",").map(normalize).filter(Boolean));
}

/** The client's address from the socket peer and the X-Forwarded-For it sent (see above). */
export function resolveClientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trusted: Set<string>): string {
  let address = normalize(socketAddress);
  if (!trusted.has(address)) return address;
  const chain = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "")).split(",").map(normalize).filter(Boolean);
  while (chain.length > 0 && trusted.has(address)) address = chain.pop()!;
  return address;
}

const g = globalThis as unknown as { __gestionaleClientAddress?: boolean };

const FORWARDED_ORIGIN_HEADERS = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port"] as const;

/** Once per process (instrumentation.ts): rewrite X-Forwarded-For of every request to the client's address. */
export function installClientAddress(): void {
  if (g.__gestionaleClientAddress) return;
  g.__gestionaleClientAddress = true;
  const trusted = trustedProxies();
  diagnostics.subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    request.headers["x-forwarded-for"] = resolveClientAddress(socket.remoteAddress, request.headers["x-forwarded-for"], trusted);
    // the origin the browser used (links in e-mails, lib/api/links.ts) is a trusted proxy's word only: from anyone
    // else these are dropped, and Next.js fills them again from Host and the socket
    if (!trusted.has(normalize(socket.remoteAddress))) for (const h of FORWARDED_ORIGIN_HEADERS) delete request.headers[h];
  });
}

/** The address of a request ('unknown' when it did not come through a server, e.g. in unit tests). */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for");
  return forwarded?.split(",").at(-1)?.trim() || "unknown";
}
