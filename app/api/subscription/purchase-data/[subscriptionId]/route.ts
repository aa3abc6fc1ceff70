// GET /api/subscription/purchase-data/{subscriptionId} — what is bought, its price, the buyer's billing data, the vendor's bank, the open order.
import { getPurchaseData } from "@/db/queries/subscription-orders";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { NotFoundError } from "@/lib/errors";
import { ORDER_MESSAGES } from "@/lib/schemas/subscription-order";

export const GET = guarded<{ subscriptionId: string }>("ROLE_ADMIN", async ({ scope, params }) => {
  const id = params.subscriptionId;
  // any other text names no product
  if (!id || !/^\d{1,10}$/.test(id)) throw new NotFoundError(ORDER_MESSAGES.notFound);
  return ok({ purchase: await getPurchaseData(scope, Number(id)) });
});
