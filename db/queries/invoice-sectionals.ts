/** Sezionali fattura: separate numberings, one default per tenant, disabled ones labelled DISABILITATO. */
import "server-only";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { defineEntity, byText } from "@/db/entity";
import type { TenantScope } from "@/db/scope";
import { invoiceSectionals, type InvoiceSectional } from "@/db/schema";
import { ValidationError } from "@/lib/errors";
import {
  INVOICE_SECTIONAL_MESSAGES,
  invoiceSectionalApi,
  invoiceSectionalResponse,
  invoiceSectionalSchema,
  SECTIONAL_TYPOLOGIES,
  type InvoiceSectionalFormData,
  type InvoiceSectionalJson,
} from "@/lib/schemas/invoice-sectional";

export const INVOICE_SECTIONAL_NOT_FOUND = "Sezionale non trovato";
export const SECTIONAL_DISABLED_MESSAGE = "Sezionale disabilitato: non sarà possibile creare fatture con questo sezionale finché non verrà riabilitato";
export const SECTIONAL_ENABLED_MESSAGE = "Sezionale abilitato";
const DEFAULT_CONFLICT = "Un altro utente ha cambiato il sezionale predefinito nello stesso momento: riprova";

export function invoiceSectionalToString(s: Pick<InvoiceSectional, "name" | "disabled">): string {
  return s.disabled ? `${s.name} DISABILITATO` : s.name;
}

export const invoiceSectionalEntity = defineEntity({
  api: invoiceSectionalApi,
  role: "ROLE_DOCUMENT",
  table: invoiceSectionals,
  input: invoiceSectionalSchema,
  response: invoiceSectionalResponse,
  // GET /api/invoice-sectionals: every sectional (not paged), the default first, then by name
  listOrder: [sql`${invoiceSectionals.defaultSectional} desc`, asc(invoiceSectionals.name)],
  label: invoiceSectionalToString,
  messages: {
    notFound: INVOICE_SECTIONAL_NOT_FOUND,
    inUse: "Il sezionale è usato da documenti: disabilitalo invece di eliminarlo",
    // concurrent saves that slip past the checks below meet the unique indexes
    unique: {
      invoice_sectionals_tenant_suffix_key: INVOICE_SECTIONAL_MESSAGES.duplicateSuffix,
      invoice_sectionals_tenant_default_key: DEFAULT_CONFLICT,
    },
    uniqueDefault: DEFAULT_CONFLICT,
  },
  values: (i, existing) => ({
    name: i.name,
    typology: i.typology,
    suffix: i.suffix,
    defaultSectional: i.defaultSectional,
    ...(i.disabled !== undefined ? { disabled: i.disabled } : existing ? {} : { disabled: false }),
  }),
  json: (s) => ({ id: s.id, version: s.version, name: s.name, typology: s.typology, suffix: s.suffix, defaultSectional: s.defaultSectional, disabled: s.disabled, rowColor: s.rowColor, toString: invoiceSectionalToString(s) }),
  draft: () => ({ name: "", typology: "Tutti", suffix: "", defaultSectional: false, disabled: false }),
  formData: (): InvoiceSectionalFormData => ({ typologies: [...SECTIONAL_TYPOLOGIES] }),
  selectable: {
    search: (t) => sql`${invoiceSectionals.name} ilike ${t.contains}`,
    orderBy: [sql`${invoiceSectionals.defaultSectional} desc`, byText(invoiceSectionals.name)],
    // ?enabled=1: the document form's Sezionale (a disabled sectional cannot number a document); without it every
    // one (the lists' filter: old documents keep theirs)
    filter: (params) => (params.get("enabled") === "1" ? eq(invoiceSectionals.disabled, false) : undefined),
  },
  hooks: {
    /** One suffix per numbering; a new default takes the flag from the old one (a stale save rolls both back). */
    async beforeWrite(tx, input, existing) {
      const exceptId = existing?.id;
      const taken = await tx.count(invoiceSectionals, and(eq(invoiceSectionals.suffix, input.suffix), exceptId === undefined ? undefined : ne(invoiceSectionals.id, exceptId)));
      if (taken > 0) throw new ValidationError([INVOICE_SECTIONAL_MESSAGES.duplicateSuffix]);
      if (input.defaultSectional) {
        await tx.updateWhere(invoiceSectionals, and(eq(invoiceSectionals.defaultSectional, true), exceptId === undefined ? undefined : ne(invoiceSectionals.id, exceptId)), {
          defaultSectional: false,
          version: sql`${invoiceSectionals.version} + 1`,
        });
      }
    },
  },
  example: { name: "Sezionale di prova", typology: "Tutti", suffix: "PROVA" },
});

/** POST /disable/{id} and /enable/{id}: no version needed (a flag the list toggles). */
export async function setInvoiceSectionalDisabled(scope: TenantScope, id: number, disabled: boolean): Promise<InvoiceSectionalJson> {
  await scope.getOrThrow(invoiceSectionals, id, INVOICE_SECTIONAL_NOT_FOUND);
  return invoiceSectionalEntity.toJson(scope, await scope.update(invoiceSectionals, id, undefined, { disabled }));
}

/** The sectional a new tenant starts with. */
export const DEFAULT_INVOICE_SECTIONAL = { name: "Principale", typology: "Tutti", suffix: "", defaultSectional: true } as const;
