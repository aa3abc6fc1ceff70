/** A new document's values (create-form-data) and what the form needs for its live totals. */
import "server-only";
import { and, asc, desc, eq, isNull, or, sql } from "drizzle-orm";
import { contacts, invoiceSectionals, vatRates, type Contact, type InvoiceSectional, type Tenant } from "@/db/schema";
import { type TenantScope } from "@/db/scope";
import { isForfettarioRegime, STAMP_AMOUNT } from "@/lib/fiscal/calculate";
import { vatRateToString } from "@/db/queries/vat-rates";
import { type CalculationContext } from "@/lib/invoice-calculation";
import { todayInRome } from "@/lib/rome-time";
import type { SectionalTypology } from "@/lib/schemas/lookup-enums";
import { type DocumentKind, type InvoiceTotals } from "@/lib/schemas/invoice";
import { bankAccountEntity } from "@/db/queries/bank-accounts";
import { invoiceSectionalToString } from "@/db/queries/invoice-sectionals";
import { paymentModalityEntity } from "@/db/queries/payment-modalities";
import { defaultDocumentType, policyOf } from "@/lib/documents/policy";
import { DOCUMENT_KINDS } from "@/lib/schemas/invoice";

const EMPTY_TOTALS: InvoiceTotals = { taxable: 0, totalVat: 0, inpsRevengeAmount: 0, professionistFundAmount: 0, withholdingTaxAmount: 0, stampAmount: 0, total: 0, netToPay: 0 };

/**
 * What the form needs to show the totals live with the server's own calculation (lib/invoice-calculation.ts):
 * the tenant's regime, every VAT rate of the tenant (inactive ones too: an old row may carry one) and the customer.
 */
export async function calculationContext(scope: TenantScope, contactId: number | null): Promise<CalculationContext> {
  const tenant = await scope.getTenant();
  const vats = await scope.list(vatRates, { orderBy: [asc(vatRates.id)] });
  const contact = contactId !== null ? await scope.find(contacts, contactId) : undefined;
  return {
    tenant: { taxRegime: tenant.taxRegime, fiscalCode: tenant.fiscalCode },
    vats: vats.map((v) => ({ id: v.id, rate: v.rate, natura: v.natura })),
    customer: contact ? customerForCalculation(contact) : null,
  };
}

const customerForCalculation = (c: Pick<Contact, "kind" | "vatNumber" | "publicAdministration" | "splitPayment" | "withholdingAgent" | "country" | "vatCountry">) => ({
  kind: c.kind,
  vatNumber: c.vatNumber,
  publicAdministration: c.publicAdministration,
  splitPayment: c.splitPayment,
  withholdingAgent: c.withholdingAgent,
  // a buyer abroad never withholds (lib/fiscal/calculate.ts whyBuyerCannotWithhold)
  country: c.country,
  vatCountry: c.vatCountry,
});

/**
 * The rate a new row starts with (formData.defaultVat, issue 30): the tenant's usual one — the active 22% (no natura),
 * or for a forfettario or minimi regime (RF19/RF02, no VAT charged) the active N2.2 rate; none when the tenant has
 * deactivated it (the row's Aliquota then starts empty, as before). A product's or service's own rate replaces it
 * when one is chosen in the row.
 */
export async function defaultVatOf(scope: TenantScope, tenant: Pick<Tenant, "taxRegime">): Promise<{ id: number; toString: string } | null> {
  const usual = isForfettarioRegime(tenant.taxRegime) ? eq(vatRates.natura, "N2.2") : and(eq(vatRates.rate, "22"), isNull(vatRates.natura));
  const [vat] = await scope.list(vatRates, { where: and(eq(vatRates.active, true), usual), orderBy: [asc(vatRates.rate), asc(vatRates.id)], limit: 1 });
  return vat ? { id: vat.id, toString: vatRateToString(vat) } : null;
}

/**
 * The customer of create-form-data: ?contact={id} (the name; the form asks it when the customer changes), or
 * ?contactId= (create-from-activities, earlier callers). A contact that is missing, of another tenant or not a
 * customer gives none (the form starts empty, as without the parameter).
 */
export async function draftCustomer(scope: TenantScope, query: URLSearchParams): Promise<Contact | undefined> {
  const id = Number(query.get("contact") ?? query.get("contactId"));
  const contact = Number.isSafeInteger(id) && id > 0 ? await scope.find(contacts, id) : undefined;
  return contact?.isCustomer ? contact : undefined;
}

/**
 * The customer's 'Tipologia di clienti' (the sectionals' typology). Contacts are typed by `kind`, COMPANY or PERSON
 * (db/schema/contacts.ts), and carry a VAT number only when they have one ("" otherwise, lib/schemas/contact.ts):
 * a PERSON without a VAT number is a private person, 'Persone fisiche'; a COMPANY, or a PERSON with a VAT number
 * (a sole trader, a professional: invoiced as a business), 'Persone giuridiche'. The calculation's buyerOf tells a
 * consumer the same way.
 */
function sectionalTypologyOf(c: Pick<Contact, "kind" | "vatNumber">): Exclude<SectionalTypology, "Tutti"> {
  return c.kind === "PERSON" && c.vatNumber === "" ? "Persone fisiche" : "Persone giuridiche";
}

/**
 * The sectional a new document starts on: for a customer, an enabled sectional of its typology (the default among
 * several, then by name); else the tenant's default sectional, enabled; else none. One query.
 */
async function draftSectional(scope: TenantScope, customer: Contact | undefined): Promise<InvoiceSectional | undefined> {
  const typology = customer ? sectionalTypologyOf(customer) : null;
  const isDefault = eq(invoiceSectionals.defaultSectional, true);
  const [sectional] = await scope.list(invoiceSectionals, {
    where: and(eq(invoiceSectionals.disabled, false), typology ? or(eq(invoiceSectionals.typology, typology), isDefault) : isDefault),
    orderBy: [...(typology ? [sql`(${invoiceSectionals.typology} = ${typology}) desc`] : []), desc(invoiceSectionals.defaultSectional), asc(invoiceSectionals.name), asc(invoiceSectionals.id)],
    limit: 1,
  });
  return sectional;
}

/**
 * A new document (create-form-data?kind=&contact=): the tenant's settings and, for a customer, its defaults —
 * address, payment modality (else the tenant's), bank account, PA flag and the sectional of its typology; its split
 * payment (which the document's JSON has no field for) reaches the form in formData.calculation.customer.
 */
export async function draftOf(scope: TenantScope, query: URLSearchParams) {
  const kindParam = query.get("kind");
  const kind: DocumentKind = DOCUMENT_KINDS.find((k) => k === kindParam) ?? "INVOICE";
  const tenant = await scope.getTenant();
  const customer = await draftCustomer(scope, query);
  const sectional = await draftSectional(scope, customer);
  const modalityId = customer?.customerPaymentModalityId ?? tenant.paymentModalityId;
  return {
    kind,
    documentType: defaultDocumentType(kind),
    number: null,
    date: todayInRome(),
    state: "Bozza",
    contact: customer ? { id: customer.id, toString: customer.name } : null,
    sectional: sectional ? { id: sectional.id, toString: invoiceSectionalToString(sectional) } : null,
    bankAccount: await bankAccountEntity.optionOf(scope, customer?.customerBankAccountId ?? null),
    paymentModality: await paymentModalityEntity.optionOf(scope, modalityId),
    address: customer ? [customer.address, [customer.postalCode, customer.city, customer.province ? `(${customer.province})` : ""].filter(Boolean).join(" ")].filter(Boolean).join(", ") : "",
    details: tenant[policyOf(kind).details],
    inpsRevenge: tenant.inpsRevenge,
    professionistFund: tenant.professionistFund,
    withholdingTaxApply: tenant.withholdingTaxApply,
    withholdingTaxPercentage: tenant.withholdingTaxPercentage,
    // the bollo is the law's on every document; the tenant's 'Marca da bollo a proprio carico' (stampApply) only
    // says who bears it: the issuer, or (unticked) the customer through the 'Imposta di bollo' row
    stampBorneByIssuer: tenant.stampApply,
    stampAmount: tenant.stampAmount > 0 ? tenant.stampAmount : STAMP_AMOUNT,
    publicAdministration: customer?.publicAdministration ?? false,
    paDocument: { type: null, number: "", date: null, cig: "", cup: "" },
    rows: [],
    deadlines: [],
    totals: EMPTY_TOTALS,
  };
}
