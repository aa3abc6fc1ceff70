import { z } from "zod";
import { checkCap, checkCodiceFiscale, checkPartitaIva, checkProvincia, normalizeIdentifier } from "@/lib/fiscal/identifiers";
import { text } from "./fields";

export const ORDER_MESSAGES = {
  subscriptionId: "Abbonamento non valido",
  notFound: "Abbonamento non trovato",
  denomination: 'Il campo "Ragione sociale" è richiesto',
  identifier: "Indicare la partita IVA o il codice fiscale",
  address: 'Il campo "Indirizzo" è richiesto',
  postalCode: 'Il campo "CAP" è richiesto',
  city: 'Il campo "Città" è richiesto',
  province: 'Il campo "Provincia" è richiesto',
  pec: "Indirizzo PEC non corretto",
  sdiCode: "Il codice destinatario deve essere di 7 caratteri (lettere e cifre)",
  orderNotFound: "Ordine non trovato",
  alreadyPaid: "Il pagamento di questo ordine è già stato confermato",
  cancelled: "L'ordine è stato annullato: non si può confermarne il pagamento",
  operatorOnly: "Operazione riservata all'operatore della piattaforma",
} as const;

/** An identifier checked with `check` when filled (normalised: no spaces, uppercase); empty stays "". */
const identifier = (check: (v: string) => string | null, normalize = normalizeIdentifier) =>
  z
    .string({ error: "Il campo non è valido" })
    .max(40, "Il campo non è valido")
    .transform((v) => (v.trim() === "" ? "" : normalize(v)))
    .superRefine((v, ctx) => {
      const message = v === "" ? null : check(v);
      if (message) ctx.addIssue({ code: "custom", message });
    });

/** The buyer's billing data of an order (an invoice will be issued to it: FatturaPA needs the seat and an identifier). */
export const orderBillingSchema = z
  .object({
    denomination: text(ORDER_MESSAGES.denomination, 200),
    vat: identifier(checkPartitaIva, (v) => normalizeIdentifier(v).replace(/^IT(?=\d{11}$)/, "")).default(""),
    fiscalCode: identifier(checkCodiceFiscale).default(""),
    address: text(ORDER_MESSAGES.address, 200),
    postalCode: identifier(checkCap, (v) => v.trim()).refine((v) => v !== "", ORDER_MESSAGES.postalCode),
    city: text(ORDER_MESSAGES.city, 100),
    province: identifier(checkProvincia, (v) => v.trim().toUpperCase()).refine((v) => v !== "", ORDER_MESSAGES.province),
    pec: z
      .string({ error: ORDER_MESSAGES.pec })
      .trim()
      .max(254, ORDER_MESSAGES.pec)
      .refine((v) => v === "" || z.email().safeParse(v).success, ORDER_MESSAGES.pec)
      .default(""),
    sdiCode: z
      .string({ error: ORDER_MESSAGES.sdiCode })
      .transform((v) => normalizeIdentifier(v))
      .refine((v) => v === "" || /^[A-Z0-9]{7}$/.test(v), ORDER_MESSAGES.sdiCode)
      .default(""),
  })
  .superRefine((b, ctx) => {
    if (!b.vat && !b.fiscalCode) ctx.addIssue({ code: "custom", path: ["vat"], message: ORDER_MESSAGES.identifier });
  });

export type OrderBillingInput = z.input<typeof orderBillingSchema>;

/** POST /api/subscription/orders, field "order": the product and the buyer's billing data. */
export const subscriptionOrderSchema = z.object({
  subscriptionId: z.number({ error: ORDER_MESSAGES.subscriptionId }).int(ORDER_MESSAGES.subscriptionId).positive(ORDER_MESSAGES.subscriptionId).max(2_147_483_647, ORDER_MESSAGES.subscriptionId),
  billing: orderBillingSchema,
});

export type SubscriptionOrderInput = z.input<typeof subscriptionOrderSchema>;

/** An order as the API answers it. */
export interface SubscriptionOrderJson {
  id: number;
  subscriptionId: number;
  description: string;
  amount: number;
  vatRate: string;
  vat: number;
  total: number;
  billing: z.output<typeof orderBillingSchema>;
  paymentMethod: string;
  paymentReference: string;
  state: "In attesa di pagamento" | "Pagato" | "Annullato";
  createdAt: string;
  paidAt: string | null;
  expireDateAfter: string | null;
}

/** GET /api/subscription/purchase-data/{subscriptionId}. */
export interface PurchaseData {
  subscriptionId: number;
  /** A free tenant buys the licence; the others renew it. */
  kind: "purchase" | "renewal";
  title: string;
  description: string;
  amount: number;
  vatRate: string;
  vat: number;
  total: number;
  expireDate: string;
  /** The expiry once this order is paid today. */
  renewedExpireDate: string;
  billing: z.output<typeof orderBillingSchema>;
  vendor: { beneficiary: string; iban: string; bank: string };
  paymentMethod: string;
  /** Card payment needs a provider's keys: off unless configured (not built). */
  cardPayment: boolean;
  openOrder: SubscriptionOrderJson | null;
}
