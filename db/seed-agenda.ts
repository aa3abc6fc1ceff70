/**
 * Agenda of a seeded tenant: about ten appointments over this week and the next (working days, office hours), some
 * with a customer and a job, one all-day and one of two days, each with one or both users of the team. Skipped when
 * the tenant has appointments.
 */
import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Db } from "./client";
import { agendaEventEntity } from "./queries/agenda-events";
import { TenantScope } from "./scope";
import { activities, agendaEvents, type User } from "./schema";
import { romeDateInDays } from "@/lib/subscription";
import { todayInRome } from "@/lib/rome-time";

/** [day from this week's Monday, start, end or null for all-day (days), title, place, job index or null, who: 0 | 1 | both]. */
const PLAN: readonly [number, string, string | number, string, string, number | null, 0 | 1 | "both"][] = [
  [0, "09:00", "10:00", "Riunione di inizio settimana", "Ufficio", null, "both"],
  [1, "10:30", "12:00", "Sopralluogo dal cliente", "In sede dal cliente", 0, 0],
  [1, "14:30", "15:30", "Telefonata di aggiornamento", "", 1, 1],
  [2, "09:30", "11:00", "Presentazione del progetto", "Sala riunioni", 2, "both"],
  [3, "00:00", 1, "Fiera di settore", "Bologna Fiere", null, 0],
  [4, "11:00", "12:30", "Consegna documentazione", "In sede dal cliente", 0, 1],
  [7, "09:00", "10:00", "Riunione di inizio settimana", "Ufficio", null, "both"],
  [8, "15:00", "17:00", "Collaudo impianto", "Cantiere", 1, 0],
  [9, "00:00", 2, "Corso di aggiornamento", "Online", null, 1],
  [11, "10:00", "11:00", "Revisione del preventivo", "Ufficio", 2, "both"],
];

export async function seedAgenda(db: Db, tenantId: number, team: readonly [User, User]): Promise<void> {
  const scope = new TenantScope(db, tenantId);
  if ((await scope.count(agendaEvents)) > 0) return;
  const actor = new TenantScope(db, tenantId, { userId: team[0].id, roles: team[0].roles });
  const jobs = await scope.select({ id: activities.id, contactId: activities.contactId }).from(activities).where(eq(activities.finished, false)).orderBy(asc(activities.activityNumber)).limit(3);
  const weekday = new Date(`${todayInRome()}T12:00:00Z`).getUTCDay();
  const monday = -((weekday + 6) % 7);
  for (const [day, start, end, title, place, job, who] of PLAN) {
    const date = romeDateInDays(monday + day);
    const allDay = typeof end === "number";
    const participants = who === "both" ? team.map((u) => ({ id: u.id })) : [{ id: team[who].id }];
    const j = job === null ? undefined : jobs[job];
    await agendaEventEntity.create(
      actor,
      agendaEventEntity.input.parse({
        title,
        place,
        allDay,
        start: `${date}T${start}`,
        end: allDay ? `${romeDateInDays(monday + day + end)}T00:00` : `${date}T${end}`,
        participants,
        ...(j ? { contact: { id: j.contactId }, activity: { id: j.id } } : {}),
      }),
    );
  }
}
