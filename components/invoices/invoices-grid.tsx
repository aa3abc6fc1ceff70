"use client";

import { useMemo } from "react";
import { todayInRome } from "@/lib/rome-time";
import { EntityGrid } from "@/components/grid/entity-grid";
import type { GridOperation, GridPage, GridRenderers, GridRowAction } from "@/components/grid/grid-types";
import { confirmDialog } from "@/components/ui/dialogs";
import { apiDelete, apiPostFile, showError, showSuccess } from "@/lib/client/api";
import { saveBlob } from "@/lib/client/download";
import { TIPI_DOCUMENTO } from "@/lib/fiscal/codes";
import { invoiceApi, type DocumentKind } from "@/lib/schemas/invoice";
import { DocumentStateBadge, SdiStateBadge } from "./document-state-badge";
import { DELETE_DOCUMENT_CONFIRM } from "./invoice-actions";
import { InvoiceForm } from "./invoice-form";
import { currentYearFilter, kindParams } from "./invoice-kinds";
import { policyOf } from "@/lib/documents/policy";

const RENDERERS: GridRenderers = {
  state: (v) => <DocumentStateBadge state={v} />,
  sdiState: (v) => <SdiStateBadge state={v} />,
  // TD01, TD04…: the code, its name on hover
  documentType: (v) => <span title={TIPI_DOCUMENTO[v as keyof typeof TIPI_DOCUMENTO] ?? undefined}>{String(v ?? "")}</span>,
};

export const XML_ZIP_URL = `${invoiceApi.url}/download-xml-zip`;

/**
 * 'Scarica XML': one zip of the selected documents' FatturaPA files (ERRORI.txt inside names those left out); the
 * files made are stored on their documents (no state changes: 'Segna come inviata' does), and the grid reloads.
 */
async function downloadXmlZip(ids: number[]): Promise<boolean> {
  const body = new FormData();
  body.set("ids", JSON.stringify(ids));
  try {
    const { blob, filename } = await apiPostFile(XML_ZIP_URL, body, "fatture-xml.zip");
    saveBlob(blob, filename);
    return true;
  } catch (e) {
    await showError(e);
    return false;
  }
}

const XML_OPERATIONS: readonly GridOperation[] = [{ key: "xml-zip", label: "Scarica XML", run: downloadXmlZip }];

/** 'Elimina': a bin (decorative: the button keeps its aria-label and title). */
const DeleteIcon = (
  <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width={16} height={16} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false" data-icon="delete" className="shrink-0">
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </svg>
);

/**
 * 'Elimina' on the rows the server would delete (the list's `deletable`: never numbered, or the last numbered of its
 * series; db/documents/numbering.ts deletableSql), one row at a time: the operation on the selected rows would offer it
 * on documents it must refuse.
 */
const ROW_ACTIONS: readonly GridRowAction[] = [
  {
    key: "delete",
    label: "Elimina",
    icon: DeleteIcon,
    hidden: (row) => row.deletable !== true,
    run: async (row) => {
      if (!(await confirmDialog(DELETE_DOCUMENT_CONFIRM, { confirmLabel: "Elimina", danger: true }))) return false;
      try {
        void showSuccess(await apiDelete(`${invoiceApi.url}/${row.id}`));
      } catch (e) {
        await showError(e);
      }
      return true;
    },
  },
];

/** Stato wide enough for 'Convertito in proforma', on the pages of the kinds that convert. */
const CONVERTED_STATE_WIDTH = 175;

/**
 * The columns a kind's page offers: 'Tipo documento' (the FatturaPA TipoDocumento) only where the kind has one — a
 * proforma or a quote never goes to SDI, a TD01 there would mean nothing; `deletable` never (it drives 'Elimina').
 * A kind that converts shows 'Convertito in …' in Stato: the column is wider there (the room of 'Tipo documento').
 */
export function columnsForKind(kind: DocumentKind, initial: GridPage): GridPage {
  const policy = policyOf(kind);
  const dropped = new Set(["deletable", ...(policy.documentType === null ? ["documentType"] : []), ...(policy.xml ? [] : ["sdiState"])]);
  const columns = initial.gridData.columns
    .filter((c) => !dropped.has(c.field))
    .map((c) => (c.field === "state" && policy.conversions.length > 0 ? { ...c, width: Math.max(c.width ?? 0, CONVERTED_STATE_WIDTH) } : c));
  return { ...initial, gridData: { ...initial.gridData, columns } };
}

/**
 * The body of /fatture, /fatture-proforma, /preventivi: the documents of one kind (GET /api/invoices with
 * addedParams { kind }; footer totals of the filtered set), Stato as a badge, the create button of the kind,
 * the document form on double click or the pencil.
 */
export function InvoicesGrid({ initial, kind }: { initial: GridPage; kind: DocumentKind }) {
  const year = useMemo(() => currentYearFilter(todayInRome()), []);
  const page = useMemo(() => columnsForKind(kind, initial), [kind, initial]);
  return (
    <EntityGrid
      api={invoiceApi}
      initial={page}
      params={kindParams(kind)}
      defaultFilterModel={year}
      createLabel={policyOf(kind).words.create}
      renderers={RENDERERS}
      rowActions={ROW_ACTIONS}
      canDelete={false}
      operations={policyOf(kind).xml ? XML_OPERATIONS : []}
      height="calc(100vh - 14rem)"
      renderForm={(p) => <InvoiceForm id={p.id} kind={kind} onSaved={() => p.onSaved()} onClose={p.onClose} />}
    />
  );
}

export const InvoiceKindGrid = ({ initial }: { initial: GridPage }) => <InvoicesGrid initial={initial} kind="INVOICE" />;
export const ProformaKindGrid = ({ initial }: { initial: GridPage }) => <InvoicesGrid initial={initial} kind="PROFORMA" />;
export const QuoteKindGrid = ({ initial }: { initial: GridPage }) => <InvoicesGrid initial={initial} kind="QUOTE" />;
