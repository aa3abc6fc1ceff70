// POST /api/row-colors/change-row-colors — multipart table, ids (comma list), color ('#rrggbb', empty = white): recolours the tenant's rows.
import { sql } from "drizzle-orm";
import { entityOfTable } from "@/db/entities";
import { readForm } from "@/lib/api/body";
import { BadRequestError, ForbiddenError } from "@/lib/errors";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { hasRole } from "@/lib/auth/current-user";

const MAX_IDS = 1_000_000;

export const POST = guarded(null, async ({ req, scope, user }) => {
  // select-all may send up to a million ids
  const form = await readForm(req, 16 * 1024 * 1024);
  const tableName = form.get("table");
  // only the tables of declared entities with a row colour (the request's name never reaches SQL text)
  const entry = typeof tableName === "string" ? entityOfTable(tableName) : undefined;
  if (!entry || !("rowColor" in entry.table)) throw new BadRequestError("Tabella non valida");
  if (!hasRole(user, entry.role)) throw new ForbiddenError();

  const rawIds = form.get("ids");
  if (typeof rawIds !== "string" || rawIds.trim() === "") throw new BadRequestError("Nessuna riga selezionata");
  const parts = rawIds.split(",").map((s) => s.trim());
  if (parts.length > MAX_IDS) throw new BadRequestError("Troppe righe selezionate");
  const ids = parts.map((s) => {
    if (!/^\d{1,10}$/.test(s) || Number(s) <= 0 || Number(s) > 2_147_483_647) throw new BadRequestError("Identificativi delle righe non validi");
    return Number(s);
  });

  const rawColor = form.get("color");
  const color = typeof rawColor === "string" ? rawColor.trim() : "";
  if (color !== "" && !/^#[0-9a-fA-F]{6}$/.test(color)) throw new BadRequestError("Colore non valido");

  const { table } = entry;
  // one text parameter however many ids (no parameter-count limit)
  const updated = await scope.updateWhere(table, sql`${table.id} = any(string_to_array(${ids.join(",")}, ',')::int[])`, {
    rowColor: color === "" || color.toLowerCase() === "#ffffff" ? null : color.toLowerCase(),
  });
  return ok({ message: "Modifica effettuata", updated: updated.length });
});
