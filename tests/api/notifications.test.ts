/**
 * The bell over HTTP: GET /api/notifications (the user's own, newest first, with the unread count) and POST
 * /api/notifications/read (ids or all), and a reminder end to end: a to-do whose alert day is today is reminded by
 * the server's own job (pg-boss on PostgreSQL, the in-process interval on PGlite) with one e-mail and one
 * notification, and not again on the following passes. This file starts its own server with a one-second reminder
 * interval (the suite's server keeps the default minute).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_COLLEAGUE_LOGIN, DEMO_LOGIN } from "@/db/seed";
import { italianDate, todayInRome } from "@/lib/rome-time";
import { testDbKind } from "../support/databases";
import { Client, randomAddress, sentMails, uniqueEmail } from "../support/http";
import { startServer, type RunningServer } from "../support/server";

const today = todayInRome();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("notifications and reminders", () => {
  let server: RunningServer;
  let c: Client;
  let email: string;

  const login = async (who: { username: string; password: string }) => {
    const client = new Client(server.baseUrl, randomAddress());
    const r = await client.login(who.username, who.password);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return client;
  };

  beforeAll(async () => {
    server = await startServer(testDbKind(), { REMINDERS_INTERVAL_SECONDS: "1" });
    c = new Client(server.baseUrl, randomAddress());
    email = uniqueEmail("promemoria");
    const r = await c.postEntity("/api/sign-up", "signUp", { denomination: "Promemoria S.r.l.", firstName: "Paola", lastName: "Neri", email, password: "prova1234", passwordSecond: "prova1234", acceptTerms: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("a to-do whose alert day has come is reminded once: an e-mail to the assignee and a notification in the bell", async () => {
    expect((await c.get("/api/notifications")).body).toEqual({ status: "ok", notifications: [], unread: 0 });
    const saved = await c.postEntity("/api/todos", "todo", { title: "Chiamare il fornitore", dueDate: "2030-12-31", alertType: "Data fissa", alertDate: today });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const todo = saved.body.todo;
    let bell = (await c.get("/api/notifications")).body;
    for (const deadline = Date.now() + 60_000; bell.unread === 0 && Date.now() < deadline; ) {
      await sleep(500);
      bell = (await c.get("/api/notifications")).body;
    }
    expect(bell).toEqual({
      status: "ok",
      unread: 1,
      notifications: [{ id: expect.any(Number), title: "Promemoria: Chiamare il fornitore", body: "Scadenza: 31/12/2030", link: "/impegni", todoId: todo.id, createdAt: expect.any(String), readAt: null }],
    });
    // later passes find it reminded
    await sleep(3_000);
    expect((await c.get("/api/notifications")).body.notifications).toHaveLength(1);
    const mails = sentMails(email, server.outboxDir).filter((m) => m.subject.startsWith("Promemoria"));
    expect(mails.map((m) => m.subject)).toEqual(["Promemoria: Chiamare il fornitore"]);
    expect(mails[0]!.text).toContain(`Ti ricordiamo l'impegno "Chiamare il fornitore".`);
    expect(mails[0]!.text).toContain(`Scadenza: ${italianDate("2030-12-31")}`);

    // done to-dos and future alerts are not reminded
    await c.postEntity("/api/todos", "todo", { title: "Già svolto", alertType: "Data fissa", alertDate: today, done: true });
    await c.postEntity("/api/todos", "todo", { title: "Più avanti", alertType: "Data fissa", alertDate: "2030-01-01" });
    await sleep(3_000);
    expect(sentMails(email, server.outboxDir).filter((m) => m.subject.startsWith("Promemoria"))).toHaveLength(1);
  }, 120_000);

  it("read: by ids or all, only the user's own; bad bodies are refused in Italian", async () => {
    const mine = (await c.get("/api/notifications")).body.notifications[0];
    const demo = await login(DEMO_LOGIN);
    const demoBell = (await demo.get("/api/notifications")).body;
    // the seeded reminder of the demo (db/seed-todos.ts)
    expect(demoBell.unread).toBe(1);
    expect(demoBell.notifications.map((n: { title: string }) => n.title)).toEqual(["Promemoria: Chiamare il commercialista"]);
    const theirs = demoBell.notifications[0];

    // another user of the same tenant, and another tenant, see none of them and cannot mark them
    const colleague = await login(DEMO_COLLEAGUE_LOGIN);
    expect((await colleague.get("/api/notifications")).body).toEqual({ status: "ok", notifications: [], unread: 0 });
    expect((await colleague.postForm("/api/notifications/read", { ids: String(theirs.id) })).body).toEqual({ status: "ok", message: "Notifiche segnate come lette", unread: 0 });
    expect((await c.postForm("/api/notifications/read", { all: "1" })).body.unread).toBe(0);
    expect((await demo.get("/api/notifications")).body.unread).toBe(1);

    for (const [fields, message] of [
      [{}, 'Indicare le notifiche da segnare come lette ("ids") oppure "all"'],
      [{ ids: "abc" }, "Identificativi delle notifiche non validi"],
      [{ ids: "1,-2" }, "Identificativi delle notifiche non validi"],
      [{ ids: String(2 ** 31) }, "Identificativi delle notifiche non validi"],
    ] as const) {
      const r = await demo.postForm("/api/notifications/read", fields);
      expect([r.status, r.body.message.split("\n").at(-1)]).toEqual([400, message]);
    }
    // a JSON body with an array of ids
    const r = await demo.json("POST", "/api/notifications/read", { body: JSON.stringify({ ids: [theirs.id] }), headers: { "content-type": "application/json" } });
    expect(r.body).toEqual({ status: "ok", message: "Notifiche segnate come lette", unread: 0 });
    const after = (await demo.get("/api/notifications")).body.notifications[0];
    expect(after.readAt).toEqual(expect.any(String));
    expect(mine.readAt).toBeNull();
    expect((await c.get("/api/notifications")).body.notifications[0].readAt).toEqual(expect.any(String));

    expect((await new Client(server.baseUrl).get("/api/notifications")).status).toBe(401);
  });
});
