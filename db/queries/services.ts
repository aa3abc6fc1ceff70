/** Servizi (/api/services): the same shape as products (db/queries/items.ts), a table of their own. */
import "server-only";
import { defineEntity } from "@/db/entity";
import { services } from "@/db/schema";
import { serviceApi, serviceResponse, serviceSchema } from "@/lib/schemas/service";
import { catalogueGrid, catalogueParts } from "./items";

/** Servizi grid (GET /api/services). */
export const servicesGrid = catalogueGrid("services", services, "servizi");

export const serviceEntity = defineEntity({
  api: serviceApi,
  role: "ROLE_DOCUMENT",
  table: services,
  input: serviceSchema,
  response: serviceResponse,
  grid: servicesGrid,
  messages: { notFound: "Servizio non trovato", inUse: "Il servizio è usato da altri documenti: non può essere eliminato" },
  ...catalogueParts(services),
});
