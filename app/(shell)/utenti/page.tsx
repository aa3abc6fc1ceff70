import type { Metadata } from "next";
import type { GridPage } from "@/components/grid/grid-types";
import { EntityPage } from "@/components/grid/entity-page";
import { UsersGrid } from "@/components/users/users-grid";
import { userEntity } from "@/db/queries/users-admin";
import { getCurrentUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Utenti" };

export default async function Page() {
  // the grid and the form know whose row is one's own (no 'Disabilita', the Amministratore role kept)
  const currentUserId = (await getCurrentUser())?.id;
  return <EntityPage path="/utenti" entity={userEntity} Grid={({ initial }: { initial: GridPage }) => <UsersGrid initial={initial} currentUserId={currentUserId} />} />;
}
