import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type { ExportKind } from '@karya/domain/export-schemas';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import yazl from 'yazl';
import { columnsFor, titleOf } from './export-columns';
import { csvCell, type ExportSource, exportPages, xlsxCell } from './export-rows';

export interface KindExport extends Omit<ExportSource, 'kind'> {
  admin: boolean;
}

/** Excel reads a CSV as UTF-8 (names in Devanagari, ₹) only when it starts with the BOM. */
const BOM = '\ufeff';
/** RFC 4180's line ends, which Excel and the import read alike. */
const CSV_OPTIONS = { record_delimiter: 'windows' } as const;

/** One kind as CSV text, chunk by page: the header line first, then each page's lines. */
async function* csvChunks(kind: ExportKind, source: KindExport): AsyncGenerator<string> {
  const columns = columnsFor(kind, source.admin);
  yield BOM + stringify([columns.map((column) => column.header)], CSV_OPTIONS);
  for await (const rows of exportPages({ ...source, kind })) {
    yield stringify(
      rows.map((row) => columns.map((column) => csvCell(column, row[column.field]))),
      CSV_OPTIONS,
    );
  }
}

/** One kind's CSV as a stream that reads the database only as fast as it is read. */
export function csvStream(kind: ExportKind, source: KindExport): Readable {
  return Readable.from(csvChunks(kind, source), { objectMode: false });
}

/**
 * Every kind's CSV in one zip, each entry read from the database only when the zip reaches it
 * (yazl writes entries one after the other), so the whole business passes through a page at a
 * time.
 */
export function zipStream(kinds: readonly ExportKind[], source: KindExport): Readable {
  const zip = new yazl.ZipFile();
  for (const kind of kinds) {
    zip.addReadStreamLazy(`${kind}.csv`, (callback) => callback(null, csvStream(kind, source)));
  }
  zip.end();
  return zip.outputStream as Readable;
}

/**
 * A workbook of the kinds, a sheet each, written by exceljs' streaming WorkbookWriter: each row
 * is committed as it is written, and each page waits until the client has taken what came
 * before, so neither the rows nor the zipped sheet pile up in memory.
 */
export function xlsxStream(kinds: readonly ExportKind[], source: KindExport): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const write = async () => {
    for (const kind of kinds) {
      const columns = columnsFor(kind, source.admin);
      const sheet = workbook.addWorksheet(titleOf(kind));
      sheet.addRow(columns.map((column) => column.header)).commit();
      for await (const rows of exportPages({ ...source, kind })) {
        for (const row of rows) {
          sheet.addRow(columns.map((column) => xlsxCell(column, row[column.field]))).commit();
        }
        if (out.writableNeedDrain) await once(out, 'drain', { signal: source.signal });
      }
      sheet.commit();
      if (source.signal.aborted) return;
    }
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    if (!out.destroyed) out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
