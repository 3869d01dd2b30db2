import type { z } from 'zod';

/**
 * What every import kind is made of (issue 36): its columns as the template names them, the
 * synonyms other tools' exports use, and how a row's cells become the input of the form that
 * adds one record, so a row is checked by that form's own zod schema and messages. A kind is
 * one file of packages/domain/src/import-kinds/ listed in import-schemas.ts, and one file of
 * the server's modules/imports/kind-<kind>.ts that writes it.
 */

export const IMPORT_KINDS = [
  'customers',
  'leads',
  'items',
  'opening-stock',
  'technicians',
  'amc-contracts',
  'opening-dues',
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** A cell as read from a sheet: text (CSV, text cells), a number, a yes/no, a date as 'YYYY-MM-DD', or blank. */
export type ImportCell = string | number | boolean | null;
/** One row's cells by column key; columns the file lacks are absent. */
export type ImportValues = Record<string, ImportCell>;

export type ImportColumnType = 'text' | 'number' | 'boolean' | 'date';

export interface ImportColumn {
  /** The field of the form's input it fills (so a schema's error path names the column). */
  key: string;
  /** The template's header. */
  label: string;
  required: boolean;
  type: ImportColumnType;
  /** Other headers taken for it (other tools' exports, Hindi-English shorthand). */
  synonyms: readonly string[];
  /** What the template's notes say about the values allowed. */
  hint?: string;
  /** A value never kept as typed nor shown again (a password): blanked in the stored row. */
  secret?: boolean;
}

export interface ImportCellError {
  /** The column's template label; '' when the row as a whole is refused. */
  column: string;
  message: string;
}

export type RowCheck<I> = { ok: true; input: I } | { ok: false; errors: ImportCellError[] };

export interface ImportKindDefinition<I = unknown> {
  kind: ImportKind;
  /** 'Customers', as the import screen and the history name it. */
  label: string;
  /** Whether rows land in one branch (chosen at upload; a manager's is their own). */
  perBranch: boolean;
  /** Whether a branch manager may import it (contacts and stock: issue 36). */
  managers: boolean;
  columns: readonly ImportColumn[];
  /** The template's example row, by column key. */
  example: ImportValues;
  /** A row's cells checked by the form's schema: its input, or the errors by column. */
  check(values: ImportValues): RowCheck<I>;
  /**
   * The keys a row is the same record by, within the file and in the database (a customer's
   * phone as Karya's phone search matches it; an item's id or name), each with its column.
   */
  keys(input: I): readonly { column: string; key: string }[];
}

/** A header as compared: case, spaces and punctuation ignored ('Phone No.' is 'phoneno'). */
export const headerKey = (header: string): string =>
  header
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

const blank = (cell: ImportCell | undefined) =>
  cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');

/** '₹ 1,200.50', 'Rs. 1200', '18%' read as the number they say; anything else is left as text. */
function numberOf(cell: string | number | boolean): number | string | boolean {
  if (typeof cell !== 'string') return cell;
  const compact = cell
    .trim()
    .replace(/^(₹|rs\.?|inr)\s*/i, '')
    .replace(/%$/, '')
    .replace(/[,\s]/g, '');
  return /^-?\d+(\.\d+)?$/.test(compact) ? Number(compact) : cell.trim();
}

const YES = new Set(['yes', 'y', 'true', '1', 'haan', 'ha']);
const NO = new Set(['no', 'n', 'false', '0', 'nahi']);
function booleanOf(cell: string | number | boolean): boolean | string | number {
  if (typeof cell === 'boolean') return cell;
  const word = String(cell).trim().toLowerCase();
  if (YES.has(word)) return true;
  if (NO.has(word)) return false;
  return cell;
}

/**
 * A cell as the form would send it: a number column's digits as a JSON number (a form's number
 * input), a yes/no column's word as true/false, a text column's number as its digits (a phone
 * typed into a number cell). Blank is absent, as an empty optional field. A value that is not
 * what the column holds is passed on as it is, so the form's schema refuses it with its message.
 */
export function formValue(column: ImportColumn, cell: ImportCell | undefined): unknown {
  if (blank(cell)) return undefined;
  const value = cell as string | number | boolean;
  switch (column.type) {
    case 'number':
      return numberOf(value);
    case 'boolean':
      return booleanOf(value);
    case 'date':
    case 'text':
      return typeof value === 'string' ? value.trim() : String(value);
  }
}

/** The row's cells as the form's fields, by column key. */
export function formFields(
  columns: readonly ImportColumn[],
  values: ImportValues,
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const column of columns) {
    const value = formValue(column, values[column.key]);
    if (value !== undefined) fields[column.key] = value;
  }
  return fields;
}

/**
 * A row checked by a form's schema. `toInput` shapes the fields as the form posts them (a lead's
 * remark inside initialRemark); `columnOf` names the column of an error path the shaping moved.
 * Each column says its first error only, as the form shows one message under a field.
 */
export function checkWithSchema<S extends z.ZodType>(
  columns: readonly ImportColumn[],
  schema: S,
  values: ImportValues,
  toInput: (fields: Record<string, unknown>) => unknown = (fields) => fields,
  columnOf: (path: readonly PropertyKey[]) => string | undefined = (path) =>
    typeof path[0] === 'string' ? path[0] : undefined,
): RowCheck<z.output<S>> {
  const parsed = schema.safeParse(toInput(formFields(columns, values)));
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: ImportCellError[] = [];
  const seen = new Set<string>();
  for (const issue of parsed.error.issues) {
    const key = columnOf(issue.path);
    const label = columns.find((column) => column.key === key)?.label ?? '';
    if (seen.has(label)) continue;
    seen.add(label);
    errors.push({ column: label, message: issue.message });
  }
  return { ok: false, errors };
}
