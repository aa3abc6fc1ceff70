// GET /api/field-values/get-filtered-list/{fieldName} — ajax-select options of one list: ?query=&offset=&limit= (default 100).
import { eq } from "drizzle-orm";
import { fieldValueEntity } from "@/db/queries/field-values";
import { fieldValues } from "@/db/schema";
import { validate } from "@/lib/api/body";
import { optionsResponse, parseOptionsQuery } from "@/lib/api/entity-routes";
import { guarded } from "@/lib/api/route";
import { fieldNameSchema } from "@/lib/schemas/field-value";

export const GET = guarded<{ fieldName: string }>(fieldValueEntity.role, async ({ req, scope, params }) => {
  const fieldName = validate(fieldNameSchema, params.fieldName);
  return optionsResponse(await fieldValueEntity.options(scope, parseOptionsQuery(req.nextUrl.searchParams), eq(fieldValues.fieldName, fieldName)));
});
