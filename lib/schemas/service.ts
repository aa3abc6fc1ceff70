import type { z } from "zod";
import { defineApi } from "./entity";
import { itemResponse, itemSchema } from "./item";

/** Servizi: GET/POST /api/services…, JSON field "service", rows recoloured as "services". */
export const serviceApi = defineApi({ field: "service", url: "/api/services", table: "services" });

/**
 * Servizio form: the same fields as a product (Nome, Descrizione in fattura, Importo, Aliquota);
 * the spec shows no others. Kept as its own names so the two can part when services grow.
 */
export const serviceSchema = itemSchema;
export type ServiceInput = z.infer<typeof serviceSchema>;

export const serviceResponse = itemResponse;
export type ServiceJson = z.infer<typeof serviceResponse>;
