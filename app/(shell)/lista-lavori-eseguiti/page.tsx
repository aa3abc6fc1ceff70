import type { Metadata } from "next";
import { EntityPage } from "@/components/grid/entity-page";
import { TimeEntriesGrid } from "@/components/time-entries/time-entries-grid";
import { timeEntryEntity } from "@/db/queries/time-entries";
import { todayInRome } from "@/lib/rome-time";
import { defaultPeriodFilter } from "@/lib/schemas/time-entry";

export const metadata: Metadata = { title: "Lista lavori eseguiti" };

export default function Page() {
  // the grid starts on its default period (TimeEntriesGrid's defaultFilterModel): the first block is read with it
  const firstBlock = { filterModel: JSON.stringify(defaultPeriodFilter(todayInRome())) };
  return <EntityPage path="/lista-lavori-eseguiti" entity={timeEntryEntity} Grid={TimeEntriesGrid} params={firstBlock} />;
}
