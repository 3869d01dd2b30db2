/**
 * India's financial year (1 April to 31 March) and the invoice and receipt numbers of its
 * per-branch series. India keeps one offset all year (UTC+5:30, no daylight saving), so a
 * fixed shift finds India's calendar date of any instant.
 */

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The calendar date in India of an instant, 'YYYY-MM-DD'. */
export function indiaDate(date: Date): string {
  return new Date(date.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

export interface FinancialYear {
  /** 2026 for FY 2026-27. */
  startYear: number;
  /** '26-27': short, since it is part of a 16-character invoice number. */
  label: string;
}

/** The financial year of a start year: 2026 → '26-27'; 2099 → '99-00'. */
export function financialYear(startYear: number): FinancialYear {
  const yy = (year: number) => String(year % 100).padStart(2, '0');
  return { startYear, label: `${yy(startYear)}-${yy(startYear + 1)}` };
}

/** The financial year of an instant, by India's date: 31 March 23:59 IST is still the old one. */
export function financialYearOf(date: Date): FinancialYear {
  const [year, month] = indiaDate(date).split('-').map(Number);
  if (year === undefined || month === undefined || Number.isNaN(year))
    throw new RangeError('financialYearOf needs a valid Date');
  return financialYear(month >= 4 ? year : year - 1);
}

/** The instants a financial year spans: [start, end), for querying a year's invoices. */
export function financialYearBounds(startYear: number): { start: Date; end: Date } {
  return {
    start: new Date(Date.UTC(startYear, 3, 1) - IST_OFFSET_MS),
    end: new Date(Date.UTC(startYear + 1, 3, 1) - IST_OFFSET_MS),
  };
}

/** Rule 46(b) CGST Rules: an invoice number has at most 16 characters. */
export const INVOICE_NUMBER_MAX_LENGTH = 16;
/** The most invoices a series holds in a year: five digits, so PPPP/YY-YY/NNNNN is 16. */
export const INVOICE_SERIAL_MAX = 99_999;
/** The most receipts a series holds in a year: four digits, so RPPPP/YY-YY/NNNN is 16. */
export const RECEIPT_SERIAL_MAX = 9_999;

const PREFIX = /^[A-Z0-9]{1,4}$/;
const FY_LABEL = /^\d{2}-\d{2}$/;

function serialNumber(kind: string, prefix: string, fyLabel: string, n: number, digits: number) {
  const max = 10 ** digits - 1;
  if (!PREFIX.test(prefix))
    throw new Error(`${kind} prefix must be 1 to 4 capital letters or digits, not '${prefix}'`);
  if (!FY_LABEL.test(fyLabel))
    throw new Error(`${kind} financial year must look like '26-27', not '${fyLabel}'`);
  // Widening past the padded width would break the 16-character limit for a 4-character
  // prefix, so a full series is an error the server must surface, never a silent long number.
  if (!Number.isSafeInteger(n) || n < 1 || n > max)
    throw new Error(`${kind} serial must be 1 to ${max} in a financial year, not ${n}`);
  return `${prefix}/${fyLabel}/${String(n).padStart(digits, '0')}`;
}

/** 'PUNE/26-27/00001': the branch's prefix, the financial year, the serial in that year. */
export function formatInvoiceNumber(prefix: string, fyLabel: string, n: number): string {
  return serialNumber('Invoice', prefix, fyLabel, n, 5);
}

/** 'RPUNE/26-27/0001': a receipt for a later payment, its own series beside the invoices'. */
export function formatReceiptNumber(prefix: string, fyLabel: string, n: number): string {
  return `R${serialNumber('Receipt', prefix, fyLabel, n, 4)}`;
}

/**
 * 'CPUNE/26-27/0001': a credit note (CGST Act section 34, decision 041), its own series per
 * branch and financial year. One letter, as the receipts have, so that with a four-letter
 * series the number keeps to Rule 53's sixteen characters ('CN' would make seventeen).
 */
export function formatCreditNoteNumber(prefix: string, fyLabel: string, n: number): string {
  return `C${serialNumber('Credit note', prefix, fyLabel, n, 4)}`;
}

/** 'VPUNE/26-27/0001': a refund voucher for money given back on a cancelled invoice. */
export function formatRefundVoucherNumber(prefix: string, fyLabel: string, n: number): string {
  return `V${serialNumber('Refund voucher', prefix, fyLabel, n, 4)}`;
}

/**
 * Up to four capital letters or digits of the branch name ('Pune Camp' → 'PUNE'; 'BR' when
 * nothing is left). The same rule as the bill-number code (billNumberOf in
 * apps/server/src/modules/billing/upi-payee.ts), so a branch's bills and invoices share a code.
 */
export function invoicePrefixFromName(name: string): string {
  return (
    name
      .normalize('NFKD')
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 4) || 'BR'
  );
}
