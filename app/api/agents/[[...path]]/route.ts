// /api/agents — Agenti: the standard entity calls (list, export, create-form-data, update-form-data/{id}, get/{id}, get-filtered-list, create, update/{id}, delete/{id}; lib/api/entity-routes.ts).
import { agentEntity } from "@/db/queries/agents";
import { entityRoutes } from "@/lib/api/entity-routes";

export const { GET, POST, DELETE } = entityRoutes(agentEntity);
