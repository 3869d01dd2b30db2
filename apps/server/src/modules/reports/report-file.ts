import { indiaDate } from '@karya/domain/financial-year';
import { toPaise } from '@karya/domain/money';
import type { ReportFormat } from '@karya/domain/report-schemas';
import { rupeesDecimal } from '@karya/domain/rupees-decimal';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

/**
 * The one writer of every report's download (issue 38): the table under the chart, as CSV or
 * XLSX, the same columns and rows the screen shows. A report is at most a year of days per
 * branch (or a branch's stock), so the file is built whole in memory; the exports module's
 * streaming writers are for whole tables of the business and read pages of its own kinds.
 */

/** text as it is; number as it is; money in rupees (an answer's figure), written to the paisa. */
export type ReportColumnType = 'text' | 'number' | 'money';

export interface ReportColumn {
  header: string;
  type: ReportColumnType;
}

export type ReportCell = string | number | null;

export interface ReportTable {
  /** The file's first word and the sheet's title: 'sales' → sales-2026-11-01-to-2026-11-30.csv. */
  name: string;
  columns: readonly ReportColumn[];
  rows: readonly (readonly ReportCell[])[];
}

/** Excel reads a CSV as UTF-8 (names in Devanagari, ₹) only when it starts with the BOM. */
const BOM = '\ufeff';
const NUMBER = /^[-+]?\d+(\.\d+)?$/;

/**
 * A text a spreadsheet would run as a formula (a customer's or item's name is typed by anyone)
 * gets a leading apostrophe, as the GST CSVs do.
 */
function safeText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !NUMBER.test(value) ? `'${value}` : value;
}

function csvCell(column: ReportColumn, value: ReportCell): string {
  if (value === null) return '';
  if (column.type === 'money') return rupeesDecimal(toPaise(Number(value)));
  if (column.type === 'number') return String(Number(value));
  return safeText(String(value));
}

function xlsxCell(column: ReportColumn, value: ReportCell): string | number | null {
  if (value === null) return null;
  if (column.type === 'money') return toPaise(Number(value)) / 100;
  if (column.type === 'number') return Number(value);
  return safeText(String(value));
}

/** The table as CSV: the BOM, a header line, a line a row, CRLF as RFC 4180 and Excel read. */
export function reportCsv(table: ReportTable): string {
  const lines = [
    table.columns.map((column) => column.header),
    ...table.rows.map((row) => table.columns.map((column, i) => csvCell(column, row[i] ?? null))),
  ];
  return BOM + stringify(lines, { record_delimiter: 'windows' });
}

/** The table as an XLSX workbook of one sheet: numbers as numbers, money with two decimals. */
export async function reportXlsx(table: ReportTable): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetTitle(table.name));
  sheet.addRow(table.columns.map((column) => column.header)).font = { bold: true };
  for (const row of table.rows) {
    sheet.addRow(table.columns.map((column, i) => xlsxCell(column, row[i] ?? null)));
  }
  table.columns.forEach((column, i) => {
    const sheetColumn = sheet.getColumn(i + 1);
    sheetColumn.width = Math.max(12, column.header.length + 2);
    if (column.type === 'money') sheetColumn.numFmt = '0.00';
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A sheet's title: Excel allows 31 characters and none of []:*?/\ . */
function sheetTitle(name: string): string {
  const title = name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);
  return title.charAt(0).toUpperCase() + title.slice(1);
}

/**
 * The name the browser saves the file under: 'sales-2026-11-01-to-2026-11-30.csv' for a range,
 * '<name>-<today in India>.xlsx' for a report of now (stock).
 */
export function reportFileName(
  name: string,
  range: { from: string; to: string } | null,
  format: Exclude<ReportFormat, 'json'>,
): string {
  const when = range ? `${range.from}-to-${range.to}` : indiaDate(new Date());
  return `${name}-${when}.${format}`;
}

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** Answers the table as a file the browser saves (Content-Disposition: attachment). */
export async function sendReportFile(
  reply: FastifyReply,
  table: ReportTable,
  format: Exclude<ReportFormat, 'json'>,
  range: { from: string; to: string } | null,
) {
  const body = format === 'csv' ? reportCsv(table) : await reportXlsx(table);
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header(
      'content-disposition',
      `attachment; filename="${reportFileName(table.name, range, format)}"`,
    )
    .send(body);
}
