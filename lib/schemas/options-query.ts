import { z } from "zod";
import { validate } from "@/lib/api/body";

/** Query of an ajax select (get-filtered-list): free text and the offset of the next page. */
export const optionsQuerySchema = z.object({
  query: z.string().max(200, "Ricerca troppo lunga (massimo 200 caratteri)").optional().default(""),
  offset: z.coerce.number({ error: "Offset non valido" }).int("Offset non valido").min(0, "Offset non valido").max(10_000_000, "Offset non valido").optional().default(0),
});

export function parseOptionsQuery(params: URLSearchParams) {
  return validate(optionsQuerySchema, { query: params.get("query") ?? undefined, offset: params.get("offset") || undefined });
}
