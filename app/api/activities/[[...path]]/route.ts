// /api/activities — Lavori: the standard entity calls (list with addedParams { contactId }, export, create-form-data[?contactId], update-form-data/{id}, get/{id}, get-filtered-list[?contactId&unfinished=1], create, update/{id} answering { status, message, activity }, delete/{id}). get-unfinished and mark-finished are routes of their own.
import { activityEntity } from "@/db/queries/activities";
import { entityRoutes } from "@/lib/api/entity-routes";

export const { GET, POST, DELETE } = entityRoutes(activityEntity);
