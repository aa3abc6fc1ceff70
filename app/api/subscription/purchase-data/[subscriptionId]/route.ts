// GET /api/subscription/purchase-data/{subscriptionId} — what is bought, its price, the buyer's billing data, the vendor's bank, the open order.
import { getPurchaseData } from "@/db/queries/subscription-orders";
import { parseId } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded<{ subscriptionId: string }>("ROLE_ADMIN", async ({ scope, params }) =>
  ok({ purchase: await getPurchaseData(scope, parseId(params.subscriptionId)) }),
);
