import { describe, expect, it } from 'vitest';
import {
  addMonths,
  contractEndDate,
  instalmentAmounts,
  isRenewalDue,
  layOutVisits,
  moveVisit,
  planActivation,
  renewalStartDate,
  visitIntervalMonths,
  visitState,
} from './amc';

const dues = (start: string, term: number, visits: number) =>
  layOutVisits(start, term, visits).map((visit) => visit.dueDate);

describe('AMC visit layout', () => {
  it('quarterly from 15 January: every three months, the last on the contract’s last day', () => {
    expect(dues('2026-01-15', 12, 4)).toEqual([
      '2026-04-15',
      '2026-07-15',
      '2026-10-15',
      '2027-01-14',
    ]);
    expect(contractEndDate('2026-01-15', 12)).toBe('2027-01-14');
  });

  it('yearly and half-yearly', () => {
    expect(dues('2026-06-01', 12, 1)).toEqual(['2027-05-31']);
    expect(dues('2026-06-01', 12, 2)).toEqual(['2026-12-01', '2027-05-31']);
  });

  it('monthly from 31 January clamps each month to its last day, never chained', () => {
    expect(dues('2026-01-31', 12, 12)).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
      '2026-10-31',
      '2026-11-30',
      '2026-12-31',
      '2027-01-30',
    ]);
  });

  it('in a leap year February has its 29th', () => {
    expect(dues('2028-01-31', 12, 12).slice(0, 2)).toEqual(['2028-02-29', '2028-03-31']);
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(contractEndDate('2028-02-29', 12)).toBe('2029-02-27');
    expect(contractEndDate('2027-03-01', 12)).toBe('2028-02-29');
    expect(dues('2027-08-29', 12, 2)).toEqual(['2028-02-29', '2028-08-28']);
  });

  it('a renewal starts the day after the old contract ends', () => {
    expect(renewalStartDate('2027-01-14')).toBe('2027-01-15');
    expect(renewalStartDate('2028-02-28')).toBe('2028-02-29');
    expect(renewalStartDate('2026-12-31')).toBe('2027-01-01');
  });

  it('a term that does not divide into whole months between visits is refused', () => {
    expect(visitIntervalMonths(12, 4)).toBe(3);
    expect(visitIntervalMonths(24, 4)).toBe(6);
    expect(visitIntervalMonths(6, 4)).toBeNull();
    expect(() => layOutVisits('2026-01-01', 6, 4)).toThrow(RangeError);
  });
});

describe('moving a visit', () => {
  const visits = dues('2026-01-15', 12, 4).map((dueDate, i) => ({
    number: i + 1,
    dueDate,
    done: false,
  }));

  it('moves only that visit unless later ones are to shift', () => {
    expect(moveVisit(visits, 2, '2026-07-20', false)).toEqual({
      ok: true,
      changes: [{ number: 2, from: '2026-07-15', to: '2026-07-20' }],
    });
    expect(moveVisit(visits, 2, '2026-07-20', true)).toEqual({
      ok: true,
      changes: [
        { number: 2, from: '2026-07-15', to: '2026-07-20' },
        { number: 3, from: '2026-10-15', to: '2026-10-20' },
        { number: 4, from: '2027-01-14', to: '2027-01-19' },
      ],
    });
  });

  it('keeps the visits in order and leaves done visits alone', () => {
    expect(moveVisit(visits, 2, '2026-04-15', false)).toEqual({
      ok: false,
      reason: 'before-previous',
    });
    expect(moveVisit(visits, 2, '2026-10-15', false)).toEqual({ ok: false, reason: 'after-next' });
    expect(moveVisit(visits, 2, '2026-10-15', true).ok).toBe(true);
    expect(moveVisit(visits, 9, '2026-10-15', true)).toEqual({ ok: false, reason: 'not-found' });
    expect(moveVisit(visits, 2, '2026-07-15', true)).toEqual({ ok: false, reason: 'unchanged' });
    const firstDone = visits.map((v) => ({ ...v, done: v.number === 1 }));
    expect(moveVisit(firstDone, 1, '2026-04-16', false)).toEqual({ ok: false, reason: 'done' });
    const earlier = moveVisit(visits, 1, '2026-04-10', true);
    expect(earlier.ok && earlier.changes.map((c) => c.to)).toEqual([
      '2026-04-10',
      '2026-07-10',
      '2026-10-10',
      '2027-01-09',
    ]);
  });
});

describe('visit state and renewals', () => {
  it('upcoming, due soon, created, overdue, done', () => {
    const due = '2026-04-15';
    expect(visitState({ dueDate: due, workOrderStatus: null }, '2026-04-07', 7)).toBe('upcoming');
    expect(visitState({ dueDate: due, workOrderStatus: null }, '2026-04-08', 7)).toBe('due-soon');
    expect(visitState({ dueDate: due, workOrderStatus: 'pending' }, '2026-04-08', 7)).toBe(
      'created',
    );
    expect(visitState({ dueDate: due, workOrderStatus: 'assigned' }, '2026-04-15', 7)).toBe(
      'created',
    );
    expect(visitState({ dueDate: due, workOrderStatus: 'assigned' }, '2026-04-16', 7)).toBe(
      'overdue',
    );
    expect(visitState({ dueDate: due, workOrderStatus: null }, '2026-04-16', 7)).toBe('overdue');
    expect(visitState({ dueDate: due, workOrderStatus: 'completed' }, '2026-05-01', 7)).toBe(
      'done',
    );
  });

  it('a contract is due for renewal in its last 30 days', () => {
    expect(isRenewalDue('2027-01-14', '2026-12-14')).toBe(false);
    expect(isRenewalDue('2027-01-14', '2026-12-15')).toBe(true);
    expect(isRenewalDue('2027-01-14', '2027-01-14')).toBe(true);
    expect(isRenewalDue('2027-01-14', '2027-01-15')).toBe(false);
  });

  it('instalments add up to the price', () => {
    expect(instalmentAmounts(1_000_00, 3)).toEqual([33_334, 33_333, 33_333]);
    expect(instalmentAmounts(1_200_00, 4)).toEqual([30_000, 30_000, 30_000, 30_000]);
  });
});

describe('activation plan (issue 39 item 7)', () => {
  const monthly = {
    startDate: '2026-05-01',
    termMonths: 12,
    visitsPerTerm: 12,
    billing: 'instalments' as const,
    pricePaise: 1_200_000,
  };

  it('asks about the visits (and their instalments) behind a back-dated contract', () => {
    const plan = planActivation(monthly, '2026-08-20', 7, {});
    expect(plan.pastVisits.map((visit) => visit.number)).toEqual([1, 2, 3]);
    expect(plan.needsPastVisitsChoice).toBe(true);
    expect(plan.needsPastInstalmentsChoice).toBe(true);
  });

  it('issues and opens only what it is told for the past, and the lead window as always', () => {
    const outside = planActivation(monthly, '2026-08-28', 7, {
      pastVisits: 'done-before-karya',
      pastInstalments: 'billed-outside',
    });
    expect(outside.doneBeforeKarya.map((visit) => visit.number)).toEqual([1, 2, 3]);
    // Visit 4, due 1 September, is within the 7 days: its order and its instalment.
    expect(outside.orders.map((visit) => visit.number)).toEqual([4]);
    expect(outside.invoices).toEqual([{ instalment: 4, instalments: 12, amountPaise: 100_000 }]);
    expect(outside.billedOutside).toEqual([1, 2, 3]);

    const issued = planActivation(monthly, '2026-08-28', 7, {
      pastVisits: 'open-orders',
      pastInstalments: 'issue',
    });
    expect(issued.orders.map((visit) => visit.number)).toEqual([1, 2, 3, 4]);
    expect(issued.invoices.map((invoice) => invoice.instalment)).toEqual([1, 2, 3, 4]);
  });

  it('needs no choice when nothing is behind it; upfront is one invoice for the term', () => {
    const plan = planActivation(
      { ...monthly, startDate: '2026-08-28', billing: 'upfront' },
      '2026-08-28',
      7,
      {},
    );
    expect(plan.needsPastVisitsChoice).toBe(false);
    expect(plan.needsPastInstalmentsChoice).toBe(false);
    expect(plan.orders).toEqual([]);
    expect(plan.invoices).toEqual([{ instalment: 1, instalments: 1, amountPaise: 1_200_000 }]);
  });
});
