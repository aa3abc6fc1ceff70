/**
 * The to-dos' reminders: computed on the server, sent by a job (db/jobs/todo-reminders-worker.ts).
 *
 * A reminder is due for a to-do not done whose alert day (todos.alert_on: the due date minus alertDays for
 * 'Giorni prima della scadenza', alertDate for 'Data fissa') is today or past, and that has no todo_reminders
 * row for that day yet. Sending it is one transaction: INSERT … ON CONFLICT DO NOTHING into todo_reminders
 * (unique (tenant_id, todo_id, alert_on)), and only when the row went in, the notification and the e-mail
 * (the mailer writes mail_outbox in the same transaction). Two workers racing on one reminder meet on the unique
 * index: the second's insert waits for the first to commit and then does nothing, so the reminder goes out once
 * however many instances run the job; a run that fails rolls its claim back and the next run sends it.
 */
import "server-only";
import { and, asc, eq, isNotNull, lte, notExists, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { activities, contacts, notifications, todoReminders, todos, users } from "@/db/schema";
import { TenantScope } from "@/db/scope";
import { sendMail } from "@/lib/mail/mailer";
import { italianDate } from "@/lib/rome-time";
import { DAYS_BEFORE } from "@/lib/schemas/todo";
import { todayInRome } from "@/lib/rome-time";

/** Where a reminder leads in the app. */
export const TODOS_PATH = "/impegni";

export interface DueReminder {
  tenantId: number;
  todoId: number;
  alertOn: string;
}

/**
 * Reminders due on `today` across every tenant, oldest alert first. The job serves all tenants, so this one read
 * is outside a TenantScope (like the account flows); each reminder is then sent through its tenant's scope.
 */
export async function dueReminders(db: Db, today: string, limit = 200): Promise<DueReminder[]> {
  const sent = db
    .select({ one: sql`1` })
    .from(todoReminders)
    .where(and(eq(todoReminders.tenantId, todos.tenantId), eq(todoReminders.todoId, todos.id), eq(todoReminders.alertOn, todos.alertOn)));
  const rows = await db
    .select({ tenantId: todos.tenantId, todoId: todos.id, alertOn: todos.alertOn })
    .from(todos)
    // the partial index todos_alert_on_idx (done = false and alert_on is not null)
    .where(and(eq(todos.done, false), isNotNull(todos.alertOn), lte(todos.alertOn, today), notExists(sent)))
    .orderBy(asc(todos.alertOn), asc(todos.id))
    .limit(limit);
  return rows.map((r) => ({ tenantId: r.tenantId, todoId: r.todoId, alertOn: r.alertOn! }));
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export interface ReminderContent {
  title: string;
  description: string;
  dueDate: string | null;
  alertType: string | null;
  alertDays: number | null;
  contact: string | null;
  activity: string | null;
}

/** The reminder's lines (Italian): when it is due, for whom, about what. */
function reminderLines(t: ReminderContent): string[] {
  const lines: string[] = [];
  if (t.dueDate) lines.push(`Scadenza: ${italianDate(t.dueDate)}${t.alertType === DAYS_BEFORE && t.alertDays ? ` (tra ${t.alertDays} ${t.alertDays === 1 ? "giorno" : "giorni"})` : ""}`);
  if (t.contact) lines.push(`Cliente: ${t.contact}`);
  if (t.activity) lines.push(`Lavoro: ${t.activity}`);
  if (t.description) lines.push(`Descrizione: ${t.description}`);
  return lines;
}

/** 'Promemoria: <titolo>' with the due date, customer, job and description; a link to Impegni when APP_URL is known. */
export function todoReminderMail(t: ReminderContent, baseUrl = process.env.APP_URL) {
  const lines = reminderLines(t);
  const link = baseUrl ? `${baseUrl.replace(/\/+$/, "")}${TODOS_PATH}` : null;
  const intro = `Ti ricordiamo l'impegno "${t.title}".`;
  return {
    subject: `Promemoria: ${t.title}`,
    text: [intro, "", ...lines, "", link ? `Apri gli impegni: ${link}` : "Lo trovi nella sezione Impegni del gestionale."].join("\n"),
    html:
      `<p>Ti ricordiamo l'impegno <b>${escapeHtml(t.title)}</b>.</p>` +
      (lines.length ? `<p>${lines.map(escapeHtml).join("<br>")}</p>` : "") +
      (link ? `<p><a href="${escapeHtml(link)}">Apri gli impegni</a></p>` : "<p>Lo trovi nella sezione Impegni del gestionale.</p>"),
  };
}

/** The in-app notification of a reminder. */
export function todoReminderNotification(t: ReminderContent) {
  return { title: `Promemoria: ${t.title}`, body: reminderLines(t).slice(0, 2).join(" · "), link: TODOS_PATH };
}

/**
 * Sends one reminder if nobody has: true when this call sent it. The to-do is read again in the transaction (a
 * save since the scan may have marked it done or moved its alert); the reminder goes to the assignee, else to
 * whoever created the to-do, if enabled. A to-do with nobody to tell is still marked reminded.
 */
export async function sendReminder(db: Db, due: DueReminder): Promise<boolean> {
  const scope = new TenantScope(db, due.tenantId);
  return scope.transaction(async (tx) => {
    const [todo] = await tx
      .select({
        id: todos.id,
        title: todos.title,
        description: todos.description,
        dueDate: todos.dueDate,
        done: todos.done,
        alertType: todos.alertType,
        alertDays: todos.alertDays,
        alertOn: todos.alertOn,
        recipientId: sql<number | null>`coalesce(${todos.assigneeId}, ${todos.createdById})`,
        contact: contacts.name,
        activityNumber: activities.activityNumber,
        activityName: activities.name,
      })
      .from(todos)
      .leftJoin(contacts, eq(todos.contactId, contacts.id))
      .leftJoin(activities, eq(todos.activityId, activities.id))
      .where(eq(todos.id, due.todoId));
    if (!todo || todo.done || todo.alertOn !== due.alertOn) return false;
    // the claim: of two workers only one inserts; the other's insert waits for its commit and then does nothing
    const claimed = await tx.upsert(todoReminders, [todoReminders.todoId, todoReminders.alertOn], { todoId: todo.id, alertOn: due.alertOn, userId: todo.recipientId });
    if (!claimed) return false;
    if (todo.recipientId === null) return true;
    const [recipient] = await tx.select({ id: users.id, email: users.email, disabled: users.disabled }).from(users).where(eq(users.id, todo.recipientId));
    if (!recipient || recipient.disabled) return true;
    const content: ReminderContent = {
      title: todo.title,
      description: todo.description,
      dueDate: todo.dueDate,
      alertType: todo.alertType,
      alertDays: todo.alertDays,
      contact: todo.contact ?? null,
      activity: todo.activityName ? `${todo.activityNumber} - ${todo.activityName}` : null,
    };
    await tx.insert(notifications, { userId: recipient.id, todoId: todo.id, ...todoReminderNotification(content) });
    // inside the claim's transaction: the outbox row commits with it (and a failure rolls the claim back)
    // outside the tenant's e-mail ceiling (lib/mail/limits.ts): it goes only to the tenant's own users, who are
    // reached through invitations (those count), and a job has nobody to answer a 429 to
    await sendMail(tx.platform, { tenantId: due.tenantId, to: recipient.email, ...todoReminderMail(content) }, { limited: false });
    return true;
  });
}

/** One pass of the job: every reminder due today, in batches; answers how many this pass sent. */
export async function runDueReminders(db: Db, today: string = todayInRome(), batch = 200): Promise<number> {
  let sent = 0;
  for (;;) {
    const due = await dueReminders(db, today, batch);
    let failed = 0;
    for (const d of due) {
      try {
        if (await sendReminder(db, d)) sent++;
      } catch (err) {
        failed++;
        // one bad reminder does not stop the others; its claim rolled back, the next pass tries again
        console.error(`[promemoria] impegno ${d.todoId} non inviato: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    // a short batch was the last; a full one may be followed by more (those just sent left the list)
    // (a batch that failed whole would come back the same: left to the next pass)
    if (due.length < batch || failed === due.length) return sent;
  }
}
