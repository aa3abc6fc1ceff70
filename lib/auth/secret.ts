import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * AUTH_SECRET signs the session cookies. In production set it in the environment; without it a
 * random secret is generated once and kept in ./data/auth-secret, so a fresh demo starts with no set-up.
 */
export function ensureAuthSecret(): void {
  if (process.env.AUTH_SECRET) return;
  const file = path.join(process.cwd(), "data", "auth-secret");
  try {
    process.env.AUTH_SECRET = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const secret = crypto.randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    process.env.AUTH_SECRET = secret;
    console.warn("[auth] AUTH_SECRET non impostato: generato e salvato in data/auth-secret");
  }
}
