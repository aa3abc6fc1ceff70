// /api/invoice-sectionals — Sezionali fattura: the standard entity calls ({ data } list, not paged; lib/api/entity-routes.ts). disable/{id} and enable/{id} are beside.
import { invoiceSectionalEntity } from "@/db/queries/invoice-sectionals";
import { entityRoutes } from "@/lib/api/entity-routes";

export const { GET, POST, DELETE } = entityRoutes(invoiceSectionalEntity);
