import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AgendaCalendar } from "@/components/agenda/agenda-calendar";
import { ShellPage } from "@/components/shell/shell-page";
import { agendaEventEntity, tenantUsers } from "@/db/queries/agenda-events";
import { authorize } from "@/lib/api/route";
import { getCurrentUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Agenda" };

/** The tenant's agenda settings and users, after ShellPage's navigation check, with the API's guard decision. */
async function Calendar() {
  const user = await getCurrentUser();
  if (!user) redirect("/login");
  const { scope } = await authorize(user, agendaEventEntity.role);
  const [t, users] = await Promise.all([scope.getTenant(), tenantUsers(scope)]);
  const settings = {
    officeTimeStart: t.officeTimeStart,
    officeTimeEnd: t.officeTimeEnd,
    marginCalendarStart: t.marginCalendarStart,
    marginCalendarEnd: t.marginCalendarEnd,
    hideSaturday: t.hideSaturday,
    hideSunday: t.hideSunday,
  };
  return <AgendaCalendar settings={settings} users={users} showDeadlinesToggle={scope.actorHas("ROLE_DOCUMENT")} />;
}

export default function Page() {
  return (
    <ShellPage path="/agenda">
      <Calendar />
    </ShellPage>
  );
}
