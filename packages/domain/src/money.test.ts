import { describe, expect, it } from 'vitest';
import { formatRupees, parseRupees, toPaise, toRupees } from './money';

describe('money', () => {
  it('shows paise as rupees with two decimals and Indian grouping', () => {
    expect(formatRupees(123456789)).toBe('₹12,34,567.89');
    expect(formatRupees(12345678900)).toBe('₹12,34,56,789.00');
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(5)).toBe('₹0.05');
  });

  it('rounds rupees to whole paise without floating-point drift, and back', () => {
    expect(toPaise(19.99)).toBe(1999);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toRupees(123450)).toBe(1234.5);
  });

  it('reads typed rupees as paise', () => {
    expect(parseRupees('1234.5')).toBe(123450);
    expect(parseRupees('₹1,234.50')).toBe(123450);
    expect(parseRupees('0')).toBe(0);
    expect(parseRupees('12.345')).toBeNull();
    expect(parseRupees('-5')).toBeNull();
    expect(parseRupees('')).toBeNull();
  });
});
