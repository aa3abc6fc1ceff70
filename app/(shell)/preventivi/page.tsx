import type { Metadata } from "next";
import { EntityPage } from "@/components/grid/entity-page";
import { QuoteKindGrid } from "@/components/invoices/invoices-grid";
import { kindParams } from "@/components/invoices/invoice-kinds";
import { invoiceEntity } from "@/db/queries/invoices";

export const metadata: Metadata = { title: "Preventivi" };

// the grid lists one kind (addedParams { kind }): the first block is read with it
const FIRST_BLOCK = kindParams("QUOTE");

export default function Page() {
  return <EntityPage path="/preventivi" entity={invoiceEntity} Grid={QuoteKindGrid} params={FIRST_BLOCK} />;
}
