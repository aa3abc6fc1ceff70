// GET /api/bank-accounts/export — conto corrente: CSV/XLSX export of the filtered, sorted list (streamed).
import { bankAccountsGrid } from "@/db/queries/bank-accounts";
import { exportRoute } from "@/lib/grid/define";

export const GET = exportRoute(bankAccountsGrid, "ROLE_DOCUMENT");
