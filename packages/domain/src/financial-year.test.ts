import { describe, expect, it } from 'vitest';
import {
  financialYearBounds,
  financialYearOf,
  formatInvoiceNumber,
  formatReceiptNumber,
  INVOICE_NUMBER_MAX_LENGTH,
  indiaDate,
  invoicePrefixFromName,
} from './financial-year';

describe('financialYearOf', () => {
  it('turns the year at midnight of 1 April in India, not in UTC', () => {
    expect(financialYearOf(new Date('2027-03-31T18:29:59.999Z'))).toEqual({
      startYear: 2026,
      label: '26-27',
    });
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toEqual({
      startYear: 2027,
      label: '27-28',
    });
  });

  it('puts January to March in the year that began the April before', () => {
    expect(financialYearOf(new Date('2027-01-15T06:00:00Z')).label).toBe('26-27');
    expect(financialYearOf(new Date('2026-04-01T00:00:00+05:30')).label).toBe('26-27');
    expect(financialYearOf(new Date('2026-03-31T23:59:59+05:30')).label).toBe('25-26');
    expect(financialYearOf(new Date('2099-12-31T00:00:00Z')).label).toBe('99-00');
  });

  it('gives the instants a year spans, from India midnight to India midnight', () => {
    expect(financialYearBounds(2026)).toEqual({
      start: new Date('2026-03-31T18:30:00Z'),
      end: new Date('2027-03-31T18:30:00Z'),
    });
  });

  it('dates an instant in India', () => {
    expect(indiaDate(new Date('2026-04-04T18:29:59Z'))).toBe('2026-04-04');
    expect(indiaDate(new Date('2026-04-04T18:30:00Z'))).toBe('2026-04-05');
  });
});

describe('invoice and receipt numbers', () => {
  it('numbers a series per branch and year, restarting on 1 April', () => {
    const march = financialYearOf(new Date('2027-03-31T18:29:59Z')).label;
    const april = financialYearOf(new Date('2027-03-31T18:30:00Z')).label;
    expect(formatInvoiceNumber('PUNE', march, 4821)).toBe('PUNE/26-27/04821');
    expect(formatInvoiceNumber('PUNE', april, 1)).toBe('PUNE/27-28/00001');
  });

  it('stays within 16 characters at its widest', () => {
    const invoice = formatInvoiceNumber('ABCD', '26-27', 99_999);
    const receipt = formatReceiptNumber('ABCD', '26-27', 9_999);
    expect(invoice).toBe('ABCD/26-27/99999');
    expect(receipt).toBe('RABCD/26-27/9999');
    expect(invoice.length).toBe(INVOICE_NUMBER_MAX_LENGTH);
    expect(receipt.length).toBe(INVOICE_NUMBER_MAX_LENGTH);
    expect(formatReceiptNumber('BR', '26-27', 7)).toBe('RBR/26-27/0007');
  });

  it('refuses a serial past the series or a bad prefix or year, rather than a longer number', () => {
    expect(() => formatInvoiceNumber('PUNE', '26-27', 100_000)).toThrow(/1 to 99999/);
    expect(() => formatReceiptNumber('PUNE', '26-27', 10_000)).toThrow(/1 to 9999/);
    expect(() => formatInvoiceNumber('PUNE', '26-27', 0)).toThrow();
    expect(() => formatInvoiceNumber('PUNE1', '26-27', 1)).toThrow(/prefix/);
    expect(() => formatInvoiceNumber('pune', '26-27', 1)).toThrow(/prefix/);
    expect(() => formatInvoiceNumber('PUNE', '2026-27', 1)).toThrow(/financial year/);
  });

  it('takes the prefix from the branch name as the bill number does', () => {
    expect(invoicePrefixFromName('Pune Camp')).toBe('PUNE');
    expect(invoicePrefixFromName('  b-1 North')).toBe('B1NO');
    expect(invoicePrefixFromName('Café')).toBe('CAFE');
    expect(invoicePrefixFromName('मुंबई')).toBe('BR');
    expect(invoicePrefixFromName('')).toBe('BR');
  });
});
