import { describe, expect, it } from 'vitest';
import { minutesText, monthOrThisMonth, monthText, thisMonth } from './report-display';

describe('minutesText', () => {
  it('says hours and minutes as people do', () => {
    expect(minutesText(200)).toBe('3 h 20 min');
    expect(minutesText(45)).toBe('45 min');
    expect(minutesText(0)).toBe('0 min');
    expect(minutesText(120)).toBe('2 h');
    expect(minutesText(1505)).toBe('25 h 5 min');
    expect(minutesText(89.6)).toBe('1 h 30 min');
  });

  it('is a dash when nothing was started', () => {
    expect(minutesText(null)).toBe('—');
  });
});

describe('months', () => {
  it("names the month: 'November 2026'", () => {
    expect(monthText('2026-11')).toBe('November 2026');
    expect(monthText('2027-01')).toBe('January 2027');
  });

  it('takes this month in India: 31 Oct 20:00 UTC is already November there', () => {
    expect(thisMonth(new Date('2026-10-31T20:00:00Z'))).toBe('2026-11');
    expect(thisMonth(new Date('2026-10-31T18:00:00Z'))).toBe('2026-10');
  });

  it('reads the address: a month it can use, else this month', () => {
    const now = new Date('2026-11-29T10:00:00Z');
    expect(monthOrThisMonth('2026-09', now)).toBe('2026-09');
    expect(monthOrThisMonth('2026-13', now)).toBe('2026-11');
    expect(monthOrThisMonth('Nov', now)).toBe('2026-11');
    expect(monthOrThisMonth(null, now)).toBe('2026-11');
  });
});
