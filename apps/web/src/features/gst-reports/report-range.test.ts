import { INVOICE_MESSAGES } from '@karya/domain/invoice-schemas';
import { describe, expect, it } from 'vitest';
import { monthOf, rangeProblem } from './report-range';

describe('monthOf', () => {
  it('is the first to the last day of the month', () => {
    expect(monthOf('2026-04-17')).toEqual({ from: '2026-04-01', to: '2026-04-30' });
    expect(monthOf('2028-02-29')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('goes back across a new year', () => {
    expect(monthOf('2027-01-05', 1)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(monthOf('2026-03-31', 1)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });
});

describe('rangeProblem', () => {
  it('takes a day, a month and a leap year of 366 days', () => {
    expect(rangeProblem({ from: '2026-04-01', to: '2026-04-01' })).toBeNull();
    expect(rangeProblem({ from: '2026-04-01', to: '2026-04-30' })).toBeNull();
    expect(rangeProblem({ from: '2023-04-01', to: '2024-03-31' })).toBeNull();
  });

  it('refuses a start after the end, a blank day and more than 366 days', () => {
    expect(rangeProblem({ from: '2026-05-01', to: '2026-04-30' })).toBe(
      INVOICE_MESSAGES.invalidDateRange,
    );
    expect(rangeProblem({ from: '', to: '2026-04-30' })).toBe(INVOICE_MESSAGES.invalidDateRange);
    expect(rangeProblem({ from: '2023-04-01', to: '2024-04-01' })).toBe(
      INVOICE_MESSAGES.dateRangeTooLong,
    );
  });
});
