/** Conti corrente: bank accounts (code, IBAN) and other payment channels ('Altro', e.g. PayPal with a link). */
import { asc, sql } from "drizzle-orm";
import type { TenantScope } from "@/db/scope";
import { bankAccounts, type BankAccount } from "@/db/schema";
import { defineGrid } from "@/lib/grid/define";
import { escapeLike } from "@/lib/grid/filters";
import { BANK_ACCOUNT_TYPES, type BankAccountInput } from "@/lib/schemas/bank-account";
import { mapConstraintErrors, OPTIONS_PAGE, type Option } from "./lookup-support";

export const BANK_ACCOUNT_NOT_FOUND = "Conto corrente non trovato";

/** "Banca Intesa (CC 1000/123)" for bank accounts, the name alone for 'Altro'. */
export function bankAccountToString(b: Pick<BankAccount, "bankAccountType" | "bankName" | "code">): string {
  return b.bankAccountType === "Conto bancario" && b.code ? `${b.bankName} (${b.code})` : b.bankName;
}

export function toBankAccountJson(b: BankAccount) {
  return {
    id: b.id,
    version: b.version,
    bankAccountType: b.bankAccountType,
    bankName: b.bankName,
    code: b.code,
    iban: b.iban,
    url: b.url,
    rowColor: b.rowColor,
    toString: bankAccountToString(b),
  };
}
export type BankAccountJson = ReturnType<typeof toBankAccountJson>;

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

const formData = () => ({ bankAccountTypes: [...BANK_ACCOUNT_TYPES] });

export async function getBankAccountFormData(scope: TenantScope, id?: number) {
  if (id === undefined) {
    return { bankAccount: { id: null, version: 0, bankAccountType: "Conto bancario", bankName: "", code: "", iban: "", url: "", rowColor: null, toString: "" }, formData: formData() };
  }
  return { bankAccount: toBankAccountJson(await scope.getOrThrow(bankAccounts, id, BANK_ACCOUNT_NOT_FOUND)), formData: formData() };
}

const values = (i: BankAccountInput) => ({ bankAccountType: i.bankAccountType, bankName: i.bankName, code: i.code, iban: i.iban, url: i.url });

export async function createBankAccount(scope: TenantScope, input: BankAccountInput): Promise<BankAccountJson> {
  return toBankAccountJson(await scope.insert(bankAccounts, values(input)));
}

export async function updateBankAccount(scope: TenantScope, id: number, version: number, input: BankAccountInput): Promise<BankAccountJson> {
  await scope.getOrThrow(bankAccounts, id, BANK_ACCOUNT_NOT_FOUND);
  return toBankAccountJson(await scope.update(bankAccounts, id, version, values(input)));
}

export async function deleteBankAccount(scope: TenantScope, id: number): Promise<void> {
  await scope.getOrThrow(bankAccounts, id, BANK_ACCOUNT_NOT_FOUND);
  await mapConstraintErrors(() => scope.delete(bankAccounts, id), { foreignKey: "Il conto corrente è usato da altri documenti: non può essere eliminato" });
}

/** Options for bank-account selects (invoices, expenses), by name. */
export async function listBankAccountOptions(scope: TenantScope, query = "", offset = 0, limit = OPTIONS_PAGE): Promise<Option[]> {
  const q = query.trim();
  const rows = await scope.list(bankAccounts, {
    where: q ? sql`${bankAccounts.bankName} ilike ${"%" + escapeLike(q) + "%"}` : undefined,
    orderBy: [asc(bankAccounts.bankName), asc(bankAccounts.id)],
    limit,
    offset,
  });
  return rows.map((b) => ({ id: b.id, toString: bankAccountToString(b) }));
}
