// GET /api/field-values/get-filtered-list/{fieldName} — ajax select options ?query=&offset=&limit= (default 100).
import { NextResponse } from "next/server";
import { listFieldValueOptions } from "@/db/queries/field-values";
import { validate } from "@/lib/api/body";
import { guarded } from "@/lib/api/route";
import { fieldNameSchema, filteredListQuerySchema } from "@/lib/schemas/field-value";

export const GET = guarded<{ fieldName: string }>("ROLE_DOCUMENT", async ({ req, scope, params }) => {
  const fieldName = validate(fieldNameSchema, params.fieldName);
  const q = req.nextUrl.searchParams;
  const opts = validate(filteredListQuerySchema, {
    query: q.get("query") ?? undefined,
    offset: q.get("offset") || undefined,
    limit: q.get("limit") || undefined,
  });
  // the ajax select reads the list from the FIRST key of the response
  return NextResponse.json({ options: await listFieldValueOptions(scope, fieldName, opts), status: "ok" });
});
