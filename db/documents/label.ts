/** A document as its references name it: 'Fattura 12/A del 05/03/2026', 'Fattura (bozza) del 05/03/2026'. */
import "server-only";
import { sql } from "drizzle-orm";
import { documents, type Document } from "@/db/schema";
import { lit } from "@/db/scope";
import { DOCUMENT_KINDS } from "@/lib/schemas/invoice";
import { policyOf } from "@/lib/documents/policy";
import { italianDate } from "@/lib/rome-time";

export const documentLabel = (d: Pick<Document, "kind" | "numberText" | "date">) => `${policyOf(d.kind).name} ${d.numberText ?? "(bozza)"} del ${italianDate(d.date)}`;

/** documentLabel's kind word in SQL ('Fattura', 'Nota di credito' …), for labels a list or a join builds. */
export const kindNameSql = sql.join([sql`case ${documents.kind}`, ...DOCUMENT_KINDS.map((k) => sql` when ${lit(k)} then ${lit(policyOf(k).name)}`), sql` end`]);
