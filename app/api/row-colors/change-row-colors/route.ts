// POST /api/row-colors/change-row-colors — multipart table, ids (comma list), color ('#rrggbb', empty = white): recolours the tenant's rows.
import { and, sql } from "drizzle-orm";
import { entityOfTable } from "@/db/entities";
import { parseIdList, readForm } from "@/lib/api/body";
import { BadRequestError, ForbiddenError } from "@/lib/errors";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { hasRole } from "@/lib/auth/current-user";

export const POST = guarded(null, async ({ req, scope, user }) => {
  // select-all may send up to a million ids
  const form = await readForm(req, 16 * 1024 * 1024);
  const tableName = form.get("table");
  // only the tables of declared entities with a row colour (the request's name never reaches SQL text)
  const entry = typeof tableName === "string" ? entityOfTable(tableName) : undefined;
  if (!entry || !("rowColor" in entry.table)) throw new BadRequestError("Tabella non valida");
  if (!hasRole(user, entry.role)) throw new ForbiddenError();

  const ids = parseIdList(form.get("ids"));

  const rawColor = form.get("color");
  const color = typeof rawColor === "string" ? rawColor.trim() : "";
  if (color !== "" && !/^#[0-9a-fA-F]{6}$/.test(color)) throw new BadRequestError("Colore non valido");

  const { table } = entry;
  // one text parameter however many ids (no parameter-count limit)
  // and only rows the user may reach (time entries: their own, unless ROLE_ADMIN)
  const updated = await scope.updateWhere(table, and(sql`${table.id} = any(string_to_array(${ids.join(",")}, ',')::int[])`, entry.visible?.(scope)), {
    rowColor: color === "" || color.toLowerCase() === "#ffffff" ? null : color.toLowerCase(),
  });
  return ok({ message: "Modifica effettuata", updated: updated.length });
});
