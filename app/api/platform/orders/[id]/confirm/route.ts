// POST /api/platform/orders/{id}/confirm — the transfer arrived: order Pagato, the tenant's licence one year on (operator only).
import { confirmOrderPayment } from "@/db/queries/subscription-orders";
import { parseId } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { formatDate } from "@/lib/format";
import { operatorRoute } from "../../../_lib/operator";

export const POST = operatorRoute<{ id: string }>(async ({ params, operator, db }) => {
  const { order, tenant } = await confirmOrderPayment(db, parseId(params.id), operator.email);
  return ok({ message: `Pagamento confermato: abbonamento di ${tenant.denomination} valido fino al ${formatDate(tenant.expireDate)}`, order, tenant });
});
