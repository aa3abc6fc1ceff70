// GET /api/agents/export — agente: CSV/XLSX export of the filtered, sorted list (streamed).
import { agentsGrid } from "@/db/queries/agents";
import { exportRoute } from "@/lib/grid/define";

export const GET = exportRoute(agentsGrid, "ROLE_DOCUMENT");
