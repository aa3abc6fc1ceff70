/**
 * Grid export (CSV or XLSX) honouring the list's filters, search and sort, streamed so memory stays
 * flat: on PostgreSQL the rows come from a server-side cursor (postgres-js `cursor()`), on PGlite
 * from id-subquery batches; CSV is encoded per batch into a ReadableStream, XLSX goes through
 * exceljs' streaming WorkbookWriter.
 */
import { PassThrough, Readable } from "node:stream";
import { once } from "node:events";
import ExcelJS from "exceljs";
import { recordAuditEvent } from "@/db/queries/audit-events";
import type { TenantScope } from "@/db/scope";
import { BadRequestError } from "@/lib/errors";
import { formatDate } from "@/lib/format";
import type { ResolvedColumn, AnyGrid } from "./define";
import { scaleOf } from "./filters";
import { mapRow, pageQuery } from "./query";
import { parseGridRequest, type GridRequest, type GridRequestInput } from "./request";

export const EXPORT_BATCH = 2000;
export const MAX_EXPORT_ROWS = 1_000_000;

export type ExportFormat = "csv" | "xlsx";

const romeDateTime = new Intl.DateTimeFormat("it-IT", {
  timeZone: "Europe/Rome",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "05/03/2024 14:30" in Italian time. */
export function formatRomeDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const p = Object.fromEntries(romeDateTime.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** A scaled integer as a plain number with a decimal comma and no grouping ("-1234,50"): spreadsheets read it as a number. */
export function plainNumber(scaled: number, scale: number): string {
  const negative = scaled < 0;
  const digits = String(Math.abs(Math.trunc(scaled))).padStart(scale + 1, "0");
  const text = scale > 0 ? `${digits.slice(0, -scale)},${digits.slice(-scale)}` : digits;
  return negative ? `-${text}` : text;
}

/**
 * A text cell that a spreadsheet would run as a formula (= + - @, or a leading tab or carriage
 * return) gets a leading apostrophe, as OWASP advises against CSV injection.
 */
export function neutralizeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A normalized row value as CSV text: numbers plain (decimal comma), dates Italian, text safe from formulas. */
export function formatExportValue(col: ResolvedColumn, v: unknown): string {
  if (v === null || v === undefined) return "";
  switch (col.type) {
    case "currency":
    case "currency4":
    case "currency8":
    case "decimal":
      return plainNumber(v as number, scaleOf(col));
    case "percentage":
      return plainNumber(v as number, scaleOf(col));
    case "integer":
      return String(v);
    case "date":
      return formatDate(v as string);
    case "datetime":
      return formatRomeDateTime(v as string);
    case "boolean":
      return v ? "Sì" : "No";
    case "entity":
      return neutralizeFormula((v as { toString: string }).toString ?? "");
    case "object":
      return neutralizeFormula(typeof v === "string" ? v : JSON.stringify(v));
    default:
      return neutralizeFormula(String(v));
  }
}

export function csvField(s: string): string {
  return /[";\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Columns to export: the `columns` list (each must be exportable) or the visible exportable ones. */
export function exportColumns(grid: AnyGrid, req: GridRequest, columnsParam: string | null): ResolvedColumn[] {
  if (!columnsParam || columnsParam.trim() === "") return grid.columns.filter((c) => c.exportable && !c.hidden);
  for (const c of req.columns) if (!c.exportable) throw new BadRequestError(`La colonna "${c.header}" non è esportabile`);
  if (req.columns.length === 0) throw new BadRequestError("Nessuna colonna da esportare");
  return req.columns;
}

/** Raw rows of the whole filtered set, batch by batch. */
export async function* exportBatches(scope: TenantScope, grid: AnyGrid, req: GridRequest, batch = EXPORT_BATCH): AsyncGenerator<Record<string, unknown>[]> {
  type Cursor = { cursor(n: number): AsyncIterable<Record<string, unknown>[]> };
  const client = (scope.platform as unknown as { $client?: { unsafe?: (query: string, params: never[]) => Cursor } }).$client;
  if (client && typeof client.unsafe === "function") {
    const q = pageQuery(scope, grid, req, MAX_EXPORT_ROWS, 0).toSQL();
    const cursor = client.unsafe(q.sql, q.params as never[]).cursor(batch);
    for await (const rows of cursor) yield rows;
    return;
  }
  for (let offset = 0; offset < MAX_EXPORT_ROWS; offset += batch) {
    const rows = (await pageQuery(scope, grid, req, batch, offset)) as unknown as Record<string, unknown>[];
    if (rows.length) yield rows;
    if (rows.length < batch) return;
  }
}

function fileName(grid: AnyGrid, format: ExportFormat): string {
  const d = new Date();
  const stamp = `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, "0")}${String(d.getDate()).padStart(2, "0")}`;
  return `${(grid.exportFileName ?? grid.name).replace(/[^A-Za-z0-9_-]/g, "_")}-${stamp}.${format}`;
}

/**
 * The batches, with the first one already read: a query that fails (bad data, a lost connection)
 * fails here, before the response's 200 and headers go out, and becomes a proper error answer.
 */
async function startBatches(scope: TenantScope, grid: AnyGrid, req: GridRequest): Promise<AsyncGenerator<Record<string, unknown>[]>> {
  const inner = exportBatches(scope, grid, req);
  const first = await inner.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* inner;
  })();
}

function csvStream(grid: AnyGrid, batches: AsyncGenerator<Record<string, unknown>[]>, columns: ResolvedColumn[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!headerSent) {
          headerSent = true;
          // BOM + ';' so Excel in Italian opens it with accents and columns right
          controller.enqueue(encoder.encode("\uFEFF" + columns.map((c) => csvField(c.header)).join(";") + "\r\n"));
          return;
        }
        const next = await batches.next();
        if (next.done) {
          controller.close();
          return;
        }
        let out = "";
        for (const raw of next.value) {
          const row = mapRow(grid, columns, raw);
          out += columns.map((c) => csvField(formatExportValue(c, row[c.field]))).join(";") + "\r\n";
        }
        controller.enqueue(encoder.encode(out));
      } catch (err) {
        console.error("[grid export] csv", err);
        controller.error(err);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

function xlsxCell(col: ResolvedColumn, v: unknown): ExcelJS.CellValue {
  if (v === null || v === undefined) return null;
  switch (col.type) {
    case "currency":
    case "currency4":
    case "currency8":
    case "decimal":
      return (v as number) / 10 ** scaleOf(col);
    case "percentage":
      return (v as number) / 10 ** scaleOf(col) / 100;
    case "integer":
      return v as number;
    case "date": {
      const [y, m, d] = String(v).split("-").map(Number) as [number, number, number];
      return new Date(Date.UTC(y, m - 1, d));
    }
    case "boolean":
      return v ? "Sì" : "No";
    case "entity":
      return (v as { toString: string }).toString ?? "";
    case "text":
      // an XLSX string cell is never run as a formula: kept as typed
      return String(v);
    default:
      return formatExportValue(col, v);
  }
}

function xlsxNumFmt(col: ResolvedColumn): string | undefined {
  switch (col.type) {
    case "currency":
    case "currency4":
    case "currency8":
    case "decimal": {
      const s = scaleOf(col);
      return s ? `#,##0.${"0".repeat(s)}` : "#,##0";
    }
    case "percentage":
      return "0.##%";
    case "date":
      return "dd/mm/yyyy";
    default:
      return undefined;
  }
}

function xlsxStream(grid: AnyGrid, batches: AsyncGenerator<Record<string, unknown>[]>, columns: ResolvedColumn[]): ReadableStream<Uint8Array> {
  const pass = new PassThrough({ highWaterMark: 1 << 20 });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: pass, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet("Dati");
  sheet.columns = columns.map((c) => ({
    header: c.header,
    key: c.field,
    width: Math.min(60, Math.max(10, Math.round((c.width ?? 120) / 7))),
    style: xlsxNumFmt(c) ? { numFmt: xlsxNumFmt(c) } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  (async () => {
    try {
      for await (const batch of batches) {
        for (const raw of batch) {
          const row = mapRow(grid, columns, raw);
          sheet.addRow(columns.map((c) => xlsxCell(c, row[c.field]))).commit();
        }
        // flat memory: wait for the reader when the zip output piles up
        if (pass.writableNeedDrain) await once(pass, "drain");
      }
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      console.error("[grid export] xlsx", err);
      pass.destroy(err as Error);
    }
  })();
  return Readable.toWeb(pass) as unknown as ReadableStream<Uint8Array>;
}

/** The export response: 400 for a bad format, columns or filters; otherwise a streamed file. */
export async function exportGridResponse(scope: TenantScope, grid: AnyGrid, searchParams: GridRequestInput): Promise<Response> {
  const params = searchParams instanceof URLSearchParams ? searchParams : new URLSearchParams(Object.entries(searchParams).filter(([, v]) => typeof v === "string") as [string, string][]);
  const format = (params.get("format") ?? "csv").toLowerCase();
  if (format !== "csv" && format !== "xlsx") throw new BadRequestError('Formato di esportazione non valido: usare "csv" o "xlsx"');
  const withoutPaging = new URLSearchParams(params);
  withoutPaging.delete("startRow");
  withoutPaging.delete("offset");
  withoutPaging.delete("limit");
  const req = parseGridRequest(grid, withoutPaging, scope);
  const columns = exportColumns(grid, req, params.get("columns"));
  req.columns = columns;
  const name = fileName(grid, format);
  const batches = await startBatches(scope, grid, req);
  // the audit log's 'Esportazione': every grid export of the product passes here, once its query has run
  await recordAuditEvent(scope, { event: "export", detail: `${grid.exportFileName ?? grid.name} (${format.toUpperCase()}, ${columns.length} colonne)` });
  const body = format === "csv" ? csvStream(grid, batches, columns) : xlsxStream(grid, batches, columns);
  return new Response(body, {
    headers: {
      "content-type": format === "csv" ? "text/csv; charset=utf-8" : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "content-disposition": `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "cache-control": "no-store",
    },
  });
}
