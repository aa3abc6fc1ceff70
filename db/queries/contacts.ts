/**
 * Anagrafica (ROLE_USER): customers and suppliers with their referents. Everything else of the product
 * points at a contact (jobs, quotes, invoices, purchase invoices, deadlines): those tables reference it
 * with restricting foreign keys, so deleting a contact in use is the one constraint mapping's 409.
 *
 * Beyond the standard entity: the code is required (and unique) when the tenant's contactWithCode is on;
 * a save whose VAT number another contact already has succeeds with a dialogMessage naming it (the
 * branches of a company share one); get-filtered-list takes role=CUSTOMER|SUPPLIER; the list takes
 * addedParams { typology, role }. The spreadsheet import is db/queries/contact-import.ts.
 * A supplier's update-form-data carries its 'Saldo fornitore' (supplierBalance, for ROLE_DOCUMENT only: it is
 * purchase data).
 */
import "server-only";
import { and, asc, eq, ne, sql, type SQL } from "drizzle-orm";
import { byText, defineEntity, ref } from "@/db/entity";
import { contactReferents, contacts, documentDeadlines, expenses, type Contact, type ContactReferent } from "@/db/schema";
import type { TenantScope } from "@/db/scope";
import { BadRequestError, ValidationError } from "@/lib/errors";
import { defineGrid } from "@/lib/grid/define";
import {
  CONTACT_LIST_MESSAGES,
  CONTACT_MESSAGES,
  CONTACT_ROLES,
  contactApi,
  contactListParams,
  contactResponse,
  contactSchema,
  type ContactFormData,
  type ContactInput,
  type ContactListParams,
  type ContactReferentInput,
  type ContactRole,
} from "@/lib/schemas/contact";
import { RECEIVED_CREDIT_TYPES } from "@/lib/schemas/expense";
import { agentEntity } from "./agents";
import { bankAccountEntity } from "./bank-accounts";
import { paymentModalityEntity } from "./payment-modalities";

export const CONTACT_NOT_FOUND = "Contatto non trovato";
export const CONTACT_IN_USE = "Il contatto è usato da lavori o documenti: non può essere eliminato";
export const CONTACT_CODE_TAKEN = "Il codice è già usato da un altro contatto";

/** 'Il codice "C001" è già usato da "Rossi S.r.l."'. */
export const codeTakenMessage = (code: string, other: string) => `Il codice "${code}" è già usato da "${other}"`;

/** The VAT number as people write it: Italian ones bare, foreign ones with their country ("DE123456789"). */
export function displayVat(vatCountry: string, vatNumber: string): string {
  return vatCountry === "IT" ? vatNumber : `${vatCountry}${vatNumber}`;
}

/** The save's dialogMessage when other contacts have the same VAT number (at most three named). */
export function duplicateVatMessage(vat: string, others: readonly string[], total: number): string {
  const named = others.map((n) => `"${n}"`).join(", ");
  const more = total > others.length ? ` e altri ${total - others.length}` : "";
  return `Attenzione: la partita IVA ${vat} è già usata da ${named}${more}. Il contatto è stato salvato comunque: le sedi di una stessa azienda possono condividerla.`;
}

/** The typology and role of the list and of get-filtered-list as conditions. */
export function contactListWhere({ typology, role }: Partial<ContactListParams>): SQL | undefined {
  return and(
    typology === "PERSON" || typology === "COMPANY" ? eq(contacts.kind, typology) : undefined,
    role === "CUSTOMER" ? eq(contacts.isCustomer, true) : role === "SUPPLIER" ? eq(contacts.isSupplier, true) : undefined,
  );
}

/**
 * A VAT number as invoices print it, with its country prefix ("IT01234567890"), is stored bare in vat_number: the
 * grid's search and the picker also look for the digits (from five on, as the picker searches while one types).
 */
export function vatWithoutCountry(word: string): string | undefined {
  return /^[A-Za-z]{2}(\d{5,13})$/.exec(word.trim())?.[1];
}

/** Anagrafica grid (GET /api/contacts, addedParams { typology, role }). */
export const contactsGrid = defineGrid<ContactListParams>({
  name: "contacts",
  table: contacts,
  params: contactListParams,
  baseWhere: contactListWhere,
  defaultSort: [{ colId: "name", sort: "asc" }],
  exportFileName: "anagrafica",
  // at 1366×768 (the side menu open) every default column is in view, Cliente, Fornitore and PA included: Provincia
  // (the city says where) and Telefono are hidden, the column chooser shows them
  columns: [
    { field: "id", header: "Id", type: "integer", sql: contacts.id, hidden: true, width: 80 },
    { field: "code", header: "Codice", type: "text", sql: contacts.code, searchable: true, width: 75 },
    { field: "name", header: "Denominazione", type: "text", sql: contacts.name, searchable: true, fixed: true, width: 195 },
    { field: "vatNumber", header: "Partita IVA", type: "text", sql: contacts.vatNumber, searchable: true, searchAs: vatWithoutCountry, width: 112 },
    { field: "fiscalCode", header: "Codice fiscale", type: "text", sql: contacts.fiscalCode, searchable: true, width: 150 },
    { field: "city", header: "Città", type: "text", sql: contacts.city, searchable: true, width: 105 },
    { field: "province", header: "Provincia", type: "text", sql: contacts.province, hidden: true, width: 90 },
    { field: "email", header: "Email", type: "text", sql: contacts.email, searchable: true, width: 170 },
    { field: "phone", header: "Telefono", type: "text", sql: contacts.phone, hidden: true, width: 110 },
    { field: "isCustomer", header: "Cliente", type: "boolean", sql: contacts.isCustomer, width: 76 },
    { field: "isSupplier", header: "Fornitore", type: "boolean", sql: contacts.isSupplier, width: 88 },
    { field: "publicAdministration", header: "PA", type: "boolean", sql: contacts.publicAdministration, width: 50 },
    { field: "kind", header: "Tipo", type: "text", sql: sql<string>`case when ${contacts.kind} = 'COMPANY' then 'Persona giuridica' else 'Persona fisica' end`, hidden: true, width: 140 },
    { field: "vatCountry", header: "Paese IVA", type: "text", sql: contacts.vatCountry, hidden: true, width: 90 },
    { field: "address", header: "Indirizzo", type: "text", sql: contacts.address, hidden: true, width: 220 },
    { field: "postalCode", header: "CAP", type: "text", sql: contacts.postalCode, hidden: true, width: 80 },
    { field: "country", header: "Nazione", type: "text", sql: contacts.country, hidden: true, width: 80 },
    { field: "pec", header: "PEC", type: "text", sql: contacts.pec, hidden: true, width: 200 },
    { field: "mobile", header: "Cellulare", type: "text", sql: contacts.mobile, hidden: true, width: 130 },
    { field: "sdiCode", header: "Codice destinatario", type: "text", sql: contacts.sdiCode, hidden: true, width: 150 },
    { field: "splitPayment", header: "Split payment", type: "boolean", sql: contacts.splitPayment, hidden: true, width: 110 },
    { field: "hourlyPrice", header: "Prezzo orario", type: "currency", sql: contacts.hourlyPrice, hidden: true, width: 120 },
    { field: "createdAt", header: "Data inserimento", type: "datetime", sql: contacts.createdAt, hidden: true, width: 160 },
  ],
});

/** role=CUSTOMER|SUPPLIER of get-filtered-list (the pickers of sales and purchase documents). */
function roleFilter(params: URLSearchParams): SQL | undefined {
  const role = params.get("role");
  if (role === null || role === "") return undefined;
  if (!(CONTACT_ROLES as readonly string[]).includes(role)) throw new BadRequestError(CONTACT_LIST_MESSAGES.role);
  return contactListWhere({ role: role as ContactRole });
}

/** The code is required when the tenant asks for codes, and names one contact only. */
async function checkCode(tx: TenantScope, code: string, ownId: number | undefined): Promise<void> {
  if (!code) {
    if ((await tx.getTenant()).contactWithCode) throw new ValidationError([CONTACT_MESSAGES.codeRequired]);
    return;
  }
  const [other] = await tx
    .select({ name: contacts.name })
    .from(contacts)
    .where(sql`lower(${contacts.code}) = lower(${code})`, ownId === undefined ? undefined : ne(contacts.id, ownId))
    .limit(1);
  if (other) throw new ValidationError([codeTakenMessage(code, other.name)]);
}

export const contactEntity = defineEntity({
  api: contactApi,
  role: "ROLE_USER",
  table: contacts,
  input: contactSchema,
  response: contactResponse,
  grid: contactsGrid,
  label: (c) => c.name,
  messages: {
    notFound: CONTACT_NOT_FOUND,
    // jobs, documents and deadlines reference contacts with restricting foreign keys
    inUse: CONTACT_IN_USE,
    // two saves of one code at the same moment: the unique index decides
    unique: { contacts_tenant_code_key: CONTACT_CODE_TAKEN },
  },
  refs: {
    customerPaymentModality: ref(contacts.customerPaymentModalityId, paymentModalityEntity, CONTACT_MESSAGES.paymentModalityUnknown),
    customerBankAccount: ref(contacts.customerBankAccountId, bankAccountEntity, CONTACT_MESSAGES.bankAccountUnknown),
    supplierPaymentModality: ref(contacts.supplierPaymentModalityId, paymentModalityEntity, CONTACT_MESSAGES.paymentModalityUnknown),
    supplierBankAccount: ref(contacts.supplierBankAccountId, bankAccountEntity, CONTACT_MESSAGES.bankAccountUnknown),
    agent: ref(contacts.agentId, agentEntity, CONTACT_MESSAGES.agentUnknown),
  },
  children: {
    referents: {
      table: contactReferents,
      parent: contactReferents.contactId,
      orderBy: [contactReferents.position, contactReferents.id],
      values: (r: ContactReferentInput, position: number) => ({ position, firstName: r.firstName, lastName: r.lastName, role: r.role, email: r.email, phone: r.phone, notes: r.notes }),
      json: (r: ContactReferent) => ({ id: r.id, version: r.version, firstName: r.firstName, lastName: r.lastName, role: r.role, email: r.email, phone: r.phone, notes: r.notes }),
    },
  },
  values: (i) => contactValues(i),
  json: (c, { refs, children }) => ({
    id: c.id,
    version: c.version,
    kind: c.kind,
    companyName: c.companyName,
    firstName: c.firstName,
    lastName: c.lastName,
    code: c.code,
    isCustomer: c.isCustomer,
    isSupplier: c.isSupplier,
    vatCountry: c.vatCountry,
    vatNumber: c.vatNumber,
    fiscalCode: c.fiscalCode,
    address: c.address,
    postalCode: c.postalCode,
    city: c.city,
    province: c.province,
    country: c.country,
    email: c.email,
    pec: c.pec,
    phone: c.phone,
    mobile: c.mobile,
    website: c.website,
    sdiCode: c.sdiCode,
    publicAdministration: c.publicAdministration,
    splitPayment: c.splitPayment,
    withholdingAgent: c.withholdingAgent,
    hourlyPrice: c.hourlyPrice,
    customerPaymentModality: refs.customerPaymentModality ?? null,
    customerBankAccount: refs.customerBankAccount ?? null,
    supplierPaymentModality: refs.supplierPaymentModality ?? null,
    supplierBankAccount: refs.supplierBankAccount ?? null,
    agent: refs.agent ?? null,
    notes: c.notes,
    referents: children.referents as never,
    rowColor: c.rowColor,
    toString: c.name,
  }),
  // create-form-data?role=SUPPLIER (a purchase invoice's '+') starts a supplier
  draft: (_scope, query) => {
    const supplier = query.get("role") === "SUPPLIER";
    return {
      kind: "COMPANY",
      companyName: "",
      firstName: "",
      lastName: "",
      code: "",
      isCustomer: !supplier,
      isSupplier: supplier,
      vatCountry: "IT",
      vatNumber: "",
      fiscalCode: "",
      address: "",
      postalCode: "",
      city: "",
      province: "",
      country: "IT",
      email: "",
      pec: "",
      phone: "",
      mobile: "",
      website: "",
      sdiCode: "",
      publicAdministration: false,
      splitPayment: false,
      withholdingAgent: true,
      hourlyPrice: null,
      customerPaymentModality: null,
      customerBankAccount: null,
      supplierPaymentModality: null,
      supplierBankAccount: null,
      agent: null,
      notes: "",
      referents: [],
    };
  },
  formData: async (scope, row): Promise<ContactFormData & { supplierBalance?: SupplierBalance }> => {
    const all = { limit: 1000 };
    const tenant = await scope.getTenant();
    return {
      paymentModalities: await paymentModalityEntity.options(scope, all),
      bankAccounts: await bankAccountEntity.options(scope, all),
      agents: await agentEntity.options(scope, all),
      contactWithCode: tenant.contactWithCode,
      tenantHourlyPrice: tenant.hourlyPrice,
      // a saved supplier's balance, for who may see purchase invoices
      ...(row?.isSupplier && scope.actorHas("ROLE_DOCUMENT") ? { supplierBalance: await supplierBalance(scope, row.id) } : {}),
    };
  },
  selectable: {
    // a person is often looked up by codice fiscale
    search: (t) => {
      const bare = vatWithoutCountry(t.raw);
      const vat = bare ? sql`(${contacts.vatNumber} ilike ${t.startsWith} or ${contacts.vatNumber} ilike ${`${bare}%`})` : sql`${contacts.vatNumber} ilike ${t.startsWith}`;
      return sql`(${contacts.name} ilike ${t.contains} or ${contacts.code} ilike ${t.startsWith} or ${vat} or ${contacts.fiscalCode} ilike ${t.startsWith})`;
    },
    orderBy: [byText(contacts.name)],
    filter: roleFilter,
  },
  hooks: {
    beforeWrite: (tx, input, existing) => checkCode(tx, input.code, existing?.id),
  },
  saveNotice: async (scope, saved) => {
    if (!saved.vatNumber) return undefined;
    const same = and(eq(contacts.vatCountry, saved.vatCountry), eq(contacts.vatNumber, saved.vatNumber), ne(contacts.id, saved.id));
    const others = await scope.select({ name: contacts.name }).from(contacts).where(same).orderBy(asc(contacts.id)).limit(3);
    if (others.length === 0) return undefined;
    const total = others.length < 3 ? others.length : await scope.count(contacts, same);
    return duplicateVatMessage(displayVat(saved.vatCountry, saved.vatNumber), others.map((o) => o.name), total);
  },
  // typology and role: the grid's list parameters, which the generic tests take from the example
  example: { companyName: "Esempio S.r.l.", kind: "COMPANY", isCustomer: true, vatNumber: "12345678903", city: "Bologna", typology: "ALL", role: "CUSTOMER" },
});

/**
 * 'Saldo fornitore' (issue 28): what the tenant owes the supplier, its received credits netted, in cents.
 * - owed: the open deadlines ('Da saldare') of its purchase invoices, what the Scadenziario lists 'Da pagare' (a
 *   credit note the import linked to an invoice has already netted that invoice's deadlines: 'Stornato');
 * - credits: what its received credit notes (TD04/TD08, kept negative) still give back. One with deadlines of its
 *   own (what the import's netting left of it, or typed in the form: the Scadenziario's 'Da incassare') counts its
 *   open ones; one without (all of it netted by the import, or typed with none) counts its amount due less what it
 *   netted on the invoice it names (the 'Stornato' deadlines the import described with it:
 *   EXPENSE_IMPORT_MESSAGES.creditNetted, db/queries/expense-import.ts);
 * - balance = owed − credits (negative: the supplier owes the tenant).
 */
export interface SupplierBalance {
  owed: number;
  credits: number;
  balance: number;
}

/** The description the import gives the deadlines a credit note netted (EXPENSE_IMPORT_MESSAGES.creditNetted), in SQL. */
const nettedBySql = (e: typeof expenses) => sql`('Stornata con la nota di credito n. ' || ${e.documentNumber} || ' del ' || to_char(${e.documentDate}, 'DD/MM/YYYY'))`;

export async function supplierBalance(scope: TenantScope, contactId: number): Promise<SupplierBalance> {
  const dd = documentDeadlines;
  const credit = sql`${expenses.documentType} in (${sql.join(
    RECEIVED_CREDIT_TYPES.map((t) => sql.raw(`'${t}'`)),
    sql`, `,
  )})`;
  const own = sql`${dd.tenantId} = ${expenses.tenantId} and ${dd.expenseId} = ${expenses.id}`;
  const open = sql`(select coalesce(sum(${dd.amount}), 0) from ${dd} where ${own} and ${dd.deadlineState} = 'Da saldare')`;
  const hasDeadlines = sql`exists (select 1 from ${dd} where ${own})`;
  // what a credit gives back: its amount due (total less split-payment VAT), unsigned whichever sign it was kept with
  const due = sql`abs(${expenses.taxable} + ${expenses.totalVat} + ${expenses.documentAdjustment} + ${expenses.withholdingTaxAmount} + ${expenses.withholdingTaxAmountPlus} - ${expenses.splitPaymentVat})`;
  // the part of it the import used to net the supplier's invoices' deadlines
  const netted = sql`(select coalesce(sum(${dd.amount}), 0) from ${dd} where ${dd.tenantId} = ${expenses.tenantId} and ${dd.contactId} = ${expenses.contactId} and ${dd.expenseId} is not null and ${dd.expenseId} <> ${expenses.id} and ${dd.deadlineState} = 'Stornato' and ${dd.description} = ${nettedBySql(expenses)})`;
  const [row] = await scope
    .select({
      owed: sql<string>`coalesce(sum(case when ${credit} then 0 else ${open} end), 0)`,
      credits: sql<string>`coalesce(sum(case when not ${credit} then 0 when ${hasDeadlines} then ${open} else greatest(0, ${due} - ${netted}) end), 0)`,
    })
    .from(expenses)
    .where(eq(expenses.contactId, contactId));
  const owed = Number(row?.owed ?? 0);
  const credits = Number(row?.credits ?? 0);
  return { owed, credits, balance: owed - credits };
}

/** The contact's own columns from a validated input (the form's save and the import). */
export function contactValues(i: ContactInput): Omit<typeof contacts.$inferInsert, "tenantId"> {
  return {
    kind: i.kind,
    companyName: i.companyName,
    firstName: i.firstName,
    lastName: i.lastName,
    code: i.code,
    isCustomer: i.isCustomer,
    isSupplier: i.isSupplier,
    vatCountry: i.vatCountry,
    vatNumber: i.vatNumber,
    fiscalCode: i.fiscalCode,
    address: i.address,
    postalCode: i.postalCode,
    city: i.city,
    province: i.province,
    country: i.country,
    email: i.email,
    pec: i.pec,
    phone: i.phone,
    mobile: i.mobile,
    website: i.website,
    sdiCode: i.sdiCode,
    publicAdministration: i.publicAdministration,
    splitPayment: i.splitPayment,
    withholdingAgent: i.withholdingAgent,
    hourlyPrice: i.hourlyPrice,
    notes: i.notes,
  };
}

export type { Contact };
