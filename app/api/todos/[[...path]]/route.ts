// /api/todos — Impegni: the standard entity calls (list with addedParams { done }, export, create-form-data, update-form-data/{id}, get/{id}, get-filtered-list, create, update/{id} answering { status, message, todo }, delete/{id}). set-done and assignees are routes of their own.
import { todoEntity } from "@/db/queries/todos";
import { entityRoutes } from "@/lib/api/entity-routes";

export const { GET, POST, DELETE } = entityRoutes(todoEntity);
