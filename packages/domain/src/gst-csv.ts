import { dayMonthYear } from './day-text';
import type { InventoryItemType } from './inventory-schemas';

/** The accountant's CSV files (issue 19): the sales register and GSTR-1's b2b and HSN sheets. */

/** The b2b sheet of the GSTR-1 offline tool, in its column order. */
export const GSTR1_B2B_COLUMNS = [
  'GSTIN/UIN of Recipient',
  'Receiver Name',
  'Invoice Number',
  'Invoice date',
  'Invoice Value',
  'Place Of Supply',
  'Reverse Charge',
  'Applicable % of Tax Rate',
  'Invoice Type',
  'E-Commerce GSTIN',
  'Rate',
  'Taxable Value',
  'Cess Amount',
] as const;

/** The b2b sheet's 'Invoice Type' of an ordinary sale to a registered customer. */
export const GSTR1_INVOICE_TYPE_REGULAR = 'Regular B2B';
/** The 'Reverse Charge' of our sales: the supplier pays the tax. */
export const GSTR1_REVERSE_CHARGE_NO = 'N';

/** One row per invoice, the tax heads apart, as accountants keep a sales register. */
export const SALES_REGISTER_COLUMNS = [
  'Invoice Number',
  'Invoice date',
  'Receiver Name',
  'GSTIN/UIN of Recipient',
  'Place Of Supply',
  'Taxable Value',
  'Integrated Tax Amount',
  'Central Tax Amount',
  'State/UT Tax Amount',
  'Cess Amount',
  'Round Off',
  'Invoice Value',
] as const;

/** The hsn sheet of the GSTR-1 offline tool, in its column order. */
export const HSN_SUMMARY_COLUMNS = [
  'HSN',
  'Description',
  'UQC',
  'Total Quantity',
  'Total Value',
  'Rate',
  'Taxable Value',
  'Integrated Tax Amount',
  'Central Tax Amount',
  'State/UT Tax Amount',
  'Cess Amount',
] as const;

/** GSTR-1's date, '05-Apr-2026', from an ISO day. */
export function gstr1Date(iso: string): string {
  return dayMonthYear(iso, '-');
}

/** The catalogue's units (and their common spellings) as GST's unit quantity codes. */
const UQC: Readonly<Record<string, string>> = {
  piece: 'PCS-PIECES',
  pieces: 'PCS-PIECES',
  pcs: 'PCS-PIECES',
  nos: 'NOS-NUMBERS',
  number: 'NOS-NUMBERS',
  kg: 'KGS-KILOGRAMS',
  kgs: 'KGS-KILOGRAMS',
  meter: 'MTR-METERS',
  metre: 'MTR-METERS',
  mtr: 'MTR-METERS',
  liter: 'LTR-LITRES',
  litre: 'LTR-LITRES',
  ltr: 'LTR-LITRES',
  box: 'BOX-BOX',
  carton: 'CTN-CARTONS',
  dozen: 'DOZ-DOZENS',
  pair: 'PRS-PAIRS',
  roll: 'ROL-ROLLS',
  set: 'SET-SETS',
};

/** A service has no quantity code ('NA'); an unknown unit is 'OTH-OTHERS'. */
export function uqcOf(unit: string, itemType?: InventoryItemType): string {
  const key = unit.trim().toLowerCase();
  if (itemType === 'service' || key === 'service') return 'NA';
  return UQC[key] ?? 'OTH-OTHERS';
}

const NUMBER = /^[-+]?\d+(\.\d+)?$/;

/**
 * One cell. RFC 4180: quoted when it holds a comma, quote or line break, quotes doubled. A
 * text that a spreadsheet would run as a formula (=, +, -, @, tab, CR first; a customer name
 * is typed by anyone) gets a leading apostrophe; numbers such as a negative round-off stay.
 */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * Rows as CSV, CRLF after every row. A byte-order mark leads by default because Excel reads
 * UTF-8 without one as the local code page, garbling '₹' and names in Indian scripts; pass
 * { bom: false } for a tool that reads the first header with the mark attached.
 */
export function toCsv(
  rows: readonly (readonly string[])[],
  options: { bom?: boolean } = {},
): string {
  const body = rows.map((row) => `${row.map(cell).join(',')}\r\n`).join('');
  return (options.bom ?? true) ? `\uFEFF${body}` : body;
}
