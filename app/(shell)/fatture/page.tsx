import type { Metadata } from "next";
import { EntityPage } from "@/components/grid/entity-page";
import { InvoiceKindGrid } from "@/components/invoices/invoices-grid";
import { kindParams } from "@/components/invoices/invoice-kinds";
import { invoiceEntity } from "@/db/queries/invoices";

export const metadata: Metadata = { title: "Fatture" };

// the grid lists one kind (addedParams { kind }): the first block is read with it
const FIRST_BLOCK = kindParams("INVOICE");

export default function Page() {
  return <EntityPage path="/fatture" entity={invoiceEntity} Grid={InvoiceKindGrid} params={FIRST_BLOCK} />;
}
