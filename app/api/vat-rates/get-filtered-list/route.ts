// GET /api/vat-rates/get-filtered-list?query=&offset= — active VAT rates for ajax selects { options: [{id,toString}], status }.
import { NextResponse } from "next/server";
import { listVatOptions } from "@/db/queries/vat-rates";
import { OPTIONS_PAGE } from "@/db/queries/lookup-support";
import { guarded } from "@/lib/api/route";
import { parseOptionsQuery } from "@/lib/schemas/options-query";

export const GET = guarded("ROLE_DOCUMENT", async ({ req, scope }) => {
  const { query, offset } = parseOptionsQuery(req.nextUrl.searchParams);
  const options = await listVatOptions(scope, { query, offset, limit: OPTIONS_PAGE });
  // the ajax select reads the list from the first key
  return NextResponse.json({ options, status: "ok" });
});
