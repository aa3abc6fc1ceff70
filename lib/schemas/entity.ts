/**
 * What every entity shares between the server declaration (db/entity.ts) and the browser: where its
 * API lives and how its records look in JSON. Plain data and zod only — importable by client code.
 */
import { z } from "zod";

/** An entity's API: base URL (list, export, forms, saves), JSON field of its record, row-colour table name. */
export interface EntityApi {
  /** JSON field of the record in requests and responses ("item"). */
  field: string;
  /** Base URL ("/api/items"). */
  url: string;
  /** SQL table name, as POST /api/row-colors/change-row-colors knows it ("items"). */
  table: string;
}

export function defineApi<const A extends EntityApi>(api: A): A {
  return api;
}

/** A selectable record as the JSON contract carries it. */
export interface Option {
  id: number;
  toString: string;
}

export const optionSchema = z.object({ id: z.number().int(), toString: z.string() });

/** The fields every saved record answers with. */
export const recordFields = {
  id: z.number().int(),
  version: z.number().int(),
  rowColor: z.string().nullable(),
  toString: z.string(),
};

/** A record as create-form-data sends it: not saved yet. */
export type Draft<T extends { id: number; version: number }> = Omit<T, "id" | "version"> & { id: null; version: 0 };

/** What a form loads: a saved record or a draft. */
export type Loaded<T extends { id: number; version: number }> = T | Draft<T>;
