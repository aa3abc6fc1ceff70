/**
 * The mailer's two tenant rules (issue 29), with a provider key configured and Resend replaced by a spy:
 * the public demo's messages never reach the provider (outbox only), an ordinary tenant's do; and the
 * per-tenant ceiling (lib/mail/limits.ts), one hit per recipient, trial below paying, refused with a 429
 * before anything is sent or recorded. The HTTP side is tests/api/mail-limits.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { createTenantWithAdmin } from "@/db/queries/accounts";
import { mailOutbox } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { MAIL_LIMIT_MESSAGES, mailLimits } from "./limits";

const sent = vi.hoisted(() => [] as { to: string }[]);
vi.mock("resend", () => ({
  Resend: class {
    emails = {
      send: async (m: { to: string }) => {
        sent.push(m);
        return { data: { id: `re_${sent.length}` }, error: null };
      },
    };
  },
}));

const { sendMail } = await import("./mailer");

describe("sendMail: the demo and the ceiling", () => {
  let tdb: TestDatabase;
  let database: Database;
  let demo: number;
  let trial: number;
  let paying: number;
  const env = { ...process.env };

  beforeAll(async () => {
    process.env.RESEND_API_KEY = "re_test_key";
    delete process.env.MAIL_OUTBOX_DIR;
    Object.assign(process.env, { MAIL_LIMIT_TRIAL_PER_HOUR: "3", MAIL_LIMIT_TRIAL_PER_DAY: "100", MAIL_LIMIT_PAID_PER_HOUR: "100", MAIL_LIMIT_PAID_PER_DAY: "4" });
    tdb = await createTestDatabase(undefined, "mail");
    database = await tdb.open();
    const db = database.db;
    demo = (await createTenantWithAdmin(db, { denomination: "Demo", username: "demo-mail", email: "demo-mail@example.it", firstName: "D", lastName: "D", password: "abc12345", demo: true })).tenant.id;
    trial = (await createTenantWithAdmin(db, { denomination: "Prova", email: "prova-mail@example.it", firstName: "P", lastName: "P", password: "abc12345" })).tenant.id;
    paying = (await createTenantWithAdmin(db, { denomination: "Paga", email: "paga-mail@example.it", firstName: "Q", lastName: "Q", password: "abc12345", isFree: false })).tenant.id;
  });
  afterAll(async () => {
    process.env = env;
    await database?.close();
    await tdb?.drop();
  });
  beforeEach(() => {
    sent.length = 0;
  });

  const message = (tenantId: number, to: string, extra: { cc?: string[]; bcc?: string[] } = {}) => ({ tenantId, to, subject: "Oggetto", text: "Testo", html: "<p>Testo</p>", ...extra });
  const outbox = (to: string) => database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

  it("the demo tenant's message stays in the outbox, an ordinary tenant's goes to the provider", async () => {
    expect(await sendMail(database.db, message(demo, "vittima@example.it"))).toEqual({ provider: "outbox", error: null });
    expect(sent).toEqual([]);
    expect(await outbox("vittima@example.it")).toMatchObject([{ tenantId: demo, provider: "outbox" }]);
    expect(await sendMail(database.db, message(paying, "cliente@example.it"))).toEqual({ provider: "resend", error: null });
    expect(sent.map((m) => m.to)).toEqual(["cliente@example.it"]);
  });

  it("a trial tenant: 3 recipients an hour, cc and bcc counted; the 429 sends and records nothing", async () => {
    await sendMail(database.db, message(trial, "uno@example.it", { cc: ["due@example.it"] }));
    await sendMail(database.db, message(trial, "tre@example.it"));
    const refused = await sendMail(database.db, message(trial, "quattro@example.it")).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect([(refused as ApiError).httpStatus, (refused as ApiError).message]).toEqual([429, MAIL_LIMIT_MESSAGES.perHour]);
    expect(sent.map((m) => m.to)).toEqual(["uno@example.it", "tre@example.it"]);
    expect(await outbox("quattro@example.it")).toEqual([]);
  });

  it("a paying tenant: 4 a day (configured), then the day's message", async () => {
    await sendMail(database.db, message(paying, "a@example.it", { bcc: ["b@example.it", "c@example.it"] }));
    const refused = await sendMail(database.db, message(paying, "d@example.it", { bcc: ["e@example.it"] })).catch((e: unknown) => e);
    expect([(refused as ApiError).httpStatus, (refused as ApiError).message]).toEqual([429, MAIL_LIMIT_MESSAGES.perDay]);
  });

  it("account flows (a reset link) are outside the ceiling", async () => {
    expect(await sendMail(database.db, message(trial, "reset@example.it"), { limited: false })).toEqual({ provider: "resend", error: null });
  });

  it("limits: defaults 20/100 for trial, 200/1000 for paying; bad values fall back", () => {
    const of = (l: ReturnType<typeof mailLimits>) => [l.hour.max, l.day.max];
    expect(of(mailLimits(true, {}))).toEqual([20, 100]);
    expect(of(mailLimits(false, {}))).toEqual([200, 1000]);
    expect(of(mailLimits(true, { MAIL_LIMIT_TRIAL_PER_HOUR: "5", MAIL_LIMIT_TRIAL_PER_DAY: "x" }))).toEqual([5, 100]);
    expect(of(mailLimits(false, { MAIL_LIMIT_PAID_PER_HOUR: "-1", MAIL_LIMIT_PAID_PER_DAY: "" }))).toEqual([200, 1000]);
  });
});
