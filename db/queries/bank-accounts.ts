/** Conti corrente: bank accounts (code, IBAN) and other payment channels ('Altro', e.g. PayPal with a link). */
import "server-only";
import { sql } from "drizzle-orm";
import { defineEntity, byText } from "@/db/entity";
import { bankAccounts, type BankAccount } from "@/db/schema";
import { defineGrid } from "@/lib/grid/define";
import { BANK_ACCOUNT_TYPES, bankAccountApi, bankAccountResponse, bankAccountSchema, type BankAccountFormData } from "@/lib/schemas/bank-account";

export const BANK_ACCOUNT_NOT_FOUND = "Conto corrente non trovato";
export const BANK_ACCOUNT_UNKNOWN = "Il conto corrente scelto non esiste";

/** "Banca Intesa (CC 1000/123)" for bank accounts, the name alone for 'Altro'. */
export function bankAccountToString(b: Pick<BankAccount, "bankAccountType" | "bankName" | "code">): string {
  return b.bankAccountType === "Conto bancario" && b.code ? `${b.bankName} (${b.code})` : b.bankName;
}

/** Conti corrente grid (GET /api/bank-accounts). */
export const bankAccountsGrid = defineGrid({
  name: "bank-accounts",
  table: bankAccounts,
  defaultSort: [{ colId: "bankName", sort: "asc" }],
  exportFileName: "conti-corrente",
  columns: [
    { field: "id", header: "Id", type: "integer", sql: bankAccounts.id, hidden: true, width: 80 },
    { field: "bankAccountType", header: "Tipo pagamento", type: "text", sql: bankAccounts.bankAccountType, width: 150 },
    { field: "bankName", header: "Nome banca", type: "text", sql: bankAccounts.bankName, searchable: true, fixed: true, width: 240 },
    { field: "code", header: "Codice conto", type: "text", sql: bankAccounts.code, searchable: true, width: 150 },
    { field: "iban", header: "IBAN", type: "text", sql: bankAccounts.iban, searchable: true, width: 260 },
    { field: "url", header: "Link di pagamento", type: "text", sql: bankAccounts.url, hidden: true, width: 260 },
    { field: "createdAt", header: "Data inserimento", type: "datetime", sql: bankAccounts.createdAt, hidden: true, width: 160 },
  ],
});

export const bankAccountEntity = defineEntity({
  api: bankAccountApi,
  role: "ROLE_DOCUMENT",
  table: bankAccounts,
  input: bankAccountSchema,
  response: bankAccountResponse,
  grid: bankAccountsGrid,
  label: bankAccountToString,
  messages: { notFound: BANK_ACCOUNT_NOT_FOUND, inUse: "Il conto corrente è usato da altri documenti: non può essere eliminato" },
  values: (i) => ({ bankAccountType: i.bankAccountType, bankName: i.bankName, code: i.code, iban: i.iban, url: i.url }),
  json: (b) => ({ id: b.id, version: b.version, bankAccountType: b.bankAccountType, bankName: b.bankName, code: b.code, iban: b.iban, url: b.url, rowColor: b.rowColor, toString: bankAccountToString(b) }),
  draft: () => ({ bankAccountType: "Conto bancario", bankName: "", code: "", iban: "", url: "" }),
  formData: (): BankAccountFormData => ({ bankAccountTypes: [...BANK_ACCOUNT_TYPES] }),
  selectable: { search: (t) => sql`(${bankAccounts.bankName} ilike ${t.contains} or ${bankAccounts.code} ilike ${t.contains})`, orderBy: [byText(bankAccounts.bankName)] },
  example: { bankAccountType: "Conto bancario", bankName: "Banca di prova", code: "CC 1" },
});
