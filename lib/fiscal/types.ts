/** Document model of the fiscal core: what goes into the calculation and the XML builder. */
import type { Cents, PercentInput } from "@/lib/money";
import type {
  CausalePagamento,
  ModalitaPagamento,
  Natura,
  RegimeFiscale,
  TipoCassa,
  TipoDocumento,
} from "./codes";
import type { PaymentModalityRow } from "./deadlines";

export interface RowDiscount {
  /** SC sconto, MG maggiorazione. */
  type: "SC" | "MG";
  /** Percent on the running unit price ("10", "12,5"; at most 2 decimals for the XML). */
  percent?: PercentInput;
  /** Amount per unit, decimal string with up to 8 decimals. */
  amount?: string;
}

export interface DocumentRow {
  description: string;
  /** Decimal with up to 8 decimals; absent means 1. Never negative. */
  quantity?: string | number;
  /** Decimal with up to 8 decimals, may be negative (e.g. a discount row). */
  unitPrice: string | number;
  discounts?: RowDiscount[];
  unit?: string;
  code?: { type: string; value: string };
  /** VAT rate in percent: "22", "10", "4", "0". */
  vatRate: PercentInput;
  /** Required when vatRate is 0 (00400), forbidden otherwise (00401). */
  natura?: Natura;
  /** "Applicare ritenuta d'acconto e contributi": the row is part of the fee (compenso). */
  subjectToWithholding?: boolean;
  /** "Non imponibile (per anticipazione)": art. 15 expense paid on the customer's behalf → 0% N1, outside every base. */
  advance?: boolean;
  /** "Nascondi importo": a descriptive row with no amount. */
  hideAmount?: boolean;
  periodStart?: string;
  periodEnd?: string;
  /** Extra AltriDatiGestionali (e.g. INTENTO for N3.5). */
  otherData?: { type: string; text?: string; number?: string; date?: string }[];
}

/** The tenant's fiscal settings (spec §3 Tenant). */
export interface FiscalSettings {
  regime: RegimeFiscale;
  /** true for a natural person (RT01), false for an entity (RT02). */
  issuerIsPerson: boolean;
  /** Rivalsa INPS Gestione Separata (TC22), percent, e.g. "4". Null/absent = none. */
  rivalsaInps?: PercentInput | null;
  /** Professional fund contribution (contributo integrativo), TC01–TC21. */
  cassa?: { type: Exclude<TipoCassa, "TC22">; rate: PercentInput } | null;
  /** Ritenuta d'acconto (withholdingTaxApply / withholdingTaxPercentage). */
  withholding?: {
    rate: PercentInput;
    causale: CausalePagamento;
    /** Share of the base subject to withholding, percent (agents: "50"); default 100. */
    baseShare?: PercentInput;
  } | null;
  /**
   * Stamp duty (the document's stampAmount): due by law whenever the amounts not subject to VAT exceed €77.47,
   * never switched off; amount absent or 0 means the law's 200 cents. Who bears it is the document's stampBorneByIssuer.
   */
  stamp?: { amount?: Cents };
  /** VAT nature used for every row under RF19/RF02 (default N2.2). */
  forfettarioNatura?: Natura;
}

export interface Address {
  street: string;
  streetNumber?: string;
  cap: string;
  city: string;
  province?: string;
  /** ISO 3166-1 alpha-2, default "IT". */
  country?: string;
}

export interface Party {
  /** Company name (Denominazione). Either this or firstName + lastName. */
  companyName?: string;
  firstName?: string;
  lastName?: string;
  /** Country of the VAT id, default "IT". */
  vatCountry?: string;
  /** VAT number without the country prefix. */
  vatNumber?: string;
  fiscalCode?: string;
  address: Address;
}

export interface Seller extends Party {
  regime: RegimeFiscale;
  rea?: { office: string; number: string; capital?: Cents; soleShareholder?: "SU" | "SM"; liquidation: "LS" | "LN" };
  phone?: string;
  email?: string;
}

export interface Buyer extends Party {
  /** business (B2B), consumer (B2C, not a withholding agent), pa (public administration, FPA12). */
  kind: "business" | "consumer" | "pa";
  /** 7 chars (6 for the PA); "0000000" with PEC or for consumers; "XXXXXXX" for foreign buyers. */
  codiceDestinatario?: string;
  pec?: string;
  /** Sostituto d'imposta; defaults to true for business and pa. Consumers and buyers abroad never withhold (calculate.ts whyBuyerCannotWithhold). */
  withholdingAgent?: boolean;
  /** Split payment (art. 17-ter): PA and controlled companies. */
  splitPayment?: boolean;
}

export interface OrderReference {
  kind: "Ordine acquisto" | "Contratto" | "Convenzione" | "Ricezione" | "Fattura collegata";
  id: string;
  date?: string;
  itemNumber?: string;
  commessa?: string;
  cup?: string;
  cig?: string;
  lines?: number[];
}

export interface DocumentPayment {
  method: ModalitaPagamento;
  /** Instalments from the payment modality rows, computed on the netto a pagare. */
  modalityRows?: PaymentModalityRow[];
  /** Or explicit deadlines (amounts must sum to the netto a pagare). */
  deadlines?: { dueDate: string; amount: Cents }[];
  iban?: string;
  bankName?: string;
  beneficiary?: string;
  /** TP03 (advance). */
  isAdvance?: boolean;
}

export interface DocumentAttachment {
  name: string;
  data: Uint8Array;
  format?: string;
  description?: string;
}

export interface FiscalDocument {
  /** A proforma is never sent: the builder refuses it. */
  kind?: "invoice" | "proforma";
  tipoDocumento: TipoDocumento;
  number: string;
  /** yyyy-mm-dd */
  date: string;
  currency?: string;
  seller: Seller;
  buyer: Buyer;
  settings: FiscalSettings;
  rows: DocumentRow[];
  /** "Marca da bollo a proprio carico": the issuer bears the stamp, no recharge row. */
  stampBorneByIssuer?: boolean;
  causale?: string;
  references?: OrderReference[];
  payment?: DocumentPayment;
  attachments?: DocumentAttachment[];
  art73?: boolean;
}

/** One line of working: "Rivalsa INPS: 1.000,00 × 4% = 40,00". */
export interface Step {
  label: string;
  base?: Cents;
  /** Percentage as a machine decimal, e.g. "22.00". */
  rate?: string;
  amount: Cents;
}

export interface Figure {
  amount: Cents;
  steps: Step[];
}
