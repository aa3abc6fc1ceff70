/**
 * The public flows' limits, on a server of their own that trusts no proxy (as in production without
 * TRUSTED_PROXIES): every request comes from 127.0.0.1 whatever X-Forwarded-For says, so a forged
 * header cannot reset a limit.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESET_SENT } from "@/lib/auth/messages";
import { LIMITS } from "@/lib/auth/rate-limit";
import { testDbKind } from "../support/databases";
import { Client, linkIn, sentMails, uniqueEmail } from "../support/http";
import { startServer, type RunningServer } from "../support/server";

let server: RunningServer;
/** A client that forges a different X-Forwarded-For on every request. */
const forger = () => new Client(server.baseUrl, `203.0.113.${Math.floor(Math.random() * 250)}`);

/** The addresses signed up by this file, in order. */
const signedUp: string[] = [];

async function signUp(c: Client, email = uniqueEmail("limite")) {
  const r = await c.postEntity("/api/sign-up", "signUp", { denomination: "Limiti S.r.l.", firstName: "A", lastName: "B", email, password: "prova1234", passwordSecond: "prova1234", acceptTerms: true });
  if (r.status === 200) signedUp.push(email);
  return r;
}

/** Follows the confirmation link mailed to `email` at sign-up. */
async function confirm(email: string) {
  const mail = sentMails(email, server.outboxDir).find((m) => m.subject === "Conferma il tuo indirizzo e-mail")!;
  const token = new URL(linkIn(mail.text, "/confirm-email?token=")).searchParams.get("token");
  return forger().postEntity("/api/confirm-email", "confirmEmail", { token });
}

beforeAll(async () => {
  server = await startServer(testDbKind(), { TRUSTED_PROXIES: "" });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe("limits of the public flows (no trusted proxy)", () => {
  it("failed logins slow the address down; a forged X-Forwarded-For does not reset it", async () => {
    const email = uniqueEmail("bersaglio");
    expect((await signUp(forger(), email)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await forger().login(email, "sbagliata1")).status).toBe(401);
    const r = await forger().login(email, "prova1234");
    expect(r.status).toBe(429);
    expect(r.body.message).toMatch(/^Troppi tentativi di accesso non riusciti: riprova tra \d+ secondi$/);
  });

  it("a few reset requests per account an hour: the rest get the same answer and no mail", async () => {
    const email = uniqueEmail("reset");
    expect((await signUp(forger(), email)).status).toBe(200);
    for (let i = 0; i < LIMITS.resetPerAccount.max + 2; i++) {
      const r = await forger().postEntity("/api/reset-password", "resetPassword", { email });
      expect([r.status, r.body.message]).toEqual([200, RESET_SENT]);
    }
    expect(sentMails(email, server.outboxDir).filter((m) => m.subject === "Reimposta la tua password")).toHaveLength(LIMITS.resetPerAccount.max);
  });

  it("sign-ups are generous per address (30 an hour), then 429; nothing is created past it", async () => {
    // two sign-ups above already came from this address
    for (let i = 2; i < LIMITS.signUpPerAddress.max; i++) expect((await signUp(forger())).status).toBe(200);
    const email = uniqueEmail("oltre");
    const r = await signUp(forger(), email);
    expect(r.status).toBe(429);
    expect(r.body.message).toMatch(/^Troppe registrazioni da questo indirizzo: riprova tra \d+ minuti$/);
    expect((await forger().login(email, "prova1234")).status).toBe(401);
  });

  it("a confirmed sign-up gives its slot back: one more sign-up from the address, then 429 again (issue 29)", async () => {
    expect((await signUp(forger())).status).toBe(429);
    const r = await confirm(signedUp[0]!);
    expect([r.status, r.body.message]).toEqual([200, "Indirizzo e-mail confermato: ora puoi inviare e-mail ai clienti e acquistare la licenza"]);
    expect((await signUp(forger())).status).toBe(200);
    expect((await signUp(forger())).status).toBe(429);
  });

  // last: the address's wrong tokens would refuse the confirmation link above
  it("wrong link tokens are refused with 429 after the limit", async () => {
    const attempt = () => forger().postEntity("/api/reset-password-two", "passwordReset", { token: "x".repeat(43), passwordFirst: "nuova1234", passwordSecond: "nuova1234" });
    for (let i = 0; i < LIMITS.wrongTokensPerAddress.max; i++) expect((await attempt()).status).toBe(400);
    const r = await attempt();
    expect(r.status).toBe(429);
    expect(r.body.message).toMatch(/^Troppi link non validi da questo indirizzo: riprova tra \d+ minuti$/);
  });
});
