import crypto from "node:crypto";
import { ensureAuthSecret } from "@/lib/auth/secret";
import { ApiError } from "@/lib/errors";

/**
 * The secret box: secrets kept at rest (PEC mailbox passwords, the signing certificate's password) sealed with
 * AES-256-GCM under a key derived from AUTH_SECRET with HKDF-SHA-256 (salt and info fixed per purpose, so the same
 * AUTH_SECRET never yields the session cookies' key). Every value gets a random 96-bit IV; the 128-bit tag
 * authenticates it. Format: `v1.<iv b64url>.<tag b64url>.<ciphertext b64url>` (the prefix names the scheme, so a
 * later one can be told apart and read by its own code). Opening with another key (AUTH_SECRET changed) or a
 * damaged value throws SecretBoxError with an Italian message: the secret must be typed again, nothing is guessed.
 */
const VERSION = "v1";
const INFO = "back-office secret box v1";
const SALT = "sdi-channel-secrets";

/** 409 when it reaches an answer: the stored secret no longer opens, the user must type it again. */
export class SecretBoxError extends ApiError {
  constructor(message: string) {
    super(409, message);
    this.name = "SecretBoxError";
  }
}

const keys = new Map<string, Buffer>();

function keyFor(secret?: string): Buffer {
  let source = secret;
  if (source === undefined) {
    ensureAuthSecret();
    source = process.env.AUTH_SECRET!;
  }
  let key = keys.get(source);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync("sha256", Buffer.from(source, "utf8"), Buffer.from(SALT), Buffer.from(INFO), 32));
    keys.set(source, key);
  }
  return key;
}

/** Seals `plain` (UTF-8) for storage. `secret` defaults to AUTH_SECRET (given only by tests). */
export function sealSecret(plain: string, secret?: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keyFor(secret), iv);
  cipher.setAAD(Buffer.from(VERSION));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** Opens a value made by sealSecret; throws SecretBoxError when the key is not the one it was sealed with or the value is damaged. */
export function openSecret(sealed: string, secret?: string): string {
  const parts = sealed.split(".");
  if (parts[0] !== VERSION || parts.length !== 4) {
    throw new SecretBoxError("Segreto cifrato in un formato non riconosciuto");
  }
  const [, iv, tag, body] = parts.map((p) => Buffer.from(p, "base64url"));
  if (iv.length !== 12 || tag.length !== 16) throw new SecretBoxError("Segreto cifrato danneggiato");
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", keyFor(secret), iv);
    decipher.setAAD(Buffer.from(VERSION));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretBoxError(
      "Impossibile decifrare il segreto salvato: la chiave (AUTH_SECRET) è cambiata o il dato è danneggiato. Inserisci di nuovo la password nelle impostazioni.",
    );
  }
}
