/** Absolute base URL for links in e-mails: APP_URL when set (production), else the request's origin. */
import "server-only";

export function appUrl(req: Request): string {
  return (process.env.APP_URL ?? new URL(req.url).origin).replace(/\/+$/, "");
}
