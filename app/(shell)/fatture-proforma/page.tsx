import type { Metadata } from "next";
import { EntityPage } from "@/components/grid/entity-page";
import { ProformaKindGrid } from "@/components/invoices/invoices-grid";
import { firstBlockParams } from "@/components/invoices/invoice-kinds";
import { invoiceEntity } from "@/db/documents/entity";
import { todayInRome } from "@/lib/rome-time";

export const metadata: Metadata = { title: "Fatture proforma" };

// the first block is read as the grid opens: its kinds (addedParams { kind }) and the current year

export default function Page() {
  return <EntityPage path="/fatture-proforma" entity={invoiceEntity} Grid={ProformaKindGrid} params={firstBlockParams("PROFORMA", todayInRome())} />;
}
