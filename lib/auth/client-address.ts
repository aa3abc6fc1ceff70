/**
 * The client's address, for login throttling and the session record. Route handlers cannot see the
 * socket, so the production server (scripts/server.mjs) writes it into this header on every request,
 * overwriting whatever the client sent: the socket's address, or — only when the socket peer is a
 * proxy listed in TRUSTED_PROXIES — the last address that proxy appended to X-Forwarded-For.
 */
export const CLIENT_ADDRESS_HEADER = "x-gestionale-client";

/** The address of a request ('unknown' when it did not come through our server, e.g. in unit tests). */
export function clientAddress(headers: Headers): string {
  return headers.get(CLIENT_ADDRESS_HEADER) || "unknown";
}
