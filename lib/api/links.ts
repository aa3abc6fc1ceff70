/**
 * Absolute base URL for links in e-mails and the calendar feed: APP_URL when set (production: set it, see README),
 * else the origin the browser used. Not the request's URL: `next start -H 0.0.0.0` (and the image's standalone
 * server, HOSTNAME=0.0.0.0) builds that from the address it listens on, so links read http://0.0.0.0:3000.
 *
 * The browser's origin is the Host header, or X-Forwarded-Host/-Proto when a trusted proxy sent them: the
 * forwarded headers of any other sender are dropped before Next.js reads the request (lib/auth/client-address.ts),
 * so what arrives here is either the proxy's word or Next's own copy of Host. A bind address is never an origin
 * a browser can use: it becomes localhost.
 */
import "server-only";

const BIND_ADDRESSES = new Set(["0.0.0.0", "[::]", "::", "[::0]"]);
/** A host[:port] as a browser sends it; anything else (a path, spaces, user info) is not taken from a header. */
const HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i;

const firstOf = (value: string | null): string | null => value?.split(",")[0]?.trim() || null;

function withoutBindAddress(host: string): string {
  const m = /^(\[[^\]]*\]|[^:]+)(:\d+)?$/.exec(host);
  return m && BIND_ADDRESSES.has(m[1]!) ? `localhost${m[2] ?? ""}` : host;
}

/** The origin the client used, from a request's headers (`fallback`: the request's own URL, when no usable Host came). */
export function requestOrigin(headers: Headers, fallback: string): string {
  const base = new URL(fallback);
  const forwardedProto = firstOf(headers.get("x-forwarded-proto"))?.toLowerCase();
  const protocol = forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : base.protocol.replace(/:$/, "");
  const host = [firstOf(headers.get("x-forwarded-host")), headers.get("host")?.trim() || null, base.host].find((h): h is string => Boolean(h && HOST.test(h)))!;
  return `${protocol}://${withoutBindAddress(host)}`;
}

export function appUrl(req: Request): string {
  const configured = process.env.APP_URL?.trim();
  if (configured) return configured.replace(/\/+$/, "");
  return requestOrigin(req.headers, req.url);
}
