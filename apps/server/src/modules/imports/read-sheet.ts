import { Readable } from 'node:stream';
import type { ImportCell } from '@karya/domain/import-schemas';
import { columnLetter, IMPORT_MAX_ROWS, IMPORT_MESSAGES as M } from '@karya/domain/import-schemas';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { badRequest, HttpError } from '../../http/errors';

/** A sheet as read: its header row, and each data row with the number the sheet shows it by. */
export interface Sheet {
  headers: string[];
  rows: { rowNumber: number; cells: ImportCell[] }[];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Reads an .xlsx workbook's first sheet or a UTF-8 CSV (with or without BOM, quoted fields,
 * CRLF). Which one is decided by the bytes, not the name: an .xlsx is a zip; anything else must
 * be text. Rows past IMPORT_MAX_ROWS stop the reading with a 400, so a 200,000-row file is
 * refused without being held. A formula cell is refused naming the cell: its cached value may
 * be stale or missing (tools other than Excel save none), and a shop's list pasted as values is
 * what it means to import.
 */
export async function readSheet(bytes: Buffer): Promise<Sheet> {
  if (bytes.length === 0) throw badRequest(M.emptySheet);
  const sheet = bytes.subarray(0, 4).equals(ZIP_MAGIC)
    ? await readWorkbook(bytes)
    : await readCsv(bytes);
  if (sheet.headers.every((header) => header === '')) throw badRequest(M.emptySheet);
  if (sheet.rows.length === 0) throw badRequest(M.emptySheet);
  return sheet;
}

const isBlank = (cells: ImportCell[]) =>
  cells.every((cell) => cell === null || (typeof cell === 'string' && cell.trim() === ''));

/** Text a header cell says, whatever its type. */
const headerText = (cell: ImportCell) => (cell === null ? '' : String(cell).trim());

function collect(sheet: Sheet, rowNumber: number, cells: ImportCell[]) {
  if (sheet.headers.length === 0) {
    // The first row that is not blank is the header.
    if (isBlank(cells)) return;
    sheet.headers = cells.map(headerText);
    return;
  }
  if (isBlank(cells)) return;
  if (sheet.rows.length >= IMPORT_MAX_ROWS) throw badRequest(M.tooManyRows);
  sheet.rows.push({ rowNumber, cells });
}

/* ------------------------------------------------------------------- CSV */

async function readCsv(bytes: Buffer): Promise<Sheet> {
  const body = bytes.subarray(0, 3).equals(UTF8_BOM) ? bytes.subarray(3) : bytes;
  if (body.includes(0) || !isUtf8(body)) throw badRequest(M.notSpreadsheet);
  const sheet: Sheet = { headers: [], rows: [] };
  const parser = Readable.from([body]).pipe(
    parse({ relax_column_count: true, skip_empty_lines: false, bom: true, info: true }),
  );
  try {
    // Numbered by record, as Excel numbers the rows of a CSV: a quoted field's line breaks stay
    // in its row.
    for await (const record of parser as AsyncIterable<{
      record: string[];
      info: { records: number };
    }>) {
      collect(sheet, record.info.records, record.record);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // An unclosed quote, a quote inside an unquoted field: the parser says where.
    const reason =
      error instanceof Error ? error.message.replace(/^Invalid Record Length: /, '') : '';
    throw badRequest(`${M.notSpreadsheet}${reason ? ` (${reason})` : ''}`);
  }
  return sheet;
}

function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/* ------------------------------------------------------------------ XLSX */

type ExcelValue = ExcelJS.CellValue;

/** 'YYYY-MM-DD' of a date cell: a day in a sheet has no time zone, exceljs gives it as UTC. */
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

function cellOf(value: ExcelValue, address: string): ImportCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  if (value instanceof Date) return dayOf(value);
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) throw badRequest(M.formulaCell(address));
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return String(value.error);
  }
  return String(value);
}

async function readWorkbook(bytes: Buffer): Promise<Sheet> {
  const sheet: Sheet = { headers: [], rows: [] };
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  });
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        const cells: ImportCell[] = [];
        const values = row.values as ExcelValue[];
        // row.values is 1-based: index 0 is always empty.
        for (let position = 1; position < values.length; position += 1) {
          cells.push(cellOf(values[position], `${columnLetter(position)}${row.number}`));
        }
        collect(sheet, row.number, cells);
      }
      // The first sheet only: a workbook's other sheets are notes, lookups, old copies.
      break;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw badRequest(M.notSpreadsheet);
  }
  return sheet;
}
