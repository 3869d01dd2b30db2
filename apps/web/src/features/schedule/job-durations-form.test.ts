import { durationTable } from '@karya/domain/job-durations';
import { describe, expect, it } from 'vitest';
import { changesOf, minutesOf, valuesOf } from './job-durations-form';

const table = durationTable([
  { projectType: 'CCTV Camera', projectCategory: 'New Installation', minutes: 180 },
]);

describe('the job durations form', () => {
  it('takes whole minutes from 5 to 1440 only', () => {
    expect(minutesOf(' 90 ')).toBe(90);
    expect(minutesOf('5')).toBe(5);
    expect(minutesOf('1440')).toBe(1440);
    expect(minutesOf('4')).toBeNull();
    expect(minutesOf('1441')).toBeNull();
    expect(minutesOf('1.5')).toBeNull();
    expect(minutesOf('')).toBeNull();
  });

  it('sends only the cells that changed', () => {
    const values = valuesOf(table);
    expect(changesOf(table, values)).toEqual({ changes: [] });
    values['CCTV Camera|Repair'] = '90';
    values['CCTV Camera|New Installation'] = '180';
    expect(changesOf(table, values)).toEqual({
      changes: [{ projectType: 'CCTV Camera', projectCategory: 'Repair', minutes: 90 }],
    });
  });

  it('says what to fix in each bad cell and sends nothing', () => {
    const values = { ...valuesOf(table), 'Custom|Maintenance': '0', 'CCTV Camera|Repair': 'ab' };
    expect(changesOf(table, values)).toEqual({
      errors: {
        'CCTV Camera|Repair': '5 to 1440 minutes',
        'Custom|Maintenance': '5 to 1440 minutes',
      },
    });
  });
});
