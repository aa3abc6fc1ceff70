// /api/time-entries — Ore lavorate: the standard entity calls (list with addedParams { activityId } and totals, export, create-form-data[?activityId], update-form-data/{id}, get/{id}, create, update/{id}, delete/{id}); a user reaches only their own entries unless ROLE_ADMIN. The time tracker's calls are routes of their own.
import { timeEntryEntity } from "@/db/queries/time-entries";
import { entityRoutes } from "@/lib/api/entity-routes";

export const { GET, POST, DELETE } = entityRoutes(timeEntryEntity);
