import { describe, expect, it } from 'vitest';
import {
  enumListQuery,
  isoDateField,
  jsonInt,
  MAX_QUANTITY,
  MAX_RUPEES,
  quantityField,
  queryInt,
  rupeesField,
} from './input';

const ok = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

describe('input building blocks', () => {
  it('takes a quantity only as a whole JSON number in 1..MAX_QUANTITY', () => {
    const quantity = quantityField('Quantity must be at least 1');
    for (const good of [1, 16, MAX_QUANTITY]) expect(ok(quantity, good), String(good)).toBe(true);
    for (const bad of [
      0,
      -1,
      1.5,
      MAX_QUANTITY + 1,
      2147483648,
      '16',
      '0x10',
      '1e3',
      true,
      [5],
      null,
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ])
      expect(ok(quantity, bad), String(bad)).toBe(false);
    const refused = quantity.safeParse('0x10');
    expect(refused.success || refused.error.issues[0]?.message).toBe('Quantity must be at least 1');
  });

  it('bounds an age', () => {
    const age = jsonInt({ min: 0, max: 150 });
    expect(ok(age, 150)).toBe(true);
    expect(ok(age, 151)).toBe(false);
    expect(ok(age, 2147483648)).toBe(false);
  });

  it('takes rupees as a JSON number, at most 10 crore and whole paise', () => {
    const rupees = rupeesField();
    for (const good of [0, 1200.5, 800.25, 0.1 + 0.2, MAX_RUPEES])
      expect(ok(rupees, good), String(good)).toBe(true);
    for (const bad of [-1, 1.005, 1e20, MAX_RUPEES + 1, '100', true])
      expect(ok(rupees, bad), String(bad)).toBe(false);
  });

  it('takes query numbers only as plain digits', () => {
    const page = queryInt({ min: 1, max: 1000 });
    expect(page.parse('12')).toBe(12);
    for (const bad of ['0', '1001', '0x10', '1e3', '-1', '1.5', '', ' 1', '+1', '1234567890'])
      expect(ok(page, bad), bad).toBe(false);
  });

  it('parses dates strictly', () => {
    const date = isoDateField();
    expect(ok(date, '2026-11-20')).toBe(true);
    for (const bad of [
      '-000001-01-01T00:00:00Z',
      'not a date',
      '2026-02-29',
      '2101-01-01',
      20261120,
    ])
      expect(ok(date, bad), String(bad)).toBe(false);
  });

  it('reads a comma-separated list of enum values', () => {
    const list = enumListQuery(['pending', 'in-progress'] as const, 'Invalid status');
    expect(list.parse('pending, in-progress,all,')).toEqual(['pending', 'in-progress']);
    expect(ok(list, 'pending,bogus')).toBe(false);
  });
});
