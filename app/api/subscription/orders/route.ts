// GET /api/subscription/orders — the tenant's orders; POST — records an order paid by bank transfer (ROLE_ADMIN: buying is an admin's act).
import { assertAddressConfirmed } from "@/db/queries/email-confirmation";
import { createOrder, listTenantOrders } from "@/db/queries/subscription-orders";
import { readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { subscriptionOrderSchema } from "@/lib/schemas/subscription-order";

export const GET = guarded("ROLE_ADMIN", async ({ scope }) => ok({ orders: await listTenantOrders(scope) }));

export const POST = guarded("ROLE_ADMIN", async ({ req, scope }) => {
  const input = await readEntity(req, "order", subscriptionOrderSchema);
  // an unconfirmed sign-up places no order (issue 29)
  await assertAddressConfirmed(scope, "order");
  const order = await createOrder(scope, input);
  return ok({ message: "Ordine registrato: effettua il bonifico indicando la causale", order });
});
