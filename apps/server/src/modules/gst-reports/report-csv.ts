import {
  gstr1Date,
  HSN_SUMMARY_COLUMNS,
  placeOfSupplyLabel,
  rupeesDecimal,
  SALES_REGISTER_COLUMNS,
  toCsv,
} from '@karya/domain/gst';
import {
  countsInRegister,
  type HsnSummaryAnswer,
  type SalesRegisterAnswer,
  type SalesRegisterRow,
} from '@karya/domain/invoice-schemas';
import { toPaise } from '@karya/domain/money';
import type { ReportFilter } from './gst-reports.queries';

/** Rupees as the sheets want them: two decimals, no symbol, no grouping. */
const amount = (rupees: number) => rupeesDecimal(toPaise(rupees));
const NO_CESS = '0.00';

/** The customer cell, which says what a row is when it is not a standing invoice. */
function documentLabel(row: SalesRegisterRow): string {
  if (row.creditNoteFor) {
    const { invoiceNumber, invoiceDate } = row.creditNoteFor;
    return `${row.customerName} (Credit note for ${invoiceNumber} of ${gstr1Date(invoiceDate)})`;
  }
  if (row.reversedBy) return `${row.customerName} (Cancelled; credit note ${row.reversedBy})`;
  return row.cancelled ? `${row.customerName} (Cancelled)` : row.customerName;
}

/**
 * The register in SALES_REGISTER_COLUMNS' order. A cancelled invoice keeps its line, so the
 * series reads without holes; without a credit note it carries no value. A credit note's line
 * carries its values negative (decision 041). A spreadsheet's sum of a column then equals the
 * register's totals.
 */
export function salesRegisterCsv(register: SalesRegisterAnswer): string {
  const lines = register.rows.map((row) => {
    const counted = countsInRegister(row);
    const values = [row.taxable, row.igst, row.cgst, row.sgst];
    return [
      row.invoiceNumber,
      gstr1Date(row.invoiceDate),
      documentLabel(row),
      row.customerGstin ?? '',
      placeOfSupplyLabel(row.placeOfSupply?.code) ?? '',
      ...(counted ? values.map(amount) : values.map(() => '0.00')),
      NO_CESS,
      counted ? amount(row.roundOff) : '0.00',
      counted ? amount(row.total) : '0.00',
    ];
  });
  return toCsv([SALES_REGISTER_COLUMNS, ...lines]);
}

/** The HSN summary in HSN_SUMMARY_COLUMNS' order (GSTR-1's hsn sheet). */
export function hsnSummaryCsv(summary: HsnSummaryAnswer): string {
  const lines = summary.rows.map((row) => [
    row.hsnSac ?? '',
    row.creditNote ? `Credit notes: ${row.description}` : row.description,
    row.uqc,
    String(row.quantity),
    amount(row.total),
    row.gstRate === null ? '' : String(row.gstRate),
    amount(row.taxable),
    amount(row.igst),
    amount(row.cgst),
    amount(row.sgst),
    NO_CESS,
  ]);
  return toCsv([HSN_SUMMARY_COLUMNS, ...lines]);
}

/** 'gst-sales-register-2026-04-01-to-2026-04-30.csv'. */
export function reportFileName(
  report: 'gst-sales-register' | 'gst-hsn-summary',
  filter: ReportFilter,
) {
  return `${report}-${filter.from}-to-${filter.to}.csv`;
}
