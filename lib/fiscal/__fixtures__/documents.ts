/** Test documents written for this project (fictitious parties, valid check digits). */
import type { FiscalDocument, FiscalSettings } from "../types";

export const SELLER_VAT = "12345678903";

export function sampleDocument(overrides: Partial<FiscalDocument> = {}, settings: Partial<FiscalSettings> = {}): FiscalDocument {
  return {
    tipoDocumento: "TD01",
    number: "12/A",
    date: "2025-01-15",
    seller: {
      firstName: "Mario",
      lastName: "Rossi",
      vatNumber: SELLER_VAT,
      fiscalCode: "RSSMRA85T10A562S",
      regime: settings.regime ?? "RF01",
      address: { street: "Via Roma", streetNumber: "1", cap: "00100", city: "Roma", province: "RM" },
      email: "mario.rossi@example.it",
    },
    buyer: {
      kind: "business",
      companyName: "Alfa S.r.l.",
      vatNumber: "01234567897",
      codiceDestinatario: "ABC1234",
      address: { street: "Corso Italia", streetNumber: "10", cap: "20121", city: "Milano", province: "MI" },
    },
    settings: { regime: "RF01", issuerIsPerson: true, rivalsaInps: "4", withholding: { rate: "20", causale: "A" }, ...settings },
    rows: [
      { description: "Consulenza informatica – gennaio “2025” €", quantity: "10", unitPrice: "100", vatRate: "22", subjectToWithholding: true, unit: "ore" },
    ],
    payment: {
      method: "MP05",
      iban: "IT60X0542811101000000123456",
      bankName: "Banca di Prova",
      modalityRows: [{ expirationType: "Fine mese", paymentDay: 0, monthsAfter: 1, amountPercentage: "100" }],
    },
    ...overrides,
  };
}
