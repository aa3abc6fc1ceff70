// /api/contacts — Anagrafica: the standard entity calls (list with addedParams { typology, role }, export, create-form-data, update-form-data/{id}, get/{id}, get-filtered-list with role, create, update/{id} with the duplicate-VAT dialogMessage, delete/{id}; lib/api/entity-routes.ts). The import is /api/contacts/import/*.
import { contactEntity } from "@/db/queries/contacts";
import { entityRoutes } from "@/lib/api/entity-routes";

export const { GET, POST, DELETE } = entityRoutes(contactEntity);
