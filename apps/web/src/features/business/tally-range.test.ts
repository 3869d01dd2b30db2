import { EXPORT_MESSAGES } from '@karya/domain/export-schemas';
import { describe, expect, it } from 'vitest';
import { lastMonth, tallyRangeProblem } from './tally-range';

describe('lastMonth', () => {
  it('is the whole month before today, across a new year and a leap February', () => {
    expect(lastMonth('2026-11-29')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(lastMonth('2027-01-01')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(lastMonth('2028-03-31')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
});

describe('tallyRangeProblem', () => {
  it('takes a day, a month and 366 days', () => {
    expect(tallyRangeProblem({ from: '2026-10-01', to: '2026-10-01' })).toBeNull();
    expect(tallyRangeProblem({ from: '2023-04-01', to: '2024-03-31' })).toBeNull();
  });

  it('refuses a blank day, a start after the end and more than 366 days in the server’s words', () => {
    expect(tallyRangeProblem({ from: '', to: '2026-10-31' })).toBe(EXPORT_MESSAGES.tallyRange);
    expect(tallyRangeProblem({ from: '2026-11-01', to: '2026-10-31' })).toBe(
      EXPORT_MESSAGES.tallyRange,
    );
    expect(tallyRangeProblem({ from: '2023-04-01', to: '2024-04-01' })).toBe(
      EXPORT_MESSAGES.tallyRangeTooLong,
    );
  });
});
