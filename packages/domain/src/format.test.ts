import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRupees, rupeesToPaise } from './format';

describe('formatRupees', () => {
  it('shows paise as rupees with two decimals and Indian grouping', () => {
    expect(formatRupees(123456789)).toBe('₹12,34,567.89');
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(5)).toBe('₹0.05');
  });
});

describe('rupeesToPaise', () => {
  it('rounds to whole paise without floating-point drift', () => {
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
  });
});

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
