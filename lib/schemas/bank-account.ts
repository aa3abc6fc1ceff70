import { z } from "zod";
import { BANK_ACCOUNT_TYPES } from "./lookup-enums";
import { checkIban, normalizeIdentifier } from "@/lib/fiscal/identifiers";
import { defineApi, recordFields } from "./entity";
import { optionalText, versionField } from "./fields";

/** Conti corrente: GET/POST /api/bank-accounts…, JSON field "bankAccount". */
export const bankAccountApi = defineApi({ field: "bankAccount", url: "/api/bank-accounts", table: "bank_accounts" });

export const BANK_ACCOUNT_MESSAGES = {
  type: 'Il campo "Tipo pagamento" è richiesto',
  bankName: 'Il campo "Nome banca" è richiesto',
  code: 'Il campo "Codice conto" è richiesto',
  url: 'Il campo "Link di pagamento" deve essere un indirizzo web (http:// o https://)',
} as const;

export { BANK_ACCOUNT_TYPES };

/**
 * Conto corrente form (POST /api/bank-accounts[/{id}], field "bankAccount").
 * Code and IBAN belong to 'Conto bancario', the payment link to 'Altro': the fields of the other
 * type are cleared on save.
 */
export const bankAccountSchema = z
  .object({
    bankAccountType: z.enum(BANK_ACCOUNT_TYPES, { error: BANK_ACCOUNT_MESSAGES.type }),
    bankName: z.string({ error: BANK_ACCOUNT_MESSAGES.bankName }).trim().min(1, BANK_ACCOUNT_MESSAGES.bankName).max(200, "Testo troppo lungo (massimo 200 caratteri)"),
    code: optionalText(100),
    iban: optionalText(50),
    url: optionalText(1000),
    version: versionField,
  })
  .superRefine((v, ctx) => {
    if (v.bankAccountType === "Conto bancario") {
      if (!v.code) ctx.addIssue({ code: "custom", message: BANK_ACCOUNT_MESSAGES.code, path: ["code"] });
      if (v.iban) {
        const message = checkIban(v.iban);
        if (message) ctx.addIssue({ code: "custom", message, path: ["iban"] });
      }
    } else if (v.url && !/^https?:\/\/[^\s]+$/i.test(v.url)) {
      ctx.addIssue({ code: "custom", message: BANK_ACCOUNT_MESSAGES.url, path: ["url"] });
    }
  })
  .transform((v) =>
    v.bankAccountType === "Conto bancario"
      ? { ...v, iban: v.iban ? normalizeIdentifier(v.iban) : "", url: "" }
      : { ...v, code: "", iban: "" },
  );
export type BankAccountInput = z.infer<typeof bankAccountSchema>;

/** A conto corrente as the API answers it. */
export const bankAccountResponse = z.object({
  ...recordFields,
  bankAccountType: z.enum(BANK_ACCOUNT_TYPES),
  bankName: z.string(),
  code: z.string(),
  iban: z.string(),
  url: z.string(),
});
export type BankAccountJson = z.infer<typeof bankAccountResponse>;

export interface BankAccountFormData {
  bankAccountTypes: string[];
}
