/**
 * 'Scarica XML' of the documents grid (POST /api/invoices/download-xml-zip): the FatturaPA files of the selected
 * documents as one zip (fflate zipSync: the files are small in-memory buffers, a synchronous zip of them is fastest).
 *
 * - One query reads the selected documents of the tenant (with their stored files): an id that is not the tenant's
 *   makes the whole call a 404, as for a single document.
 * - A stored file (not Scartata) goes in as it is: the same bytes the single download answers. The other issued
 *   invoices and credit notes go through electronicInvoicesBatch (db/documents/xml.ts), without XML
 *   options: the single download's checks, pre-check, XSD validation, stored file and move of Emessa to 'Inviata
 *   allo SDI', for all of them in one transaction with a fixed number of statements (only documents that pass take
 *   a transmission progressive).
 *   A document with a cassa or a ritenuta needs options only the user can choose (TipoCassa, CausalePagamento:
 *   not stored on the document), so it is listed instead, as are Bozze, proforma and quotes and the pre-check's
 *   refusals: ERRORI.txt in the zip, one line per document. No file at all is a 400 with those lines.
 */
import "server-only";
import { eq, sql } from "drizzle-orm";
import { zipSync, type Zippable } from "fflate";
import { contacts, documents, type Document } from "@/db/schema";
import type { TenantScope } from "@/db/scope";
import { policyOf } from "@/lib/documents/policy";
import { type ApiError, BadRequestError, NotFoundError, ValidationError } from "@/lib/errors";
import { todayInRome } from "@/lib/rome-time";
import { INVOICE_ACTION_MESSAGES, INVOICE_MESSAGES } from "@/lib/schemas/invoice";
import { electronicInvoicesBatch } from "./xml";
import { documentLabel } from "./label";

/** Most documents one zip may hold. */
export const XML_ZIP_MAX_IDS = 5_000;

export const XML_ZIP_ERRORS_FILE = "ERRORI.txt";

export const XML_ZIP_MESSAGES = {
  tooMany: "Troppi documenti selezionati: al massimo 5.000 per volta",
  none: "Nessun file XML da scaricare: nessuno dei documenti selezionati ha prodotto la fattura elettronica",
  options: "scaricare l'XML dal documento scegliendo le opzioni (cassa previdenziale, causale della ritenuta)",
} as const;

export interface XmlZip {
  filename: string;
  bytes: Uint8Array;
  /** The XML files in the zip. */
  files: number;
  /** The lines of ERRORI.txt (one per document left out). */
  errors: string[];
}

type Selected = Pick<Document, "id" | "kind" | "state" | "numberText" | "date" | "electronicInvoiceFileName" | "electronicInvoiceXml"> & { customer: string | null };

/** 'Fattura 12/A del 05/03/2026 (Rossi S.r.l.)': the document as the user finds it in the grid. */
const labelOf = (d: Selected) => `${documentLabel(d)}${d.customer ? ` (${d.customer})` : ""}`;

/** Why a document has no file, on one line. */
function reasonOf(err: ApiError): string {
  // the options a document needs: ValidationError's first line is the form's heading, its errors say which
  if (err instanceof ValidationError) return `${err.errors.join("; ")}: ${XML_ZIP_MESSAGES.options}`;
  return err.message.split("\n").join("; ");
}

/** The zip of the FatturaPA files of `ids` (the tenant's documents) and ERRORI.txt for those left out. */
export async function electronicInvoicesZip(scope: TenantScope, ids: readonly number[], today?: string): Promise<XmlZip> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) throw new BadRequestError("Nessuna riga selezionata");
  if (wanted.length > XML_ZIP_MAX_IDS) throw new BadRequestError(XML_ZIP_MESSAGES.tooMany);

  // one query for all of them, their stored files with them (one text parameter however many ids)
  const rows: Selected[] = await scope
    .select({
      id: documents.id,
      kind: documents.kind,
      state: documents.state,
      numberText: documents.numberText,
      date: documents.date,
      electronicInvoiceFileName: documents.electronicInvoiceFileName,
      electronicInvoiceXml: documents.electronicInvoiceXml,
      customer: contacts.name,
    })
    .from(documents)
    .leftJoin(contacts, eq(documents.contactId, contacts.id))
    .where(sql`${documents.id} = any(string_to_array(${wanted.join(",")}, ',')::int[])`);
  if (rows.length !== wanted.length) throw new NotFoundError(INVOICE_MESSAGES.notFound);
  const byId = new Map(rows.map((r) => [r.id, r]));

  // what each selected document gives, in the order of the selection: a file or the line of ERRORI.txt
  const outcomes: ({ name: string; bytes: Uint8Array } | { error: string })[] = new Array(wanted.length);
  const toBuild: number[] = [];
  wanted.forEach((id, i) => {
    const d = byId.get(id)!;
    if (!policyOf(d.kind).xml) outcomes[i] = { error: `${labelOf(d)}: ${INVOICE_ACTION_MESSAGES.xmlKind}` };
    else if (d.numberText === null) outcomes[i] = { error: `${labelOf(d)}: ${INVOICE_ACTION_MESSAGES.xmlDraft}` };
    else if (d.electronicInvoiceXml && d.electronicInvoiceFileName && d.state !== "Scartata") outcomes[i] = { name: d.electronicInvoiceFileName, bytes: d.electronicInvoiceXml };
    else toBuild.push(i);
  });

  // the others built together, with the single download's rules, in one transaction (electronicInvoicesBatch)
  if (toBuild.length) {
    const built = await electronicInvoicesBatch(scope, toBuild.map((i) => wanted[i]!), today);
    for (const i of toBuild) {
      const d = byId.get(wanted[i]!)!;
      const o = built.get(d.id)!;
      outcomes[i] = "error" in o ? { error: `${labelOf(d)}: ${reasonOf(o.error)}` } : o;
    }
  }

  const files: Zippable = {};
  const errors: string[] = [];
  for (const o of outcomes) {
    if ("error" in o) {
      errors.push(o.error);
      continue;
    }
    // names are unique per tenant (the transmission counter); never let one file hide another
    let name = o.name;
    for (let n = 2; name in files || name === XML_ZIP_ERRORS_FILE; n++) name = o.name.replace(/(\.xml)?$/i, `_${n}$1`);
    files[name] = o.bytes;
  }

  const count = Object.keys(files).length;
  if (count === 0) throw new BadRequestError(XML_ZIP_MESSAGES.none, errors);
  // UTF-8 with its BOM and Windows line ends: Notepad shows the accents
  if (errors.length) files[XML_ZIP_ERRORS_FILE] = new TextEncoder().encode(`\uFEFF${errors.join("\r\n")}\r\n`);
  // XML shrinks well already at level 1; higher levels cost more than they save on a download of this size
  const bytes = zipSync(files, { level: 1 });
  return { filename: `fatture-xml-${today ?? todayInRome()}.zip`, bytes, files: count, errors };
}
