// /api/planned-operations — Operazioni pianificate (ROLE_DOCUMENT): the standard entity calls (list, export, create-form-data, update-form-data/{id}, get/{id}, get-filtered-list, create, update/{id} answering { status, message, plannedOperation }, delete/{id}). runs and run-now are routes of their own.
import { plannedOperationEntity } from "@/db/queries/planned-operations";
import { entityRoutes } from "@/lib/api/entity-routes";

export const { GET, POST, DELETE } = entityRoutes(plannedOperationEntity);
