// GET /api/payment-modalities/export — modalità di pagamento: CSV/XLSX export of the filtered, sorted list (streamed).
import { paymentModalitiesGrid } from "@/db/queries/payment-modalities";
import { exportRoute } from "@/lib/grid/define";

export const GET = exportRoute(paymentModalitiesGrid, "ROLE_DOCUMENT");
