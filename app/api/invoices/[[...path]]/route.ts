// /api/invoices — Documenti (fatture, note di credito, proforma, preventivi): the standard entity calls (list with addedParams { kind } and the totals footer, export, create-form-data[?kind&contactId], update-form-data/{id}, get/{id}, get-filtered-list[?kind], create, update/{id} answering { status, message, invoice }, delete/{id}). get-calculated-fields and set-state are routes of their own. POST …?issue=1 (create or update): saved and
// issued (numbered, 'Emessa') in one transaction (db/documents/save.ts issuedInput).
import { invoiceEntity } from "@/db/documents/entity";
import { issuedInput } from "@/db/documents/save";
import { entityRoutes } from "@/lib/api/entity-routes";

export const { GET, POST, DELETE } = entityRoutes(invoiceEntity, { issue: issuedInput });
