/**
 * Support CLI for FatturaPA files.
 *   npm run fatturapa -- parse FILE   → JSON, one entry per body (amounts in cents, dates yyyy-mm-dd)
 *   npm run fatturapa -- check FILE   → XSD validation + SDI pre-check
 * Exit codes: 0 ok, 1 file refused / check failed, 2 usage error.
 */
import { readFileSync, statSync } from "node:fs";
import { InvoiceRefusedError, MAX_FILE_BYTES, parseInvoiceFile, toSupportJson } from "@/lib/fiscal/received";
import { precheckInvoice } from "@/lib/fiscal/precheck";

function usage(): never {
  process.stderr.write("Uso: npm run fatturapa -- parse|check FILE\n");
  process.exit(2);
}

async function main(): Promise<number> {
  const [command, file] = process.argv.slice(2);
  if (!file || (command !== "parse" && command !== "check")) usage();
  let bytes: Uint8Array;
  try {
    if (statSync(file).size > MAX_FILE_BYTES) {
      process.stderr.write("File rifiutato: Il file supera la dimensione massima di 50 MB\n");
      return 1;
    }
    bytes = readFileSync(file);
  } catch {
    process.stderr.write(`Impossibile leggere il file: ${file}\n`);
    return 2;
  }
  try {
    const parsed = await parseInvoiceFile(bytes);
    if (command === "parse") {
      process.stdout.write(JSON.stringify(toSupportJson(parsed), null, 2) + "\n");
      return 0;
    }
    const issues = precheckInvoice(parsed);
    if (parsed.signature.signed) {
      process.stdout.write(`Firma: ${parsed.signature.valid ? "valida" : `non valida${parsed.signature.error ? ` (${parsed.signature.error})` : ""}`}\n`);
    }
    process.stdout.write("Schema XSD FatturaPA 1.2.3: valido\n");
    if (issues.length === 0) {
      process.stdout.write("Controlli SDI: nessun problema rilevato\n");
      return 0;
    }
    process.stdout.write(`Controlli SDI: ${issues.length} problemi\n`);
    for (const i of issues) process.stdout.write(`[${i.code}] ${i.body ? `(fattura ${i.body}) ` : ""}${i.message}\n`);
    return 1;
  } catch (e) {
    if (e instanceof InvoiceRefusedError) {
      if (command === "check") process.stdout.write(`[00200] ${e.message}\n`);
      process.stderr.write(`File rifiutato: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`Errore imprevisto: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(3);
  },
);
