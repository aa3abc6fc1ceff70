/** Filter families by column type: shared by the server's compiler and the client's column filters (no server imports). */
import type { GridColumnType } from "./define";

export type FilterType = "text" | "number" | "money" | "date" | "time" | "boolean" | "entity";

/** The filter family each column type accepts (null: not filterable). */
export function filterTypeOf(type: GridColumnType): FilterType | null {
  switch (type) {
    case "text":
      return "text";
    case "integer":
    case "decimal":
    case "percentage":
      return "number";
    case "currency":
    case "currency4":
    case "currency8":
      return "money";
    case "date":
    case "datetime":
      return "date";
    case "time":
      return "time";
    case "boolean":
      return "boolean";
    case "entity":
      return "entity";
    case "object":
      return null;
  }
}
