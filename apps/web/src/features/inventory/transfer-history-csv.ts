import { formatDateTime } from '@karya/domain/format';
import type { TransferRecord } from '@karya/domain/inventory-answers';

/** Spec 2 §9: the export's columns, in order. */
export const TRANSFER_CSV_COLUMNS = [
  'Date',
  'Item ID',
  'Item Name',
  'Type',
  'From',
  'To',
  'Quantity',
  'Serial Number',
  'Transferred By',
] as const;

// A spreadsheet runs a cell that starts with one of these as a formula; a leading quote
// keeps a product name such as "=HYPERLINK(...)" plain text (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: quoted when it holds a comma, quote or line break; quotes doubled. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 lines (CRLF), header first. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>) {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n');
}

export function transferHistoryCsv(records: readonly TransferRecord[]): string {
  return toCsv([
    TRANSFER_CSV_COLUMNS,
    ...records.map((record) => [
      formatDateTime(record.timestamp),
      record.itemId,
      record.itemName,
      record.type,
      record.from,
      record.to,
      record.quantity,
      record.serialNumber ?? '',
      record.transferredBy,
    ]),
  ]);
}

/** Spec 2 §9: the filename carries today's date (local, YYYY-MM-DD). */
export function transferHistoryFilename(today: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  return `inventory-transfer-history-${day}.csv`;
}
