/**
 * Subscription orders (/acquista/{subscriptionId}, issue 14). The tenant side goes through its scope (its own
 * orders only); the platform operator's side (open orders of every tenant, the payment's confirmation) reads
 * the unscoped database and is reached only through the operator guard (app/api/platform/_lib/operator.ts).
 */
import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { intEq, lit, type TenantScope } from "@/db/scope";
import { subscriptionOrders, tenants, type OrderBilling, type SubscriptionOrder } from "@/db/schema";
import { ApiError, NotFoundError } from "@/lib/errors";
import { ORDER_MESSAGES, type PurchaseData, type SubscriptionOrderInput, type SubscriptionOrderJson } from "@/lib/schemas/subscription-order";
import { licenceOffer, paymentReference, renewedExpiry, vendorBankData } from "@/lib/subscription";
import { todayInRome } from "@/lib/rome-time";
import { recordAuditEvent } from "./audit-events";

const OPEN = "In attesa di pagamento";

export function toOrderJson(o: SubscriptionOrder): SubscriptionOrderJson {
  return {
    id: o.id,
    subscriptionId: o.subscriptionId,
    description: o.description,
    amount: o.amount,
    vatRate: o.vatRate,
    vat: o.vat,
    total: o.total,
    billing: o.billing,
    paymentMethod: o.paymentMethod,
    paymentReference: o.paymentReference,
    state: o.state,
    createdAt: o.createdAt.toISOString(),
    paidAt: o.paidAt ? o.paidAt.toISOString() : null,
    expireDateAfter: o.expireDateAfter,
  };
}

/** The product, or 404 'Abbonamento non trovato'. */
function offerOrThrow(subscriptionId: number) {
  const offer = licenceOffer(subscriptionId);
  if (!offer) throw new NotFoundError(ORDER_MESSAGES.notFound);
  return offer;
}

/** The tenant's open order, if any. */
async function findOpenOrder(scope: TenantScope): Promise<SubscriptionOrder | undefined> {
  const [row] = await scope.list(subscriptionOrders, { where: sql`${subscriptionOrders.state} = ${lit(OPEN)}`, limit: 1 });
  return row;
}

/** GET /api/subscription/purchase-data/{id}: what is bought, its price, the buyer prefilled from the tenant, the vendor's bank. */
export async function getPurchaseData(scope: TenantScope, subscriptionId: number): Promise<PurchaseData> {
  const offer = offerOrThrow(subscriptionId);
  const [tenant, open] = await Promise.all([scope.getTenant(), findOpenOrder(scope)]);
  const renewal = !tenant.isFree;
  return {
    subscriptionId,
    kind: renewal ? "renewal" : "purchase",
    title: renewal ? "Rinnovo dell'abbonamento annuale" : "Acquisto della licenza di un anno",
    description: offer.description,
    amount: offer.amount,
    vatRate: offer.vatRate,
    vat: offer.vat,
    total: offer.total,
    expireDate: tenant.expireDate,
    renewedExpireDate: renewedExpiry(todayInRome(), tenant.expireDate),
    // the open order's data when there is one (what the buyer typed last), else the tenant's
    billing: open?.billing ?? {
      denomination: tenant.denomination,
      vat: tenant.vat,
      fiscalCode: tenant.fiscalCode,
      address: tenant.address,
      postalCode: tenant.postalCode,
      city: tenant.city,
      province: tenant.province,
      pec: "",
      sdiCode: "",
    },
    vendor: vendorBankData(),
    paymentMethod: "Bonifico bancario",
    cardPayment: false,
    openOrder: open ? toOrderJson(open) : null,
  };
}

/** GET /api/subscription/orders: the tenant's orders, newest first. */
export async function listTenantOrders(scope: TenantScope): Promise<SubscriptionOrderJson[]> {
  const rows = await scope.list(subscriptionOrders, { orderBy: desc(subscriptionOrders.id), limit: 100 });
  return rows.map(toOrderJson);
}

/**
 * POST /api/subscription/orders: records an order to be paid by bank transfer. An open order of the tenant is
 * cancelled by the new one (the buyer corrected the data); the tenant row is locked so two submissions queue.
 */
export async function createOrder(scope: TenantScope, input: SubscriptionOrderInput & { billing: OrderBilling }): Promise<SubscriptionOrderJson> {
  const offer = offerOrThrow(input.subscriptionId);
  return scope.transaction(async (tx) => {
    await tx.platform.select({ id: tenants.id }).from(tenants).where(intEq(tenants.id, tx.tenantId)).for("update");
    await tx.updateWhere(subscriptionOrders, sql`${subscriptionOrders.state} = ${lit(OPEN)}`, { state: "Annullato" });
    // the id first: the causale carries it and is written with the row
    const next = (await tx.platform.execute(sql`select nextval(pg_get_serial_sequence('subscription_orders', 'id'))::int as id`)) as unknown;
    const id = Number((Array.isArray(next) ? next[0] : (next as { rows: { id: number }[] }).rows[0])!.id);
    const [row] = await tx.platform
      .insert(subscriptionOrders)
      .values({
        id,
        tenantId: tx.tenantId,
        subscriptionId: offer.subscriptionId,
        description: offer.description,
        amount: offer.amount,
        vatRate: offer.vatRate,
        vat: offer.vat,
        total: offer.total,
        billing: input.billing,
        paymentReference: paymentReference(tx.tenantId, id),
      })
      .returning();
    return toOrderJson(row!);
  });
}

/** An open order as the operator's list shows it. */
export interface OperatorOrderJson extends SubscriptionOrderJson {
  tenant: { id: number; denomination: string; expireDate: string; isFree: boolean };
}

/** GET /api/platform/orders: the open orders of every tenant, oldest first (operator only). */
export async function listOpenOrders(db: Db): Promise<OperatorOrderJson[]> {
  const rows = await db
    .select({ o: subscriptionOrders, t: { id: tenants.id, denomination: tenants.denomination, expireDate: tenants.expireDate, isFree: tenants.isFree } })
    .from(subscriptionOrders)
    .innerJoin(tenants, eq(tenants.id, subscriptionOrders.tenantId))
    .where(eq(subscriptionOrders.state, OPEN))
    .orderBy(subscriptionOrders.id)
    .limit(500);
  return rows.map(({ o, t }) => ({ ...toOrderJson(o), tenant: t }));
}

/**
 * POST /api/platform/orders/{id}/confirm: the transfer arrived. In one transaction, with the order locked: Pagato,
 * and the tenant's expiry one year on from the later of today (Europe/Rome) and its current expiry, isFree false.
 * A second confirmation finds the order paid and is refused (409): a year is never added twice.
 */
export async function confirmOrderPayment(db: Db, orderId: number, operatorEmail: string, today = todayInRome()) {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(subscriptionOrders).where(intEq(subscriptionOrders.id, orderId)).for("update");
    if (!order) throw new NotFoundError(ORDER_MESSAGES.orderNotFound);
    if (order.state === "Pagato") throw new ApiError(409, ORDER_MESSAGES.alreadyPaid);
    if (order.state === "Annullato") throw new ApiError(409, ORDER_MESSAGES.cancelled);
    const [tenant] = await tx.select({ expireDate: tenants.expireDate }).from(tenants).where(intEq(tenants.id, order.tenantId)).for("update");
    const expireDate = renewedExpiry(today, tenant!.expireDate);
    // the tenant's version is left alone: an open Impostazioni form does not carry the expiry and stays valid
    const [updatedTenant] = await tx
      .update(tenants)
      .set({ expireDate, isFree: false })
      .where(intEq(tenants.id, order.tenantId))
      .returning({ id: tenants.id, denomination: tenants.denomination, expireDate: tenants.expireDate, isFree: tenants.isFree });
    const [paid] = await tx
      .update(subscriptionOrders)
      .set({ state: "Pagato", paidAt: new Date(), confirmedBy: operatorEmail, expireDateBefore: tenant!.expireDate, expireDateAfter: expireDate })
      .where(and(intEq(subscriptionOrders.id, orderId), eq(subscriptionOrders.state, OPEN)))
      .returning();
    // the tenant's audit log: the operator is not one of its users (no user, their address)
    await recordAuditEvent(tx as unknown as Db, {
      tenantId: order.tenantId,
      userId: null,
      event: "licence_changed",
      detail: `Pagamento confermato (${order.paymentReference}): scadenza dal ${tenant!.expireDate} al ${expireDate}`,
      address: operatorEmail,
    });
    return { order: toOrderJson(paid!), tenant: updatedTenant! };
  });
}
