"use client";

import { EntityForm } from "@/components/form/entity-form";
import { FormField } from "@/components/form/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { Loaded } from "@/lib/schemas/entity";
import { BANK_ACCOUNT_TYPES, bankAccountApi, bankAccountSchema, type BankAccountFormData, type BankAccountJson } from "@/lib/schemas/bank-account";

export interface BankAccountFormProps {
  /** Edit this account; without it the form creates one. */
  id?: number | null;
  onSaved?: (saved: BankAccountJson) => void;
  onClose: () => void;
}

/**
 * 'Inserimento conto corrente' / 'Modifica conto corrente'. The fields follow the type: 'Conto bancario'
 * has Nome banca, Codice conto (required) and IBAN; 'Altro' (e.g. PayPal) has 'Nome (es. PayPal)' and the
 * payment link. The schema clears the other type's fields on save.
 */
export function BankAccountForm({ id, onSaved, onClose }: BankAccountFormProps) {
  return (
    <EntityForm<typeof bankAccountSchema, Loaded<BankAccountJson>, BankAccountFormData>
      api={bankAccountApi}
      id={id}
      schema={bankAccountSchema}
      size="md"
      title={(entity) => (entity.id ? "Modifica conto corrente" : "Inserimento conto corrente")}
      onSaved={(saved) => onSaved?.(saved)}
      onClose={onClose}
    >
      {(form) => {
        const isBank = form.watch("bankAccountType") !== "Altro";
        return (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="bankAccountType"
              label="Tipo pagamento"
              required
              render={(field) => (
                <Select {...field} value={(field.value as string) ?? ""} placeholder="-" options={BANK_ACCOUNT_TYPES.map((t) => ({ value: t, label: t }))} />
              )}
            />
            <FormField
              control={form.control}
              name="bankName"
              label={isBank ? "Nome banca" : "Nome (es. PayPal)"}
              required
              render={(field) => <Input {...field} value={(field.value as string) ?? ""} autoFocus maxLength={200} />}
            />
            {isBank ? (
              <>
                <FormField
                  control={form.control}
                  name="code"
                  label="Codice conto"
                  required
                  render={(field) => <Input {...field} value={(field.value as string) ?? ""} maxLength={100} />}
                />
                <FormField
                  control={form.control}
                  name="iban"
                  label="IBAN"
                  render={(field) => <Input {...field} value={(field.value as string) ?? ""} maxLength={50} autoCapitalize="characters" spellCheck={false} />}
                />
              </>
            ) : (
              <FormField
                control={form.control}
                name="url"
                label="Link di pagamento"
                hint="Cliccabile nella fattura PDF"
                className="sm:col-span-2"
                render={(field) => <Input {...field} value={(field.value as string) ?? ""} type="url" placeholder="https://" maxLength={1000} />}
              />
            )}
          </div>
        );
      }}
    </EntityForm>
  );
}
