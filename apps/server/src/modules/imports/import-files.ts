import type { Readable } from 'node:stream';
import {
  columnLetter,
  type ImportCell,
  type ImportKindDefinition,
  rowMessage,
} from '@karya/domain/import-schemas';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { Database } from '../../db/client';
import { errorRows, type ImportRow } from './imports.queries';

/** Rows read per query while the error file is written. */
const PAGE = 1000;

const csvCell = (cell: ImportCell) => (cell === null ? '' : String(cell));

/**
 * The rows to fix, as a CSV to correct and upload again: the file's own headers and cells
 * (a password column left blank: it is never kept), and an 'Error' column saying each of the
 * row's errors as the preview did. Streamed page by page, with a BOM so Excel reads it as UTF-8.
 */
export function errorRowsCsv(db: Database, upload: ImportRow): Readable {
  const headers = upload.headers.map((header, index) => header.header || columnLetter(index + 1));
  const out = stringify({ bom: true, record_delimiter: 'windows' });
  out.write([...headers, 'Error']);
  (async () => {
    let after = 0;
    for (;;) {
      const page = await errorRows(db, upload.id, after, PAGE);
      for (const row of page) {
        const messages = row.errors?.length
          ? row.errors.map((error) =>
              rowMessage({
                row: row.rowNumber,
                message: error.column ? `${error.column}: ${error.message}` : error.message,
              }),
            )
          : [rowMessage({ row: row.rowNumber, message: row.message ?? 'Not imported' })];
        const cells = headers.map((_, index) => csvCell(row.cells[index] ?? null));
        out.write([...cells, messages.join('; ')]);
        after = row.rowNumber;
      }
      if (page.length < PAGE) break;
    }
    out.end();
  })().catch((error) => out.destroy(error));
  return out;
}

/**
 * The template of a kind: its columns as headers (required ones marked in a note), one example
 * row, and a second sheet explaining each column, so the shop fills it in without reading docs.
 */
export async function templateOf(definition: ImportKindDefinition): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Karya';
  const sheet = workbook.addWorksheet(definition.label);
  sheet.addRow(definition.columns.map((column) => column.label));
  sheet.addRow(definition.columns.map((column) => definition.example[column.key] ?? null));
  sheet.getRow(1).font = { bold: true };
  definition.columns.forEach((column, index) => {
    sheet.getColumn(index + 1).width = Math.max(12, column.label.length + 4);
    // Phones and codes kept as typed: Excel would otherwise drop a leading 0 or write 9.9E+09.
    if (column.type === 'text') sheet.getColumn(index + 1).numFmt = '@';
  });
  const notes = workbook.addWorksheet('Columns');
  notes.addRow(['Column', 'Required', 'Also read from', 'Values']);
  notes.getRow(1).font = { bold: true };
  for (const column of definition.columns) {
    notes.addRow([
      column.label,
      column.required ? 'yes' : 'no',
      column.synonyms.join(', '),
      column.hint ?? '',
    ]);
  }
  notes.getColumn(1).width = 20;
  notes.getColumn(3).width = 50;
  notes.getColumn(4).width = 50;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
