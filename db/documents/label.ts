/** A document as its references name it: 'Fattura 12/A del 05/03/2026', 'Fattura (bozza) del 05/03/2026'. */
import "server-only";
import type { Document } from "@/db/schema";
import { policyOf } from "@/lib/documents/policy";
import { italianDate } from "@/lib/rome-time";

export const documentLabel = (d: Pick<Document, "kind" | "numberText" | "date">) => `${policyOf(d.kind).name} ${d.numberText ?? "(bozza)"} del ${italianDate(d.date)}`;
