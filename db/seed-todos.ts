/**
 * Impegni of the demo tenant: open to-dos with and without alerts (future alert days, so seeding sends no e-mail),
 * one overdue, one done, and one whose reminder went out today: its notification waits in the demo admin's bell
 * (recorded as sent, so the job does not mail it again). Skipped when the tenant has to-dos.
 */
import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Db } from "./client";
import { todoReminderNotification } from "./queries/todo-reminders";
import { todoEntity } from "./queries/todos";
import { TenantScope } from "./scope";
import { activities, contacts, notifications, todoReminders, todos, type User } from "./schema";
import { romeDateInDays } from "@/lib/subscription";

export async function seedTodos(db: Db, tenantId: number, team: readonly [User, User]): Promise<void> {
  const scope = new TenantScope(db, tenantId);
  if ((await scope.count(todos)) > 0) return;
  const [me, colleague] = team.map((u) => new TenantScope(db, tenantId, { userId: u.id, roles: u.roles })) as [TenantScope, TenantScope];
  const jobs = await scope.select({ id: activities.id, contactId: activities.contactId }).from(activities).where(eq(activities.finished, false)).orderBy(asc(activities.activityNumber)).limit(3);
  const [customer] = await scope.select({ id: contacts.id }).from(contacts).where(eq(contacts.isCustomer, true)).orderBy(asc(contacts.id)).limit(1);
  const job = (i: number) => (jobs[i] ? { contact: { id: jobs[i].contactId }, activity: { id: jobs[i].id } } : {});
  const save = (who: TenantScope, raw: Record<string, unknown>) => todoEntity.create(who, todoEntity.input.parse(raw));
  const assignee = (u: User) => ({ assignee: { id: u.id } });

  await save(me, { title: "Richiamare per il preventivo", description: "Confermare le quantità e i tempi di consegna", ...job(0), ...assignee(team[0]), dueDate: romeDateInDays(3), alertType: "Giorni prima della scadenza", alertDays: 1, priority: "Alta" });
  await save(me, { title: "Inviare lo stato avanzamento lavori", ...job(1), ...assignee(team[1]), dueDate: romeDateInDays(7), alertType: "Data fissa", alertDate: romeDateInDays(5) });
  await save(colleague, { title: "Sopralluogo in cantiere", description: "Portare il metro laser e le foto del progetto", ...job(2), ...assignee(team[1]), dueDate: romeDateInDays(1), priority: "Alta" });
  await save(me, { title: "Rinnovare il dominio del sito", ...assignee(team[0]), dueDate: romeDateInDays(12), alertType: "Giorni prima della scadenza", alertDays: 7, priority: "Bassa" });
  await save(me, { title: "Verificare il pagamento della fattura", contact: customer ? { id: customer.id } : null, ...assignee(team[0]), dueDate: romeDateInDays(-2) });
  await save(me, { title: "Preparare la documentazione per il cliente", ...job(0), ...assignee(team[0]), dueDate: romeDateInDays(-4), done: true, doneDate: romeDateInDays(-3) });
  await save(me, { title: "Ordinare il materiale di consumo", ...assignee(team[1]), dueDate: romeDateInDays(20), priority: "Normale" });
  const today = romeDateInDays(0);
  const reminded = await save(me, { title: "Chiamare il commercialista", description: "Dichiarazione IVA", ...assignee(team[0]), dueDate: romeDateInDays(2), alertType: "Data fissa", alertDate: today, priority: "Alta" });
  await scope.insert(todoReminders, { todoId: reminded.id, alertOn: today, userId: team[0].id });
  await scope.insert(notifications, {
    userId: team[0].id,
    todoId: reminded.id,
    ...todoReminderNotification({ title: reminded.title, description: reminded.description, dueDate: reminded.dueDate, alertType: reminded.alertType, alertDays: reminded.alertDays, contact: null, activity: null }),
  });
}
