// /api/field-values — Valori delle liste (?fieldName=… on the list and create-form-data): the standard entity calls (lib/api/entity-routes.ts).
import { fieldValueEntity } from "@/db/queries/field-values";
import { entityRoutes } from "@/lib/api/entity-routes";

export const { GET, POST, DELETE } = entityRoutes(fieldValueEntity);
