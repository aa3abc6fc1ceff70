import type { Metadata } from "next";
import { EntityPage } from "@/components/grid/entity-page";
import { QuoteKindGrid } from "@/components/invoices/invoices-grid";
import { firstBlockParams } from "@/components/invoices/invoice-kinds";
import { invoiceEntity } from "@/db/documents/entity";
import { todayInRome } from "@/lib/rome-time";

export const metadata: Metadata = { title: "Preventivi" };

// the first block is read as the grid opens: its kinds (addedParams { kind }) and the current year

export default function Page() {
  return <EntityPage path="/preventivi" entity={invoiceEntity} Grid={QuoteKindGrid} params={firstBlockParams("QUOTE", todayInRome())} />;
}
