import type { Metadata } from "next";
import { ContactsGrid } from "@/components/contacts/contacts-grid";
import { EntityPage } from "@/components/grid/entity-page";
import { contactEntity } from "@/db/queries/contacts";

export const metadata: Metadata = { title: "Anagrafica" };

export default function Page() {
  return <EntityPage path="/anagrafica" entity={contactEntity} Grid={ContactsGrid} />;
}
