// GET /api/items/export — prodotto: CSV/XLSX export of the filtered, sorted list (streamed).
import { itemsGrid } from "@/db/queries/items";
import { exportRoute } from "@/lib/grid/define";

export const GET = exportRoute(itemsGrid, "ROLE_DOCUMENT");
