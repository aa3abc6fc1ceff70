/**
 * Platform operators are granted, not claimed (issue 29). The server still carries the old configuration
 * (PLATFORM_OPERATOR_EMAILS listing an address): signing up with that address, in any case, gives no operator
 * rights — the operator's calls answer as they do to anyone (403; the page a 404). The flag is granted and revoked
 * only by `npm run operator -- grant|revoke EMAIL`: its function (db/queries/platform-operators.ts) run against the
 * served database, and the script itself, change what the HTTP calls of an open session see at once.
 * The grant-at-run-time cases need the database open beside the server: PostgreSQL (TEST_DB=postgres); an
 * embedded PGlite directory is the server's alone, so there they are skipped (the grant before the server starts
 * is covered on both by tests/api/subscription-orders.test.ts).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { setPlatformOperator } from "@/db/queries/platform-operators";
import { testDbKind } from "../support/databases";
import { Client, uniqueEmail } from "../support/http";
import { startServer, type RunningServer } from "../support/server";

const OPERATOR_ONLY = "Operazione riservata all'operatore della piattaforma";
const LISTED = uniqueEmail("operatore.elencato");
const PASSWORD = "prova1234";
const kind = testDbKind();

let server: RunningServer;

async function signUp(email: string, denomination: string): Promise<Client> {
  const c = new Client(server.baseUrl);
  const r = await c.postEntity("/api/sign-up", "signUp", { denomination, firstName: "Ida", lastName: "Intrusa", email, password: PASSWORD, passwordSecond: PASSWORD, acceptTerms: true });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return c;
}

/** What the operator's calls answer this client: the list, a confirmation, the page. */
async function operatorAnswers(c: Client): Promise<{ list: number; confirm: number; page: number }> {
  return {
    list: (await c.get("/api/platform/orders")).status,
    confirm: (await c.json("POST", "/api/platform/orders/999999/confirm")).status,
    page: (await c.raw("GET", "/operatore/ordini")).status,
  };
}

beforeAll(async () => {
  // the configuration that used to make operators: it must grant nothing now
  server = await startServer(kind, { PLATFORM_OPERATOR_EMAILS: `altro@example.it, ${LISTED.toUpperCase()}` });
}, 180_000);

afterAll(async () => server?.stop());

describe("platform operators", () => {
  it("signing up with an address of PLATFORM_OPERATOR_EMAILS, in any case, gives no operator rights", async () => {
    const mixedCase = LISTED.replace(/^o/, "O").replace("@example", "@EXAMPLE");
    const intruder = await signUp(mixedCase, "Intrusi S.r.l.");
    const list = await intruder.get("/api/platform/orders");
    expect(list.status).toBe(403);
    expect(list.body).toEqual({ status: "error", message: OPERATOR_ONLY });
    expect(await operatorAnswers(intruder)).toEqual({ list: 403, confirm: 403, page: 404 });
  });

  describe.skipIf(kind === "pglite")("granted and revoked by the command (PostgreSQL: the database open beside the server)", () => {
    let database: Database;
    beforeAll(async () => {
      database = await server.database.open();
    });
    afterAll(async () => database?.close());

    it("grant and revoke take effect at once for an open session; unknown addresses are refused", async () => {
      const email = uniqueEmail("fornitore");
      const vendor = await signUp(email, "Fornitore S.r.l.");
      expect(await operatorAnswers(vendor)).toEqual({ list: 403, confirm: 403, page: 404 });

      expect(await setPlatformOperator(database.db, email.toUpperCase(), true)).toEqual({ ok: true, message: `${email} è ora operatore della piattaforma` });
      // the same session: the users trigger's NOTIFY drops its cached row (a few milliseconds through PostgreSQL)
      await expect.poll(() => operatorAnswers(vendor), { timeout: 2000 }).toEqual({ list: 200, confirm: 404, page: 200 });
      expect(await setPlatformOperator(database.db, email, true)).toEqual({ ok: true, message: `${email} è già operatore della piattaforma` });

      expect(await setPlatformOperator(database.db, email, false)).toEqual({ ok: true, message: `${email} non è più operatore della piattaforma` });
      await expect.poll(() => operatorAnswers(vendor), { timeout: 2000 }).toEqual({ list: 403, confirm: 403, page: 404 });

      expect(await setPlatformOperator(database.db, "nessuno@example.it", true)).toEqual({ ok: false, message: "Nessun utente con l'indirizzo nessuno@example.it" });
    });

    it("npm run operator -- grant|revoke EMAIL: the script prints an Italian confirmation or error", async () => {
      const email = uniqueEmail("fornitore.cli");
      const vendor = await signUp(email, "Fornitore Cli S.r.l.");
      const run = promisify(execFile);
      const env = { ...process.env, ...server.database.env };
      const script = (...args: string[]) => run("npx", ["tsx", "--conditions=react-server", "scripts/operator.ts", ...args], { env, cwd: process.cwd() });

      expect((await script("grant", email)).stdout.trim()).toBe(`${email} è ora operatore della piattaforma`);
      await expect.poll(() => operatorAnswers(vendor), { timeout: 2000 }).toEqual({ list: 200, confirm: 404, page: 200 });
      expect((await script("revoke", email)).stdout.trim()).toBe(`${email} non è più operatore della piattaforma`);
      await expect.poll(() => operatorAnswers(vendor), { timeout: 2000 }).toEqual({ list: 403, confirm: 403, page: 404 });

      const unknown = await script("grant", "nessuno@example.it").catch((e: { code: number; stderr: string }) => e);
      expect(unknown).toMatchObject({ code: 1, stderr: expect.stringContaining("Errore: Nessun utente con l'indirizzo nessuno@example.it") });
      const usage = await script("promuovi", email).catch((e: { code: number; stderr: string }) => e);
      expect(usage).toMatchObject({ code: 2, stderr: expect.stringContaining("Uso: npm run operator -- grant|revoke EMAIL") });
    }, 60_000);
  });
});
