import { sql } from "drizzle-orm";
import { date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { cents, createdAt } from "./columns";
import { tenants } from "./tenants";

/** The buyer's billing data as the order was placed (later edits of the tenant do not change it). */
export interface OrderBilling {
  denomination: string;
  vat: string;
  fiscalCode: string;
  address: string;
  postalCode: string;
  city: string;
  province: string;
  pec: string;
  sdiCode: string;
}

export const ORDER_STATES = ["In attesa di pagamento", "Pagato", "Annullato"] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/**
 * A subscription order (/acquista/{subscriptionId}): a platform table, the vendor's record of what a tenant
 * bought. The tenant reads its own rows through its scope; the platform operator confirms the payment.
 */
export const subscriptionOrders = pgTable(
  "subscription_orders",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    /** The product (4: the one-year licence). */
    subscriptionId: integer("subscription_id").notNull(),
    description: text("description").notNull(),
    /** Taxable amount, VAT and total in cents; the VAT rate as a percentage string ("22.00"). */
    amount: cents("amount").notNull(),
    vatRate: text("vat_rate").notNull(),
    vat: cents("vat").notNull(),
    total: cents("total").notNull(),
    billing: jsonb("billing").$type<OrderBilling>().notNull(),
    paymentMethod: text("payment_method").notNull().default("Bonifico bancario"),
    /** The transfer's causale: ABB-<tenant>-<order>. */
    paymentReference: text("payment_reference").notNull(),
    state: text("state").$type<OrderState>().notNull().default("In attesa di pagamento"),
    createdAt: createdAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The operator's e-mail who confirmed the payment. */
    confirmedBy: text("confirmed_by"),
    /** The tenant's expiry before and after the confirmation (the record of what it bought). */
    expireDateBefore: date("expire_date_before", { mode: "string" }),
    expireDateAfter: date("expire_date_after", { mode: "string" }),
  },
  (t) => [
    uniqueIndex("subscription_orders_reference_key").on(t.paymentReference),
    // one open order per tenant: a new order replaces the open one (cancelled in the same transaction)
    uniqueIndex("subscription_orders_one_open_key").on(t.tenantId).where(sql`${t.state} = 'In attesa di pagamento'`),
    index("subscription_orders_tenant_idx").on(t.tenantId, t.id),
    index("subscription_orders_open_idx").on(t.id).where(sql`${t.state} = 'In attesa di pagamento'`),
  ],
);

export type SubscriptionOrder = typeof subscriptionOrders.$inferSelect;
