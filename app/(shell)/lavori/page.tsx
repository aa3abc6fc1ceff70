import type { Metadata } from "next";
import { ActivitiesGrid } from "@/components/activities/activities-grid";
import { EntityPage } from "@/components/grid/entity-page";
import { activityEntity } from "@/db/queries/activities";
import { UNFINISHED_FILTER } from "@/lib/schemas/activity";

export const metadata: Metadata = { title: "Lavori" };

// the grid starts on 'non completati' (ActivitiesGrid's defaultFilterModel): the first block is read with it
const FIRST_BLOCK = { filterModel: JSON.stringify(UNFINISHED_FILTER) };

export default function Page() {
  return <EntityPage path="/lavori" entity={activityEntity} Grid={ActivitiesGrid} params={FIRST_BLOCK} />;
}
