/**
 * Security headers. Every response (next.config.ts headers()) gets the static ones, /api answers a
 * policy of their own (API_SECURITY_HEADERS); pages get a Content-Security-Policy with a fresh nonce
 * from the proxy (proxy.ts), which Next.js puts on its own scripts; 'strict-dynamic' lets those load
 * the rest, and nothing else runs (no 'unsafe-eval' in production; styles keep 'unsafe-inline' for
 * React's style attributes).
 */

export const STATIC_SECURITY_HEADERS: { key: string; value: string }[] = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

/**
 * API answers are data (JSON, files, exports), never a document to run: a policy that allows nothing,
 * so an answer opened or framed as a page cannot load or run anything. Never stored by browsers or
 * shared caches (personal data).
 */
export const API_SECURITY_HEADERS: { key: string; value: string }[] = [
  { key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" },
  { key: "Cache-Control", value: "no-store" },
];

/** The page policy for one response. `extraOrigin`: the demo's chat provider (CHAT_SCRIPT_URL), if any. */
export function contentSecurityPolicy(nonce: string, opts: { dev?: boolean; extraOrigin?: string | null } = {}): string {
  const extra = opts.extraOrigin ? ` ${opts.extraOrigin}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ""}${extra}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' blob: data:${extra}`,
    "font-src 'self' data:",
    `connect-src 'self'${extra}`,
    `frame-src 'self'${extra}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The origin of a URL (for the policy), or null when it is empty or not a URL. */
export function originOf(url: string | undefined | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
