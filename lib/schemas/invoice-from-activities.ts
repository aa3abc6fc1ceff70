/**
 * 'Crea fattura' on the selected jobs (GET /api/invoices/create-from-activities?ids=…): the refusals, shared by
 * the server (db/documents/from-activities.ts) and the jobs grid, which says the same before asking.
 */
import { invoiceApi } from "./invoice";

export const CREATE_FROM_ACTIVITIES_URL = `${invoiceApi.url}/create-from-activities`;

/** Most jobs one invoice is made from (one row each). */
export const MAX_INVOICE_ACTIVITIES = 200;

export const INVOICE_FROM_ACTIVITIES_MESSAGES = {
  noneSelected: "Selezionare almeno un lavoro da fatturare",
  tooMany: `Si possono fatturare al massimo ${MAX_INVOICE_ACTIVITIES} lavori alla volta`,
  differentCustomers: "I lavori selezionati devono essere dello stesso cliente",
  notCustomer: "Il contatto dei lavori selezionati non è più un cliente: non si può intestargli una fattura",
  /** By the jobs' numbers (Numero), in order. */
  nothingToInvoice: (numbers: readonly number[]) =>
    numbers.length === 1 ? `Il lavoro n. ${numbers[0]} non ha nulla da fatturare` : `I lavori n. ${numbers.join(", ")} non hanno nulla da fatturare`,
} as const;
