/**
 * A tiny HTTP client for the API tests: keeps cookies like a browser and speaks the save contract
 * (multipart with one JSON field named after the entity).
 */
import fs from "node:fs";
import path from "node:path";
import { inject } from "vitest";

/** This worker's own server (tests/api/global-setup.ts starts one per worker; VITEST_POOL_ID counts from 1). */
const slot = () => Math.max(0, Number(process.env.VITEST_POOL_ID ?? 1) - 1);
export const baseUrl = () => inject("baseUrls")[slot()]!;
export const outboxDir = () => inject("outboxDirs")[slot()]!;

export interface JsonResponse<T = Record<string, any>> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * The test server trusts 127.0.0.1 as a proxy (TRUSTED_PROXIES), so X-Forwarded-For is the client's
 * address there. Each test file is one client machine: its clients share an address, so the
 * per-address limits of one file (logins, sign-ups, reset requests) do not spill into the others.
 */
/** A random client address of the private 10/8 range. */
export const randomAddress = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
const FILE_ADDRESS = randomAddress();

export class Client {
  private jar = new Map<string, string>();

  constructor(
    readonly base = baseUrl(),
    /** The client's address as the trusted proxy reports it (X-Forwarded-For). */
    readonly address = FILE_ADDRESS,
  ) {}

  /** The Cookie header this client sends. */
  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === "") this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  /** Another client holding a copy of this one's cookies (a stolen or copied session cookie). */
  copy(): Client {
    const other = new Client(this.base, this.address);
    for (const [k, v] of this.jar) other.jar.set(k, v);
    return other;
  }

  hasCookie(name: string): boolean {
    return this.jar.has(name);
  }

  async raw(method: string, url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.jar.size) headers.set("cookie", this.cookieHeader());
    if (!headers.has("x-forwarded-for")) headers.set("x-forwarded-for", this.address);
    const res = await fetch(this.base + url, { ...init, method, headers, redirect: "manual" });
    this.store(res);
    return res;
  }

  async json<T = Record<string, any>>(method: string, url: string, init: RequestInit = {}): Promise<JsonResponse<T>> {
    const res = await this.raw(method, url, init);
    const text = await res.text();
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      body = { nonJson: text.slice(0, 500) };
    }
    return { status: res.status, body, headers: res.headers };
  }

  get<T = Record<string, any>>(url: string) {
    return this.json<T>("GET", url, { headers: { "X-Requested-With": "XMLHttpRequest" } });
  }

  postEntity<T = Record<string, any>>(url: string, name: string, entity: unknown) {
    const fd = new FormData();
    fd.set(name, typeof entity === "string" ? entity : JSON.stringify(entity));
    return this.json<T>("POST", url, { body: fd });
  }

  postForm<T = Record<string, any>>(url: string, fields: Record<string, string> = {}) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.set(k, v);
    return this.json<T>("POST", url, { body: fd });
  }

  async login(username: string, password: string): Promise<JsonResponse> {
    return this.postForm("/api/login", { username, password });
  }

  static async as(username: string, password: string, base = baseUrl()): Promise<Client> {
    const c = new Client(base);
    const r = await c.login(username, password);
    if (r.status !== 200) throw new Error(`login ${username} fallito: ${r.status} ${JSON.stringify(r.body)}`);
    return c;
  }
}

/** Messages the server "sent" (MAIL_OUTBOX_DIR), newest last. */
export function sentMails(to?: string, dir = outboxDir()): { to: string; subject: string; text: string; html: string }[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")))
    .filter((m) => !to || m.to === to);
}

export function linkIn(text: string, pathPrefix: string): string {
  const m = new RegExp(`https?://[^\\s"]+${pathPrefix.replace(/[/?]/g, "\\$&")}[^\\s"<]*`).exec(text);
  if (!m) throw new Error(`nessun link ${pathPrefix} in: ${text}`);
  return m[0];
}

let counter = 0;
/** A unique e-mail for a test-created account. */
export function uniqueEmail(prefix = "utente"): string {
  return `${prefix}.${process.pid}.${Date.now().toString(36)}.${counter++}@example.it`;
}

/** Signs up a brand-new tenant and returns its logged-in admin client. */
/**
 * A new tenant and its admin's session; `address`: another client machine (a file signing up more tenants than one address may).
 * The admin follows the confirmation link of the sign-up's mail, as a real user would before mailing customers or
 * ordering (issue 29); `confirmed: false` leaves the address unconfirmed.
 */
export async function signUpTenant(
  denomination = "Nuova Impresa S.r.l.",
  { address, confirmed = true }: { address?: string; confirmed?: boolean } = {},
): Promise<{ client: Client; email: string; password: string }> {
  const client = new Client(baseUrl(), address);
  const email = uniqueEmail("admin");
  const password = "prova1234";
  const r = await client.postEntity("/api/sign-up", "signUp", {
    denomination,
    firstName: "Anna",
    lastName: "Verdi",
    email,
    password,
    passwordSecond: password,
    acceptTerms: true,
  });
  if (r.status !== 200) throw new Error(`sign-up fallito: ${r.status} ${JSON.stringify(r.body)}`);
  if (confirmed) await confirmAddress(client, email);
  return { client, email, password };
}

/** The token of the last confirmation link mailed to `email` at sign-up (/confirm-email?token=…). */
export function confirmationToken(email: string): string {
  const mail = sentMails(email).filter((m) => m.subject === "Conferma il tuo indirizzo e-mail").at(-1);
  if (!mail) throw new Error(`nessuna email di conferma a ${email}`);
  return new URL(linkIn(mail.text, "/confirm-email?token=")).searchParams.get("token")!;
}

/** Follows the sign-up's confirmation link (what the /confirm-email page posts). */
export async function confirmAddress(client: Client, email: string): Promise<JsonResponse> {
  const r = await client.postEntity("/api/confirm-email", "confirmEmail", { token: confirmationToken(email) });
  if (r.status !== 200) throw new Error(`conferma dell'indirizzo fallita: ${r.status} ${JSON.stringify(r.body)}`);
  return r;
}
