/** Italian display of a grid cell (client): money with apostrophes and commas, dd/MM/yyyy dates. */
import { formatDate, formatScaled } from "@/lib/format";
import type { GridColumnMeta } from "./grid-types";

function scaleOf(col: GridColumnMeta): number {
  if (col.scale !== undefined) return col.scale;
  return col.type === "currency4" ? 4 : col.type === "currency8" ? 8 : col.type === "integer" ? 0 : 2;
}

const pad = (n: number) => String(n).padStart(2, "0");

export function formatCell(col: GridColumnMeta, value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  switch (col.type) {
    case "currency":
    case "currency4":
    case "currency8":
    case "decimal":
      return formatScaled(value as number, scaleOf(col));
    case "percentage": {
      const s = formatScaled(value as number, scaleOf(col), { trimZeros: true });
      return s ? `${s}%` : "";
    }
    case "integer":
      return String(value);
    case "date":
      return formatDate(value as string);
    case "datetime": {
      const d = new Date(value as string);
      if (Number.isNaN(d.getTime())) return "";
      return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
    }
    case "time":
      return String(value).slice(0, 5);
    case "boolean":
      return value ? "Sì" : "No";
    case "entity":
      return (value as { toString?: string }).toString ?? "";
    case "object":
      return typeof value === "string" ? value : JSON.stringify(value);
    default:
      return String(value);
  }
}

export function isNumericColumn(col: GridColumnMeta): boolean {
  return ["integer", "decimal", "percentage", "currency", "currency4", "currency8"].includes(col.type);
}
