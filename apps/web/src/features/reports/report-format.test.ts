import { describe, expect, it } from 'vitest';
import { salesFigures, workFigures } from './chart-data';
import {
  axisLayout,
  compactRupees,
  instantDayText,
  minutesText,
  percentText,
  periodShortText,
  periodText,
  rateText,
  shortLabel,
} from './report-format';

describe('report figures in words', () => {
  it('time on a job as people say it', () => {
    expect(minutesText(105)).toBe('1 h 45 min');
    expect(minutesText(45)).toBe('45 min');
    expect(minutesText(120)).toBe('2 h');
    expect(minutesText(104.6)).toBe('1 h 45 min');
    expect(minutesText(null)).toBe('—');
  });

  it('rates and shares', () => {
    expect(percentText(0.92)).toBe('92%');
    expect(percentText(1)).toBe('100%');
    expect(percentText(0.926)).toBe('93%');
    expect(percentText(null)).toBe('—');
    expect(rateText(2)).toBe('2');
    expect(rateText(2.25)).toBe('2.3');
    expect(rateText(null)).toBe('—');
  });

  it('periods and days', () => {
    expect(periodText('2026-11-03')).toBe('3 Nov 2026');
    expect(periodText('2026-11')).toBe('Nov 2026');
    expect(periodShortText('2026-11-03')).toBe('3 Nov');
    expect(periodShortText('2026-11')).toBe('Nov 26');
    // 20:00 UTC on 3 Nov is 01:30 on 4 Nov in India.
    expect(instantDayText('2026-11-03T20:00:00.000Z')).toBe('4 Nov 2026');
  });

  it('rupees on an axis in thousands, lakhs and crores', () => {
    expect(compactRupees(950)).toBe('₹950');
    expect(compactRupees(12_500)).toBe('₹12.5K');
    expect(compactRupees(320_000)).toBe('₹3.2L');
    expect(compactRupees(11_000_000)).toBe('₹1.1Cr');
    expect(compactRupees(0)).toBe('₹0');
    // One unit along an axis: its largest value's.
    expect(compactRupees(50_000, 150_000)).toBe('₹0.5L');
    expect(compactRupees(250, 1_000)).toBe('₹0.3K');
  });

  it('labels every few days on a narrow chart, and turns names on their side', () => {
    const days = Array.from({ length: 30 }, (_, day) => `${day + 1} Nov`);
    // 6 characters ≈ 39 px, 12 px apart: 30 days in 1,600 px each have a label, in 1,100 px
    // every 2nd, in 260 px every 6th.
    expect(axisLayout(days, 1600, 'skip')).toMatchObject({ every: 1, rotate: 0 });
    expect(axisLayout(days, 1100, 'skip')).toMatchObject({ every: 2, rotate: 0 });
    expect(axisLayout(days, 260, 'skip')).toMatchObject({ every: 6, rotate: 0 });
    const names = ['Pune North', 'Ravi Kumar', 'Sunil Deshmuk…', 'Pune North (f…'];
    expect(axisLayout(names, 900, 'rotate')).toMatchObject({ every: 1, rotate: 0 });
    expect(axisLayout(names, 260, 'rotate')).toMatchObject({ every: 1, rotate: 45 });
    expect(shortLabel('Pune North (faulty)')).toBe('Pune North (f…');
    expect(shortLabel('Ravi Kumar')).toBe('Ravi Kumar');
  });
});

describe('chart figures', () => {
  const money = (total: number) => ({ taxable: total, tax: 0, total });
  const cash = (total: number) => ({ cash: total, upi: 0, total });
  const branch = (id: string) => ({ _id: id, name: id });

  it('sums branches per day and leaves the days without figures at zero', () => {
    const figures = salesFigures(
      {
        rows: [
          {
            period: '2026-11-02',
            branch: branch('a'),
            invoiced: money(100.1),
            collected: cash(50),
          },
          { period: '2026-11-02', branch: branch('b'), invoiced: money(0.2), collected: cash(0) },
          { period: '2026-11-03', branch: branch('a'), invoiced: money(0), collected: cash(25) },
        ],
      },
      { from: '2026-11-01', to: '2026-11-03' },
      'day',
    );
    expect(figures).toEqual({
      periods: ['2026-11-01', '2026-11-02', '2026-11-03'],
      invoiced: [0, 100.3, 0],
      collected: [0, 50, 25],
    });
  });

  it('per month over a long range', () => {
    const figures = salesFigures(
      {
        rows: [
          { period: '2026-09', branch: branch('a'), invoiced: money(10), collected: cash(5) },
          { period: '2026-11', branch: branch('a'), invoiced: money(20), collected: cash(0) },
        ],
      },
      { from: '2026-09-15', to: '2026-11-29' },
      'month',
    );
    expect(figures.periods).toEqual(['2026-09', '2026-10', '2026-11']);
    expect(figures.invoiced).toEqual([10, 0, 20]);
  });

  it('work opened and completed per day, types summed', () => {
    const row = (day: string, opened: number, completed: number) => ({
      day,
      projectType: 'Solar',
      projectCategory: 'Installation',
      opened,
      completed,
    });
    const figures = workFigures(
      {
        groupBy: 'day',
        rows: [row('2026-11-01', 2, 0), row('2026-11-01', 1, 1), row('2026-11-02', 0, 3)],
      },
      { from: '2026-11-01', to: '2026-11-02' },
    );
    expect(figures).toEqual({
      groupBy: 'day',
      periods: ['2026-11-01', '2026-11-02'],
      opened: [3, 0],
      completed: [1, 3],
    });
  });

  it('work per month: every month of the range, one without work drawn as nothing', () => {
    const figures = workFigures(
      {
        groupBy: 'month',
        rows: [
          {
            day: '2026-09',
            projectType: 'Solar',
            projectCategory: 'Repair',
            opened: 4,
            completed: 2,
          },
          {
            day: '2026-11',
            projectType: 'Solar',
            projectCategory: 'Repair',
            opened: 1,
            completed: 5,
          },
        ],
      },
      { from: '2026-09-15', to: '2026-11-02' },
    );
    expect(figures).toEqual({
      groupBy: 'month',
      periods: ['2026-09', '2026-10', '2026-11'],
      opened: [4, 0, 1],
      completed: [2, 0, 5],
    });
  });
});
