import { DEFAULT_UPDATE_TEMPLATES, fillTemplate } from '@karya/domain/customer-updates';
import { describe, expect, it } from 'vitest';
import {
  contractViewOf,
  dayText,
  frequencyText,
  frequencyWithCount,
  monthText,
  moveProblem,
  previewVisits,
  renewalValuesOf,
  termText,
  VISIT_STATE_LABELS,
} from './amc-display';

describe('maintenance contract wording', () => {
  it('writes days and terms as paperwork does, whatever the time zone', () => {
    expect(dayText('2026-04-05')).toBe('05 Apr 2026');
    expect(dayText(null)).toBe('—');
    expect(dayText('not a day')).toBe('—');
    expect(termText('2026-01-15', '2027-01-14')).toBe('15 Jan 2026 – 14 Jan 2027');
    expect(monthText('2026-11')).toBe('November 2026');
    expect(monthText('2027-01-31')).toBe('January 2027');
  });

  it('names the frequencies and counts the visits', () => {
    expect(frequencyText(4)).toBe('Quarterly');
    expect(frequencyText(3)).toBe('3 visits');
    expect(frequencyWithCount(1)).toBe('Yearly (1 visit)');
    expect(frequencyWithCount(12)).toBe('Monthly (12 visits)');
  });

  it('labels every visit state in plain words', () => {
    expect(Object.values(VISIT_STATE_LABELS)).toEqual([
      'Upcoming',
      'Due soon',
      'Work order created',
      'Overdue',
      'Done',
    ]);
  });

  it('reads the list view from the address, the active contracts by default', () => {
    expect(contractViewOf('renewals')).toBe('renewals');
    expect(contractViewOf('overdue')).toBe('overdue');
    expect(contractViewOf(null)).toBe('active');
    expect(contractViewOf('everything')).toBe('active');
  });
});

describe('visit preview of a new contract', () => {
  it('lays the visits out with the domain’s rules (31 January, month-end clamped)', () => {
    expect(previewVisits('2028-01-31', 12, 12)).toMatchObject({
      visits: expect.arrayContaining([
        { number: 1, dueDate: '2028-02-29' },
        { number: 2, dueDate: '2028-03-31' },
        { number: 12, dueDate: '2029-01-30' },
      ]),
    });
    expect(previewVisits('2026-01-15', 12, 4)).toEqual({
      visits: [
        { number: 1, dueDate: '2026-04-15' },
        { number: 2, dueDate: '2026-07-15' },
        { number: 3, dueDate: '2026-10-15' },
        { number: 4, dueDate: '2027-01-14' },
      ],
    });
  });

  it('says what is missing instead of throwing', () => {
    expect(previewVisits('', 12, 4)).toEqual({
      problem: 'Pick a start date to see the visit dates.',
    });
    expect(previewVisits('2026-01-15', 12, 5)).toEqual({
      problem: '12 months do not divide into 5 visits.',
    });
    expect(previewVisits('2026-02-30', 12, 4)).toEqual({
      problem: 'Enter the start date as a calendar date.',
    });
  });
});

describe('moving a visit', () => {
  it('needs a new date and a reason', () => {
    expect(moveProblem('2026-04-15', '', 'Customer away')).toBe('Pick the new date.');
    expect(moveProblem('2026-04-15', '2026-04-15', 'Customer away')).toBe(
      'Pick a date other than the visit’s current one.',
    );
    expect(moveProblem('2026-04-15', '2026-04-20', '  ')).toBe('Say why the visit moves.');
    expect(moveProblem('2026-04-15', '2026-04-20', 'Customer away')).toBeNull();
  });
});

describe('the renewal reminder', () => {
  const contract = {
    contractNumber: 'AMC-2027-000001',
    projectType: 'CCTV Camera',
    endDate: '2028-02-29',
    price: 6000,
    priceIncludesTax: false,
    customer: { name: 'Mehta Clinic' },
    branch: { name: 'Kothrud' },
    installation: { orderId: 'WO-2026-000001' },
  };
  const money = (rupees: number) => `₹${rupees}`;

  it('fills the customer update with the contract, its end and its price', () => {
    const text = fillTemplate(
      DEFAULT_UPDATE_TEMPLATES.amcRenewalReminder.en,
      renewalValuesOf(contract, money),
      'en',
    );
    expect(text).toBe(
      [
        'Dear Mehta Clinic, your maintenance contract AMC-2027-000001 with Kothrud ends on 29 Feb 2028.',
        'It covers your CCTV Camera, order WO-2026-000001.',
        'Renew it for another term at ₹6000 + GST to keep your regular service visits: reply to this message.',
      ].join('\n'),
    );
  });

  it('leaves out the installation line of a contract on serials alone', () => {
    const text = fillTemplate(
      DEFAULT_UPDATE_TEMPLATES.amcRenewalReminder.hinglish,
      renewalValuesOf({ ...contract, installation: null, priceIncludesTax: true }, money),
      'hinglish',
    );
    expect(text).not.toContain('order');
    expect(text).toContain('₹6000 mein renew karein');
  });
});
