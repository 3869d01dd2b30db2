import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, printedDate } from './format';

describe('formatDateTime', () => {
  it('gives the en-IN short date with hour and minute', () => {
    const text = formatDateTime('2026-11-22T09:05:00Z');
    expect(text).toMatch(/^\d{2}\/\d{2}\/\d{2}, \d{1,2}:\d{2}\s?(am|pm)$/i);
  });

  it('is empty for nothing or an invalid date', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDate(undefined)).toBe('');
  });
});

describe('printedDate', () => {
  it('prints a day as invoices do, whatever the machine’s time zone', () => {
    expect(printedDate('2026-01-15')).toBe('15 Jan 2026');
    expect(printedDate('2027-12-31')).toBe('31 Dec 2027');
    expect(printedDate('someday')).toBe('someday');
  });
});
