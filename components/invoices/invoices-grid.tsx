"use client";

import { useMemo } from "react";
import { todayInRome } from "@/lib/rome-time";
import { EntityGrid } from "@/components/grid/entity-grid";
import type { GridOperation, GridPage, GridRenderers } from "@/components/grid/grid-types";
import { apiPostFile, showError } from "@/lib/client/api";
import { saveBlob } from "@/lib/client/download";
import { TIPI_DOCUMENTO } from "@/lib/fiscal/codes";
import { invoiceApi, type DocumentKind } from "@/lib/schemas/invoice";
import { DocumentStateBadge } from "./document-state-badge";
import { InvoiceForm } from "./invoice-form";
import { currentYearFilter, KIND_WORDS, kindParams } from "./invoice-kinds";

const RENDERERS: GridRenderers = {
  state: (v) => <DocumentStateBadge state={v} />,
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

/**
 * The body of /fatture, /fatture-proforma, /preventivi: the documents of one kind (GET /api/invoices with
 * addedParams { kind }; footer totals of the filtered set), Stato as a badge, the create button of the kind,
 * the document form on double click or the pencil.
 */
export function InvoicesGrid({ initial, kind }: { initial: GridPage; kind: DocumentKind }) {
  const year = useMemo(() => currentYearFilter(todayInRome()), []);
  return (
    <EntityGrid
      api={invoiceApi}
      initial={initial}
      params={kindParams(kind)}
      defaultFilterModel={year}
      createLabel={KIND_WORDS[kind].create}
      renderers={RENDERERS}
      operations={kind === "INVOICE" || kind === "CREDIT_NOTE" ? XML_OPERATIONS : []}
      height="calc(100vh - 14rem)"
      renderForm={(p) => <InvoiceForm id={p.id} kind={kind} onSaved={() => p.onSaved()} onClose={p.onClose} />}
    />
  );
}

export const InvoiceKindGrid = ({ initial }: { initial: GridPage }) => <InvoicesGrid initial={initial} kind="INVOICE" />;
export const ProformaKindGrid = ({ initial }: { initial: GridPage }) => <InvoicesGrid initial={initial} kind="PROFORMA" />;
export const QuoteKindGrid = ({ initial }: { initial: GridPage }) => <InvoicesGrid initial={initial} kind="QUOTE" />;
