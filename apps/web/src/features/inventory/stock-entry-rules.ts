import { INVENTORY_MESSAGES } from '@karya/domain/inventory-schemas';

/** Spec 2 §5 'Serial number entry in stock forms' and generic stock; pure, so testable. */
export const STOCK_MESSAGES = {
  duplicate: 'Duplicate serial number in current entries',
  exists: INVENTORY_MESSAGES.serialExists,
  valid: 'Serial number is valid',
  checkFailed: 'Error checking serial number',
  remarkRequired: INVENTORY_MESSAGES.remarkRequired,
  noValidSerials: 'No valid serial numbers to save',
  noValidQuantities: 'No valid quantities to save',
} as const;

export const SERIAL_CHECK_DELAY_MS = 500;

export interface SerialRow {
  key: number;
  serial: string;
}

export interface GenericRow {
  key: number;
  quantity: string;
  /** yyyy-mm-dd. */
  date: string;
  remark: string;
}

/** What the server said about one serial, kept by the serial's text. */
export type ServerCheck =
  | { state: 'checking' }
  | { state: 'free' }
  | { state: 'exists'; itemName: string }
  | { state: 'failed' };

export type SerialStatus =
  | { state: 'empty' }
  | { state: 'checking' }
  | { state: 'valid'; message: string }
  | { state: 'invalid'; message: string };

/** Local yyyy-mm-dd: the date field's default (spec 2 §2: today). */
export const today = () => new Date().toLocaleDateString('en-CA');

/** The keys of rows whose serial already appears in an earlier row. */
export function duplicateKeys(rows: readonly SerialRow[]): Set<number> {
  const seen = new Set<string>();
  const duplicates = new Set<number>();
  for (const row of rows) {
    const serial = row.serial.trim();
    if (!serial) continue;
    if (seen.has(serial)) duplicates.add(row.key);
    seen.add(serial);
  }
  return duplicates;
}

export function serialStatus(
  row: SerialRow,
  duplicates: ReadonlySet<number>,
  checks: Readonly<Record<string, ServerCheck>>,
): SerialStatus {
  const serial = row.serial.trim();
  if (!serial) return { state: 'empty' };
  if (duplicates.has(row.key)) return { state: 'invalid', message: STOCK_MESSAGES.duplicate };
  const check = checks[serial];
  // Not asked yet (the 500 ms pause is running) counts as being checked.
  if (!check || check.state === 'checking') return { state: 'checking' };
  if (check.state === 'free') return { state: 'valid', message: STOCK_MESSAGES.valid };
  if (check.state === 'exists')
    return { state: 'invalid', message: STOCK_MESSAGES.exists(check.itemName) };
  return { state: 'invalid', message: STOCK_MESSAGES.checkFailed };
}

/**
 * Whether any serial typed is still being checked (or waits for its pause): 'Prepare to Save'
 * waits for them, since preparing meanwhile would leave those serials out of the entry.
 */
export function checkingSerials(
  rows: readonly SerialRow[],
  checks: Readonly<Record<string, ServerCheck>>,
): boolean {
  const duplicates = duplicateKeys(rows);
  return rows.some((row) => serialStatus(row, duplicates, checks).state === 'checking');
}

export type Prepared<T> = { ok: true; entries: T[] } | { ok: false; problem: string };

/** The serials that would be saved: remark first, then at least one valid serial. */
export function prepareSerials(
  rows: readonly SerialRow[],
  checks: Readonly<Record<string, ServerCheck>>,
  remark: string,
): Prepared<SerialRow> {
  if (!remark.trim()) return { ok: false, problem: STOCK_MESSAGES.remarkRequired };
  const duplicates = duplicateKeys(rows);
  const valid = rows.filter((row) => serialStatus(row, duplicates, checks).state === 'valid');
  if (valid.length === 0) return { ok: false, problem: STOCK_MESSAGES.noValidSerials };
  return { ok: true, entries: valid };
}

export const quantityOf = (row: GenericRow) => Number(row.quantity.trim() || 0);

/** Entries of 0 or less are dropped; each remaining one needs a whole quantity and a remark. */
/**
 * The validation message still worth showing: the one shown after 'Prepare to Save' stays
 * only while the entry still has that very problem, so it goes as soon as the field it
 * names is fixed (issue 15 §10), and the next problem, if any, waits for the next try.
 */
export function currentProblem(shown: string | null, prepared: Prepared<unknown>): string | null {
  if (!shown || prepared.ok) return null;
  return prepared.problem === shown ? shown : null;
}

export function prepareGeneric(rows: readonly GenericRow[]): Prepared<GenericRow> {
  const kept = rows.filter((row) => quantityOf(row) > 0);
  if (kept.length === 0) return { ok: false, problem: STOCK_MESSAGES.noValidQuantities };
  if (kept.some((row) => !Number.isInteger(quantityOf(row))))
    return { ok: false, problem: INVENTORY_MESSAGES.quantityMin };
  if (kept.some((row) => !row.remark.trim()))
    return { ok: false, problem: STOCK_MESSAGES.remarkRequired };
  return { ok: true, entries: kept };
}

export const hasSerialInput = (rows: readonly SerialRow[], remark: string) =>
  rows.some((row) => row.serial.trim() !== '') || remark.trim() !== '';

export const hasGenericInput = (rows: readonly GenericRow[]) =>
  rows.some((row) => row.quantity.trim() !== '' || row.remark.trim() !== '');
