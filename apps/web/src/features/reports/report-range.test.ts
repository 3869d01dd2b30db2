import { REPORT_MESSAGES } from '@karya/domain/report-schemas';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysInRange,
  daysOf,
  defaultGroupBy,
  indiaToday,
  isDay,
  monthsOf,
  presetOf,
  presetRange,
  rangeFromParams,
  rangeProblem,
} from './report-range';

describe('indiaToday', () => {
  it("is India's date at India's midnight, whatever the instant's UTC date", () => {
    // 18:29:59 UTC is 23:59:59 IST; 18:30 UTC is midnight IST, the next day.
    expect(indiaToday(new Date('2026-11-29T18:29:59.999Z'))).toBe('2026-11-29');
    expect(indiaToday(new Date('2026-11-29T18:30:00.000Z'))).toBe('2026-11-30');
    // A new year begins in India at 18:30 UTC on 31 December.
    expect(indiaToday(new Date('2026-12-31T18:30:00.000Z'))).toBe('2027-01-01');
    // Early morning in India is still the previous day in UTC.
    expect(indiaToday(new Date('2026-03-31T20:00:00.000Z'))).toBe('2026-04-01');
  });
});

describe('presetRange', () => {
  it('today and yesterday, across a month and a year end', () => {
    expect(presetRange('today', '2026-11-29')).toEqual({ from: '2026-11-29', to: '2026-11-29' });
    expect(presetRange('yesterday', '2026-03-01')).toEqual({
      from: '2026-02-28',
      to: '2026-02-28',
    });
    expect(presetRange('yesterday', '2028-03-01')).toEqual({
      from: '2028-02-29',
      to: '2028-02-29',
    });
    expect(presetRange('yesterday', '2027-01-01')).toEqual({
      from: '2026-12-31',
      to: '2026-12-31',
    });
  });

  it('this week starts on Monday, also across a month and a year end', () => {
    // 29 Nov 2026 is a Sunday: the week began Monday 23 Nov.
    expect(presetRange('this-week', '2026-11-29')).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
    });
    // A Monday is its week's first day.
    expect(presetRange('this-week', '2026-11-30')).toEqual({
      from: '2026-11-30',
      to: '2026-11-30',
    });
    // Friday 1 Jan 2027: the week began Monday 28 Dec 2026.
    expect(presetRange('this-week', '2027-01-01')).toEqual({
      from: '2026-12-28',
      to: '2027-01-01',
    });
  });

  it('this month runs from the 1st to today; last month is the whole month before', () => {
    expect(presetRange('this-month', '2026-11-29')).toEqual({
      from: '2026-11-01',
      to: '2026-11-29',
    });
    expect(presetRange('this-month', '2026-11-01')).toEqual({
      from: '2026-11-01',
      to: '2026-11-01',
    });
    expect(presetRange('last-month', '2026-11-29')).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(presetRange('last-month', '2027-01-15')).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(presetRange('last-month', '2028-03-31')).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
  });

  it("India's midnight moves every preset: 23:59 IST is still the old day", () => {
    const before = indiaToday(new Date('2026-11-30T18:29:00Z'));
    const after = indiaToday(new Date('2026-11-30T18:30:00Z'));
    expect(presetRange('this-month', before)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(presetRange('this-month', after)).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(presetRange('last-month', after)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });
});

describe('presetOf', () => {
  it('names the preset a range is, else custom', () => {
    expect(presetOf({ from: '2026-11-01', to: '2026-11-29' }, '2026-11-29')).toBe('this-month');
    expect(presetOf({ from: '2026-10-01', to: '2026-10-31' }, '2026-11-29')).toBe('last-month');
    expect(presetOf({ from: '2026-11-29', to: '2026-11-29' }, '2026-11-29')).toBe('today');
    expect(presetOf({ from: '2026-11-02', to: '2026-11-20' }, '2026-11-29')).toBe('custom');
  });
});

describe('rangeProblem', () => {
  it("refuses a reversed, broken or over-366-day range in the server's words", () => {
    expect(rangeProblem({ from: '2026-11-02', to: '2026-11-01' })).toBe(
      REPORT_MESSAGES.invalidRange,
    );
    expect(rangeProblem({ from: '2026-02-30', to: '2026-03-01' })).toBe(
      REPORT_MESSAGES.invalidRange,
    );
    expect(rangeProblem({ from: '', to: '2026-03-01' })).toBe(REPORT_MESSAGES.invalidRange);
    // 366 days (a leap year) may be asked for; 367 may not.
    expect(rangeProblem({ from: '2028-01-01', to: '2028-12-31' })).toBeNull();
    expect(rangeProblem({ from: '2027-01-01', to: '2028-01-02' })).toBe(
      REPORT_MESSAGES.rangeTooLong,
    );
  });
});

describe('days and months of a range', () => {
  it('counts both ends and lists every day and month', () => {
    expect(daysInRange({ from: '2026-11-29', to: '2026-11-29' })).toBe(1);
    expect(daysInRange({ from: '2026-12-30', to: '2027-01-02' })).toBe(4);
    expect(daysOf({ from: '2026-12-30', to: '2027-01-02' })).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(monthsOf({ from: '2026-11-15', to: '2027-02-01' })).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
    ]);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(isDay('2026-02-29')).toBe(false);
  });

  it('groups by day up to 62 days, by month beyond', () => {
    expect(defaultGroupBy({ from: '2026-10-01', to: '2026-12-01' })).toBe('day');
    expect(defaultGroupBy({ from: '2026-10-01', to: '2026-12-02' })).toBe('month');
  });

  it('reads the address, falling back to this month when either end is missing', () => {
    expect(rangeFromParams('2026-10-05', '2026-10-09', '2026-11-29')).toEqual({
      from: '2026-10-05',
      to: '2026-10-09',
    });
    expect(rangeFromParams('2026-10-05', null, '2026-11-29')).toEqual({
      from: '2026-11-01',
      to: '2026-11-29',
    });
  });
});
