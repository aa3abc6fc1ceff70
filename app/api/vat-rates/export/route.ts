// GET /api/vat-rates/export — aliquota IVA: CSV/XLSX export of the filtered, sorted list (streamed).
import { vatRatesGrid } from "@/db/queries/vat-rates";
import { exportRoute } from "@/lib/grid/define";

export const GET = exportRoute(vatRatesGrid, "ROLE_DOCUMENT");
