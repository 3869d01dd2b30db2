import { z } from 'zod';
import {
  headerKey,
  IMPORT_KINDS,
  type ImportColumn,
  type ImportKind,
  type ImportKindDefinition,
} from './import-kind';
import { amcContractsImport } from './import-kinds/amc-contracts';
import { customersImport } from './import-kinds/customers';
import { itemsImport } from './import-kinds/items';
import { leadsImport } from './import-kinds/leads';
import { openingDuesImport } from './import-kinds/opening-dues';
import { openingStockImport } from './import-kinds/opening-stock';
import { techniciansImport } from './import-kinds/technicians';

/**
 * The import's contract (issue 36), for the server, the /import screen and the kinds added
 * later: the kinds and their columns, header matching, and the answers of /api/imports.
 */

export {
  checkWithSchema,
  formFields,
  formValue,
  headerKey,
  IMPORT_KINDS,
  type ImportCell,
  type ImportCellError,
  type ImportColumn,
  type ImportKind,
  type ImportKindDefinition,
  type ImportValues,
  type RowCheck,
} from './import-kind';

/**
 * The kinds built so far; a kind not here answers 400 "not importable yet". Adding one is a
 * file in import-kinds/ and a line here (and its writer, apps/server/src/modules/imports/kind-<kind>.ts).
 */
export const IMPORT_DEFINITIONS: Partial<Record<ImportKind, ImportKindDefinition<never>>> = {
  customers: customersImport as ImportKindDefinition<never>,
  leads: leadsImport as ImportKindDefinition<never>,
  items: itemsImport as ImportKindDefinition<never>,
  technicians: techniciansImport as ImportKindDefinition<never>,
  'opening-stock': openingStockImport as ImportKindDefinition<never>,
  'amc-contracts': amcContractsImport as ImportKindDefinition<never>,
  'opening-dues': openingDuesImport as ImportKindDefinition<never>,
};

export const definitionOf = (kind: ImportKind) =>
  IMPORT_DEFINITIONS[kind] as ImportKindDefinition<unknown> | undefined;

/** The limits of one file: what a shop's whole history fits in, and a server can check fast. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
/** Rows the preview answer shows; the rest are read page by page. */
export const IMPORT_SAMPLE_ROWS = 20;
/** Errors and duplicates the preview lists; the error-rows file holds them all. */
export const IMPORT_MAX_LISTED = 1000;

export const IMPORT_MESSAGES = {
  kindRequired: `Kind must be one of ${IMPORT_KINDS.join(', ')}`,
  kindNotYet: (kind: string) => `Importing ${kind} is not available yet`,
  fileRequired: 'Please choose an .xlsx or .csv file',
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB: split it into smaller files`,
  notSpreadsheet: 'The file is not a spreadsheet: upload an .xlsx workbook or a .csv file',
  emptySheet:
    'The sheet has no rows: the first row must name the columns, the rows below hold the data',
  noHeader: 'The first row must name the columns (for example Name, Phone)',
  tooManyRows: `A file may hold at most ${IMPORT_MAX_ROWS.toLocaleString('en-IN')} rows: split it into smaller files`,
  formulaCell: (cell: string) =>
    `Cell ${cell} holds a formula: paste the values only (Paste Special > Values) and upload again`,
  branchRequired: 'Please select a branch',
  branchNotFound: 'Branch not found',
  managersOnlyContacts: 'Managers may import only their branch’s customers, leads and stock',
  otherBranch: 'You can import only into your own branch',
  badMapping:
    'Mapping must be a JSON object of a file header to a column key (or "" to ignore the header)',
  mappingUnknownColumn: (key: string) => `Mapping names a column that does not exist: ${key}`,
  importNotFound: 'Import not found',
  alreadyCommitted: 'This import has already been committed',
  onDuplicate: "onDuplicate must be 'skip' or 'update'",
  previewed: 'Import checked: review the rows before committing',
  committing: 'Import started',
} as const;

/** A header of the file and the column it was taken for (null: ignored). */
export interface HeaderMatch {
  header: string;
  /** 1-based position in the sheet (A is 1), so two headers of one name stay apart. */
  position: number;
  column: string | null;
}

/**
 * The column each header is taken for: the mapping's choice first ('' ignores a header), then a
 * label or synonym compared without case, spaces or punctuation. A column is taken once: a
 * second header for it is left unmatched, for the mapping step.
 */
export function matchHeaders(
  columns: readonly ImportColumn[],
  headers: readonly string[],
  mapping: Readonly<Record<string, string>> = {},
): HeaderMatch[] {
  const byKey = new Map<string, string>();
  for (const column of columns) {
    for (const name of [column.label, column.key, ...column.synonyms]) {
      const key = headerKey(name);
      if (key && !byKey.has(key)) byKey.set(key, column.key);
    }
  }
  const taken = new Set<string>();
  const mapped = new Map(Object.entries(mapping).map(([header, key]) => [headerKey(header), key]));
  return headers.map((header, index) => {
    const key = headerKey(header);
    const chosen = mapped.has(key) ? mapped.get(key) || null : (byKey.get(key) ?? null);
    const column = chosen && !taken.has(chosen) ? chosen : null;
    if (column) taken.add(column);
    return { header, position: index + 1, column };
  });
}

/** The columns no header was taken for that a mapping may still give one. */
export const unmatchedColumns = (
  columns: readonly ImportColumn[],
  matches: readonly HeaderMatch[],
) => columns.filter((column) => !matches.some((match) => match.column === column.key));

/** A spreadsheet's column letters for a 1-based position: 1 A, 27 AA. */
export function columnLetter(position: number): string {
  let letters = '';
  for (let n = position; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** 'Row 14: Phone number must be 10 digits', the way the preview and error file say it. */
export const rowMessage = (error: { row: number; message: string }) =>
  `Row ${error.row}: ${error.message}`;

/* --------------------------------------------------------------------- requests */

export const importKindField = z.enum(IMPORT_KINDS, { error: IMPORT_MESSAGES.kindRequired });

/** A header → column key map, as the mapping step sends it (a JSON text in the multipart form). */
export const importMappingSchema = z.record(z.string().max(200), z.string().max(100), {
  error: IMPORT_MESSAGES.badMapping,
});

export const ON_DUPLICATE = ['skip', 'update'] as const;
export type OnDuplicate = (typeof ON_DUPLICATE)[number];

/** POST /api/imports/{id}/commit */
// A missing body says what to send, as a missing field does, not zod's 'expected object'.
export const commitImportSchema = z.object(
  { onDuplicate: z.enum(ON_DUPLICATE, { error: IMPORT_MESSAGES.onDuplicate }) },
  { error: IMPORT_MESSAGES.onDuplicate },
);
export type CommitImportInput = z.infer<typeof commitImportSchema>;

/* ---------------------------------------------------------------------- answers */

export const IMPORT_STATUSES = ['previewed', 'committing', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

const ref = z.object({ _id: z.string(), name: z.string() });

export const importRowErrorSchema = z.object({
  /** The row as the spreadsheet numbers it: the header is row 1. */
  row: z.number(),
  /** The column's template label ('Phone'); '' for the row as a whole. */
  column: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** GET /api/imports/{id}: where a commit stands, and what an import was. */
export const importStatusSchema = z.object({
  _id: z.string(),
  kind: importKindField,
  fileName: z.string(),
  branch: ref.nullable(),
  status: z.enum(IMPORT_STATUSES),
  onDuplicate: z.enum(ON_DUPLICATE).nullable(),
  /** Rows with an outcome (committing: so far) of total. */
  done: z.number(),
  total: z.number(),
  created: z.number(),
  updated: z.number(),
  skipped: z.number(),
  /** Rows refused at commit (an error found in the preview, or a record changed since). */
  failed: z.number(),
  createdBy: ref.nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportStatusAnswer = z.infer<typeof importStatusSchema>;

export const importColumnAnswerSchema = z.object({
  key: z.string(),
  label: z.string(),
  required: z.boolean(),
  hint: z.string().optional(),
});

/** POST /api/imports: the check of a file; nothing but the import and its rows is written. */
export const importPreviewSchema = importStatusSchema.extend({
  toCreate: z.number(),
  /** Rows of a record that exists: updated with onDuplicate 'update', skipped with 'skip'. */
  toUpdate: z.number(),
  /** Rows with an error, and repeats of an earlier row of the file. */
  toSkip: z.number(),
  /** Rows that repeat an earlier row of the file or a record that exists. */
  duplicates: z.number(),
  /** Rows with at least one error. */
  errorRows: z.number(),
  /** Each error, row by row (at most IMPORT_MAX_LISTED; errorRows counts them all). */
  errors: z.array(importRowErrorSchema),
  /** Each duplicate: 'Same phone as row 3' or 'A customer with this phone exists'. */
  duplicateRows: z.array(importRowErrorSchema),
  columns: z.array(importColumnAnswerSchema),
  headers: z.array(
    z.object({ header: z.string(), position: z.number(), column: z.string().nullable() }),
  ),
  /** Headers taken for no column, and the columns a mapping may give them. */
  unmatched: z.array(z.object({ header: z.string(), candidates: z.array(z.string()) })),
  /** Required columns no header was taken for: every row then fails on them. */
  missingColumns: z.array(z.string()),
  /** The first rows as read, for the preview table. */
  sample: z.array(
    z.object({
      row: z.number(),
      values: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
      outcome: z.enum(['create', 'update', 'skip', 'error']),
    }),
  ),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** GET /api/imports: past imports, newest first. */
export const importListSchema = z.array(importStatusSchema);

/** GET /api/import-kinds: what the screen offers the user (kinds built and allowed). */
export const importKindsAnswerSchema = z.array(
  z.object({
    kind: importKindField,
    label: z.string(),
    perBranch: z.boolean(),
    managers: z.boolean(),
    columns: z.array(importColumnAnswerSchema),
  }),
);
