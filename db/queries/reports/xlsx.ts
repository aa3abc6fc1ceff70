/** A report's tables as one XLSX workbook (exceljs): a sheet per table, money in euro and hours as numbers with Italian-readable formats, the totals row last. */
import "server-only";
import ExcelJS from "exceljs";
import { REPORT_COLUMNS, REPORT_TITLES, type ReportColumn, type ReportResult, type ReportType } from "@/lib/schemas/report";

const FORMATS: Partial<Record<ReportColumn["type"], string>> = { money: "#,##0.00 €", rate: "#,##0.00 €", minutes: "#,##0.00", number: "#,##0" };

/** A cell's value: cents → euro, minutes → hours, dates as dates. */
function cell(column: ReportColumn, value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  switch (column.type) {
    case "money":
    case "rate":
      return Number(value) / 100;
    case "minutes":
      return Math.round((Number(value) * 100) / 60) / 100;
    case "number":
      return Number(value);
    case "date":
      return new Date(`${String(value)}T00:00:00Z`);
    default:
      return String(value);
  }
}

export async function reportXlsx(type: ReportType, result: ReportResult): Promise<{ bytes: ArrayBuffer; name: string }> {
  const book = new ExcelJS.Workbook();
  const tables = [{ title: REPORT_TITLES[type], columns: REPORT_COLUMNS[type], rows: result.rows, totals: result.totals as Record<string, unknown> }, ...(result.tables ?? [])];
  for (const table of tables) {
    const sheet = book.addWorksheet(table.title.slice(0, 31));
    sheet.columns = table.columns.map((c) => ({ header: c.label, key: c.field, width: c.type === "text" ? 32 : 18, style: FORMATS[c.type] ? { numFmt: FORMATS[c.type] } : c.type === "date" ? { numFmt: "dd/mm/yyyy" } : {} }));
    sheet.getRow(1).font = { bold: true };
    for (const row of table.rows) sheet.addRow(Object.fromEntries(table.columns.map((c) => [c.field, cell(c, row[c.field])])));
    if (table.totals) {
      const totals = table.totals;
      const last = sheet.addRow(Object.fromEntries(table.columns.map((c, i) => [c.field, i === 0 ? "Totale" : c.field in totals ? cell(c, totals[c.field]) : null])));
      last.font = { bold: true };
    }
  }
  const bytes = (await book.xlsx.writeBuffer()) as ArrayBuffer;
  const name = `${REPORT_TITLES[type].toLowerCase().replace(/\s+/g, "-")}-${result.filters.from}-${result.filters.to}.xlsx`;
  return { bytes, name };
}
