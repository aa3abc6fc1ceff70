import { boolean, date, foreignKey, integer, numeric, pgTable, serial, text, type AnyPgColumn, type PgTableExtraConfigValue } from "drizzle-orm/pg-core";
import { bytea, cents, createdAt, version } from "./columns";
import { paymentModalities } from "./payment-modalities";

/**
 * A business using the product. Fields follow spec section 3 (Tenant).
 * Percentages are numeric strings ("4.00"), money is cents.
 */
export const tenants = pgTable("tenants", {
  id: serial("id").primaryKey(),
  denomination: text("denomination").notNull(),
  fiscalCode: text("fiscal_code").notNull().default(""),
  vat: text("vat").notNull().default(""),
  city: text("city").notNull().default(""),
  postalCode: text("postal_code").notNull().default(""),
  province: text("province").notNull().default(""),
  address: text("address").notNull().default(""),
  phone: text("phone").notNull().default(""),
  email: text("email").notNull().default(""),
  hourlyPrice: cents("hourly_price").notNull().default(0),
  contactWithCode: boolean("contact_with_code").notNull().default(false),
  footer: text("footer").notNull().default(""),
  invoiceProformaDetails: text("invoice_proforma_details").notNull().default(""),
  invoiceDetails: text("invoice_details").notNull().default(""),
  taxRegime: text("tax_regime").notNull().default("RF01"),
  /** Usual payment modality (cleared when the modality is deleted). */
  paymentModalityId: integer("payment_modality_id"),
  inpsRevengeName: text("inps_revenge_name").notNull().default("Rivalsa INPS"),
  inpsRevenge: numeric("inps_revenge", { precision: 7, scale: 2 }).notNull().default("0"),
  professionistFundName: text("professionist_fund_name").notNull().default(""),
  professionistFund: numeric("professionist_fund", { precision: 7, scale: 2 }).notNull().default("0"),
  withholdingTaxApply: boolean("withholding_tax_apply").notNull().default(false),
  withholdingTaxPercentage: numeric("withholding_tax_percentage", { precision: 7, scale: 2 }).notNull().default("20"),
  /**
   * 'Marca da bollo a proprio carico': the issuer bears the bollo (no recharge row). The bollo itself is due by law
   * on every document above €77.47 not subject to VAT; false (the default) recharges it to the customer. Before
   * migration 0032 it meant "apply the bollo".
   */
  stampApply: boolean("stamp_apply").notNull().default(false),
  /** Valore marca da bollo virtuale, new documents' stampAmount: the law's 2.00 (a different value is warned about). */
  stampAmount: cents("stamp_amount").notNull().default(200),
  invoiceCheckNumerationDates: boolean("invoice_check_numeration_dates").notNull().default(true),
  invoiceEmailSubject: text("invoice_email_subject").notNull().default(""),
  invoiceEmailBody: text("invoice_email_body").notNull().default(""),
  officeTimeStart: text("office_time_start").notNull().default("08:00"),
  officeTimeEnd: text("office_time_end").notNull().default("18:00"),
  marginCalendarStart: integer("margin_calendar_start").notNull().default(60),
  marginCalendarEnd: integer("margin_calendar_end").notNull().default(60),
  hideSaturday: boolean("hide_saturday").notNull().default(false),
  hideSunday: boolean("hide_sunday").notNull().default(true),
  logo: bytea("logo"),
  logoContentType: text("logo_content_type"),
  /** JPEG at most 200x70 px, served by /api/tenants/get-logo-thumb. */
  logoThumb: bytea("logo_thumb"),
  expireDate: date("expire_date", { mode: "string" }).notNull(),
  isFree: boolean("is_free").notNull().default(true),
  demo: boolean("demo").notNull().default(false),
  /** Every user must log in with a second factor (TOTP); a user without it is led to set it up (migration 0036). */
  twoFactorRequired: boolean("two_factor_required").notNull().default(false),
  /** Banca (issue 32, migration 0038): an import applies each new movement's top suggestion when it is certain. */
  bankAutoMatch: boolean("bank_auto_match").notNull().default(false),
  version: version(),
  createdAt: createdAt(),
},
  (t): PgTableExtraConfigValue[] => [
    // the usual payment modality must be one of this tenant's; deleting it clears the setting (SET NULL (payment_modality_id) in the migration)
    foreignKey({ name: "tenants_payment_modality_fk", columns: [t.id, t.paymentModalityId], foreignColumns: [paymentModalities.tenantId as AnyPgColumn, paymentModalities.id as AnyPgColumn] }).onDelete("set null"),
  ],
);

export type Tenant = typeof tenants.$inferSelect;
