import type { Metadata } from "next";
import { EntityPage } from "@/components/grid/entity-page";
import { InvoiceKindGrid } from "@/components/invoices/invoices-grid";
import { firstBlockParams } from "@/components/invoices/invoice-kinds";
import { invoiceEntity } from "@/db/documents/entity";
import { todayInRome } from "@/lib/rome-time";

export const metadata: Metadata = { title: "Fatture" };

// the first block is read as the grid opens: its kinds (addedParams { kind }) and the current year

export default function Page() {
  return <EntityPage path="/fatture" entity={invoiceEntity} Grid={InvoiceKindGrid} params={firstBlockParams("INVOICE", todayInRome())} />;
}
