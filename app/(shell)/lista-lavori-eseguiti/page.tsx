import type { Metadata } from "next";
import { EntityPage } from "@/components/grid/entity-page";
import { TimeEntriesGrid } from "@/components/time-entries/time-entries-grid";
import { timeEntryEntity } from "@/db/queries/time-entries";

export const metadata: Metadata = { title: "Lista lavori eseguiti" };

export default function Page() {
  return <EntityPage path="/lista-lavori-eseguiti" entity={timeEntryEntity} Grid={TimeEntriesGrid} />;
}
