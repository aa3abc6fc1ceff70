// GET /api/field-values/export — CSV/XLSX of a value list (?fieldName=&format=&columns=&filterModel=&sortModel=&search=), streamed.
import { fieldValuesGrid } from "@/db/queries/field-values";
import { exportRoute } from "@/lib/grid/define";

export const GET = exportRoute(fieldValuesGrid, "ROLE_DOCUMENT");
