/**
 * The PDF pool's worker (lib/pdf/pool.ts): one task = one document's PDF, rendered in a worker thread so the
 * request loop stays free. Not loaded as it is: scripts/pdf-worker.ts bundles it (with React and react-pdf) into
 * one plain file that piscina starts, outside Next's bundles (see pool.ts).
 */
import { renderInvoicePdf, type InvoicePdfInput } from "./invoice-pdf";

/** The PDF's bytes (copied to the calling thread: a few hundred KB at most, nothing beside the rendering). */
export default async function renderTask(input: InvoicePdfInput): Promise<Uint8Array> {
  // the logo arrives as a Uint8Array (structured cloning drops Buffer's class): react-pdf wants a Buffer
  const logo = input.logo ? { ...input.logo, data: Buffer.from(input.logo.data.buffer, input.logo.data.byteOffset, input.logo.data.byteLength) } : null;
  return renderInvoicePdf({ ...input, logo });
}
