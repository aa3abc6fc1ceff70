/**
 * Fixed choices of the lookup tables (spec section 3). Plain constants with no imports, so the
 * Drizzle tables (db/schema), the zod schemas and client components share them.
 */

export const BANK_ACCOUNT_TYPES = ["Conto bancario", "Altro"] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

export const PAYMENT_EXPIRATION_TYPES = ["Fine mese", "Dal primo del mese", "Dalla data fattura"] as const;
export type PaymentExpirationType = (typeof PAYMENT_EXPIRATION_TYPES)[number];

/** Tipologia di clienti of an invoice sectional. */
export const SECTIONAL_TYPOLOGIES = ["Tutti", "Persone fisiche", "Persone giuridiche"] as const;
export type SectionalTypology = (typeof SECTIONAL_TYPOLOGIES)[number];

/** A contact is a company (persona giuridica: Ragione sociale) or a person (persona fisica: Nome, Cognome). */
export const CONTACT_KINDS = ["COMPANY", "PERSON"] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/** Stato lavoro (spec §3): chosen freely, every change written to the job's history. */
export const ACTIVITY_STATES = ["Attivo", "Sospeso", "Concluso"] as const;
export type ActivityState = (typeof ACTIVITY_STATES)[number];

/** Tipo pagamento of a job: a fixed price (Importo lavoro) or by the hour (the customer's rate, else the tenant's). */
export const ACTIVITY_PAYMENT_TYPES = ["Lavoro pagato a corpo", "Lavoro pagato a ore"] as const;
export type ActivityPaymentType = (typeof ACTIVITY_PAYMENT_TYPES)[number];
export const FIXED_PRICE: ActivityPaymentType = "Lavoro pagato a corpo";
export const HOURLY: ActivityPaymentType = "Lavoro pagato a ore";
