import { z } from "zod";

/** Query of an ajax select (get-filtered-list): free text, the offset of the next page and its size (default 100). */
export const optionsQuerySchema = z.object({
  query: z.string({ error: "Ricerca non valida" }).max(200, "Ricerca troppo lunga (massimo 200 caratteri)").optional().default(""),
  offset: z.coerce.number({ error: 'Parametro "offset" non valido' }).int('Parametro "offset" non valido').min(0, 'Parametro "offset" non valido').max(10_000_000, 'Parametro "offset" non valido').optional().default(0),
  limit: z.coerce.number({ error: 'Parametro "limit" non valido' }).int('Parametro "limit" non valido').min(1, 'Parametro "limit" non valido').max(1000, 'Parametro "limit" non valido').optional().default(100),
});
export type OptionsQuery = z.infer<typeof optionsQuerySchema>;
