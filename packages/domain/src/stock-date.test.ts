import { describe, expect, it } from 'vitest';
import { isDateOnlyStamp, stockInMoment } from './stock-date';

describe('stock entry dates', () => {
  const now = new Date('2026-11-29T04:07:31.123Z');

  it('keeps a date alone as its day and says so', () => {
    const kept = stockInMoment('2026-11-20', now);
    expect(kept.toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(isDateOnlyStamp(kept)).toBe(true);
    expect(isDateOnlyStamp(kept.toISOString())).toBe(true);
  });

  it('keeps a date with a time as that moment, which is not a date alone', () => {
    const kept = stockInMoment('2026-11-20T14:30:00+05:30', now);
    expect(kept.toISOString()).toBe('2026-11-20T09:00:00.000Z');
    expect(isDateOnlyStamp(kept)).toBe(false);
  });

  it('takes now for a blank or absent date, a real moment', () => {
    expect(stockInMoment('', now)).toBe(now);
    expect(stockInMoment(null, now)).toBe(now);
    expect(stockInMoment(undefined, now)).toBe(now);
    expect(isDateOnlyStamp(now)).toBe(false);
    expect(isDateOnlyStamp('not a date')).toBe(false);
  });
});
