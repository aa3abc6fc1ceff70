/** Sezionali fattura: separate numberings, one default per tenant, disabled ones labelled DISABILITATO. */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { TenantScope } from "@/db/scope";
import { ValidationError } from "@/lib/errors";
import { invoiceSectionals, type InvoiceSectional } from "@/db/schema";
import { INVOICE_SECTIONAL_MESSAGES, SECTIONAL_TYPOLOGIES, type InvoiceSectionalInput } from "@/lib/schemas/invoice-sectional";
import { mapConstraintErrors } from "./lookup-support";

export const INVOICE_SECTIONAL_NOT_FOUND = "Sezionale non trovato";
export const SECTIONAL_DISABLED_MESSAGE = "Sezionale disabilitato: non sarà possibile creare fatture con questo sezionale finché non verrà riabilitato";
export const SECTIONAL_ENABLED_MESSAGE = "Sezionale abilitato";
const DEFAULT_CONFLICT = "Un altro utente ha cambiato il sezionale predefinito nello stesso momento: riprova";

export function invoiceSectionalToString(s: Pick<InvoiceSectional, "name" | "disabled">): string {
  return s.disabled ? `${s.name} DISABILITATO` : s.name;
}

export function toInvoiceSectionalJson(s: InvoiceSectional) {
  return {
    id: s.id,
    version: s.version,
    name: s.name,
    typology: s.typology,
    suffix: s.suffix,
    defaultSectional: s.defaultSectional,
    disabled: s.disabled,
    rowColor: s.rowColor,
    toString: invoiceSectionalToString(s),
  };
}
export type InvoiceSectionalJson = ReturnType<typeof toInvoiceSectionalJson>;

/** GET /api/invoice-sectionals: every sectional of the tenant (not paged), default first, then by name. */
export async function listInvoiceSectionals(scope: TenantScope): Promise<InvoiceSectionalJson[]> {
  const rows = await scope.list(invoiceSectionals, {
    orderBy: [sql`${invoiceSectionals.defaultSectional} desc`, asc(invoiceSectionals.name), asc(invoiceSectionals.id)],
  });
  return rows.map(toInvoiceSectionalJson);
}

const formData = () => ({ typologies: [...SECTIONAL_TYPOLOGIES] });

export async function getInvoiceSectionalFormData(scope: TenantScope, id?: number) {
  if (id === undefined) {
    const invoiceSectional = { id: null, version: 0, name: "", typology: "Tutti", suffix: "", defaultSectional: false, disabled: false, rowColor: null, toString: "" };
    return { invoiceSectional, formData: formData() };
  }
  return { invoiceSectional: toInvoiceSectionalJson(await scope.getOrThrow(invoiceSectionals, id, INVOICE_SECTIONAL_NOT_FOUND)), formData: formData() };
}

/** Clears the default flag of the tenant's other sectionals (bumping their version). */
async function clearOtherDefaults(tx: TenantScope, exceptId: number | null): Promise<void> {
  await tx.platform
    .update(invoiceSectionals)
    .set({ defaultSectional: false, version: sql`${invoiceSectionals.version} + 1` })
    .where(tx.where(invoiceSectionals, eq(invoiceSectionals.defaultSectional, true), exceptId === null ? undefined : ne(invoiceSectionals.id, exceptId)));
}

async function ensureSuffixFree(tx: TenantScope, suffix: string, exceptId: number | null): Promise<void> {
  const n = await tx.count(invoiceSectionals, and(eq(invoiceSectionals.suffix, suffix), exceptId === null ? undefined : ne(invoiceSectionals.id, exceptId)));
  if (n > 0) throw new ValidationError([INVOICE_SECTIONAL_MESSAGES.duplicateSuffix]);
}

// concurrent saves that slip past the checks above meet the unique indexes
const constraintMessages = {
  unique: {
    invoice_sectionals_tenant_suffix_key: INVOICE_SECTIONAL_MESSAGES.duplicateSuffix,
    invoice_sectionals_tenant_default_key: DEFAULT_CONFLICT,
  },
  uniqueDefault: DEFAULT_CONFLICT,
};

export async function createInvoiceSectional(scope: TenantScope, input: InvoiceSectionalInput): Promise<InvoiceSectionalJson> {
  return mapConstraintErrors(
    () =>
      scope.transaction(async (tx) => {
        await ensureSuffixFree(tx, input.suffix, null);
        if (input.defaultSectional) await clearOtherDefaults(tx, null);
        const row = await tx.insert(invoiceSectionals, {
          name: input.name,
          typology: input.typology,
          suffix: input.suffix,
          defaultSectional: input.defaultSectional,
          disabled: input.disabled ?? false,
        });
        return toInvoiceSectionalJson(row);
      }),
    constraintMessages,
  );
}

export async function updateInvoiceSectional(scope: TenantScope, id: number, version: number, input: InvoiceSectionalInput): Promise<InvoiceSectionalJson> {
  return mapConstraintErrors(
    () =>
      scope.transaction(async (tx) => {
        await tx.getOrThrow(invoiceSectionals, id, INVOICE_SECTIONAL_NOT_FOUND);
        await ensureSuffixFree(tx, input.suffix, id);
        // the version check first, so a stale save changes nothing (not even the other defaults)
        const row = await tx.update(invoiceSectionals, id, version, {
          name: input.name,
          typology: input.typology,
          suffix: input.suffix,
          defaultSectional: false,
          ...(input.disabled !== undefined ? { disabled: input.disabled } : {}),
        });
        if (!input.defaultSectional) return toInvoiceSectionalJson(row);
        await clearOtherDefaults(tx, id);
        const [saved] = await tx.platform
          .update(invoiceSectionals)
          .set({ defaultSectional: true })
          .where(tx.where(invoiceSectionals, eq(invoiceSectionals.id, id)))
          .returning();
        return toInvoiceSectionalJson(saved!);
      }),
    constraintMessages,
  );
}

/** POST /disable/{id} and /enable/{id}: no version needed (a flag the list toggles). */
export async function setInvoiceSectionalDisabled(scope: TenantScope, id: number, disabled: boolean): Promise<InvoiceSectionalJson> {
  await scope.getOrThrow(invoiceSectionals, id, INVOICE_SECTIONAL_NOT_FOUND);
  return toInvoiceSectionalJson(await scope.update(invoiceSectionals, id, undefined, { disabled }));
}

export async function deleteInvoiceSectional(scope: TenantScope, id: number): Promise<void> {
  await scope.getOrThrow(invoiceSectionals, id, INVOICE_SECTIONAL_NOT_FOUND);
  await mapConstraintErrors(() => scope.delete(invoiceSectionals, id), { foreignKey: "Il sezionale è usato da documenti: disabilitalo invece di eliminarlo" });
}

/** The sectional a new tenant starts with. */
export const DEFAULT_INVOICE_SECTIONAL = { name: "Principale", typology: "Tutti", suffix: "", defaultSectional: true } as const;
