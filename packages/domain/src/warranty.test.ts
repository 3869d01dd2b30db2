import { describe, expect, it } from 'vitest';
import { WARRANTY_OPTIONS, warrantyDays, warrantyState } from './warranty';

const DAY = 24 * 60 * 60 * 1000;
const installed = new Date('2026-01-10T06:30:00.000Z');

/** Spec 2 §9's options and the days each covers (365-day years, 30-day months). */
const DAYS: Record<(typeof WARRANTY_OPTIONS)[number], number | null> = {
  'No Warranty': null,
  '1 day': 1,
  '6 months': 180,
  '1 year': 365,
  '1.5 years': 547,
  '2 years': 730,
  '3 years': 1095,
  '5 years': 1825,
};

describe('warranty periods', () => {
  it.each(WARRANTY_OPTIONS)('parses %s', (option) => {
    expect(warrantyDays(option)).toBe(DAYS[option]);
  });

  it('reads other spellings and treats text without a period as none', () => {
    expect(warrantyDays('2 Years')).toBe(730);
    expect(warrantyDays('12 months')).toBe(360);
    expect(warrantyDays('90 days')).toBe(90);
    expect(warrantyDays('1 yr')).toBe(365);
    expect(warrantyDays('no warranty')).toBeNull();
    expect(warrantyDays('')).toBeNull();
    expect(warrantyDays(null)).toBeNull();
    expect(warrantyDays('lifetime')).toBeNull();
  });
});

describe('warranty state', () => {
  const withPeriod = WARRANTY_OPTIONS.filter((o) => DAYS[o] !== null);

  it.each(withPeriod)('%s: covered the day before expiry, on it, and not after', (option) => {
    const days = DAYS[option] ?? 0;
    const expiry = installed.getTime() + days * DAY;
    const dayBefore = warrantyState(installed, option, new Date(expiry - DAY));
    expect(dayBefore).toMatchObject({ underWarranty: true, daysLeft: 1, warrantyDays: days });
    expect(dayBefore.expiryDate?.getTime()).toBe(expiry);
    expect(warrantyState(installed, option, new Date(expiry))).toMatchObject({
      underWarranty: true,
      daysLeft: 0,
    });
    expect(warrantyState(installed, option, new Date(expiry + 1))).toMatchObject({
      underWarranty: false,
      daysLeft: 0,
    });
    expect(warrantyState(installed, option, new Date(expiry + DAY)).underWarranty).toBe(false);
  });

  it('No Warranty is never covered, and a unit never installed has no running warranty', () => {
    expect(warrantyState(installed, 'No Warranty', installed)).toEqual({
      underWarranty: false,
      expiryDate: null,
      daysLeft: 0,
      warrantyDays: null,
    });
    expect(warrantyState(null, '1 year', installed)).toMatchObject({
      underWarranty: false,
      expiryDate: null,
      warrantyDays: 365,
    });
  });

  it('counts part of a day left as a whole day', () => {
    const state = warrantyState(installed, '1 year', new Date(installed.getTime() + 10.5 * DAY));
    expect(state.daysLeft).toBe(355);
  });
});
