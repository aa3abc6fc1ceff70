// GET /api/services/export — servizio: CSV/XLSX export of the filtered, sorted list (streamed).
import { servicesGrid } from "@/db/queries/items";
import { exportRoute } from "@/lib/grid/define";

export const GET = exportRoute(servicesGrid, "ROLE_DOCUMENT");
