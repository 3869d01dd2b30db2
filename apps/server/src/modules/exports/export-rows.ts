import type { ExportKind } from '@karya/domain/export-schemas';
import { rupeesDecimal } from '@karya/domain/rupees-decimal';
import type { Database } from '../../db/client';
import { type ExportRow, exportPage, firstKeyOf } from './export.queries';
import type { ExportColumn } from './export-columns';

/**
 * Rows per page read: large enough that a million orders is 500 round trips, small enough
 * that a page (and its rows written) is a few megabytes at most.
 */
export const EXPORT_PAGE_ROWS = 2000;

export interface ExportSource {
  db: Database;
  kind: ExportKind;
  branchId: string | undefined;
  /** Aborted when the client goes away: no further page is read. */
  signal: AbortSignal;
}

/**
 * The kind's rows, page after page, until the last page or the client leaves. The next page is
 * asked for as soon as a page arrives, so the database works while the page is written: at
 * most two pages are held.
 */
export async function* exportPages(
  source: ExportSource,
): AsyncGenerator<Record<string, unknown>[]> {
  const read = (after: string) =>
    exportPage(source.db, source.kind, {
      branchId: source.branchId,
      after,
      limit: EXPORT_PAGE_ROWS,
    });
  let next: Promise<ExportRow[]> | null = read(firstKeyOf(source.kind));
  try {
    while (next && !source.signal.aborted) {
      const rows: ExportRow[] = await next;
      const last = rows.at(-1);
      next = rows.length === EXPORT_PAGE_ROWS && last ? read(last._key) : null;
      if (rows.length > 0) yield rows;
    }
  } finally {
    // A page asked for and never wanted (the client left): its failure is nobody's.
    next?.catch(() => {});
  }
}

export type Cell = string | number | null;

/** PostgreSQL's bigint arrives as a string from pg and a bigint from PGlite: whole paise either way. */
const paiseOf = (value: unknown) => Number(value);

function present(value: unknown): boolean {
  return value !== null && value !== undefined && value !== '';
}

/** A cell for a workbook: money as rupees (a number a spreadsheet sums), numbers as numbers. */
export function xlsxCell(column: ExportColumn, value: unknown): Cell {
  if (!present(value)) return null;
  switch (column.type) {
    case 'money':
      return paiseOf(value) / 100;
    case 'number':
      return Number(value);
    case 'yes-no':
      return value ? 'yes' : 'no';
    default:
      return String(value);
  }
}

/** A cell for a CSV: money as '1234.50', exact to the paisa. */
export function csvCell(column: ExportColumn, value: unknown): string {
  if (!present(value)) return '';
  switch (column.type) {
    case 'money':
      return rupeesDecimal(paiseOf(value));
    case 'number':
      return String(Number(value));
    case 'yes-no':
      return value ? 'yes' : 'no';
    default:
      return String(value);
  }
}
