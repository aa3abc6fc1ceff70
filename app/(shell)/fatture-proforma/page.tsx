import type { Metadata } from "next";
import { EntityPage } from "@/components/grid/entity-page";
import { ProformaKindGrid } from "@/components/invoices/invoices-grid";
import { kindParams } from "@/components/invoices/invoice-kinds";
import { invoiceEntity } from "@/db/queries/invoices";

export const metadata: Metadata = { title: "Fatture proforma" };

// the grid lists one kind (addedParams { kind }): the first block is read with it
const FIRST_BLOCK = kindParams("PROFORMA");

export default function Page() {
  return <EntityPage path="/fatture-proforma" entity={invoiceEntity} Grid={ProformaKindGrid} params={FIRST_BLOCK} />;
}
