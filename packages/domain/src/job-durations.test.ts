import { describe, expect, it } from 'vitest';
import { durationFor, durationTable, fallbackDurationMinutes } from './job-durations';

describe('default job durations', () => {
  it('books a repair or maintenance for an hour, anything else for two, until an admin says', () => {
    expect(fallbackDurationMinutes('CCTV Camera', 'Repair')).toBe(60);
    expect(fallbackDurationMinutes('CCTV Camera', 'Maintenance')).toBe(60);
    expect(fallbackDurationMinutes('CCTV Camera', 'New Installation')).toBe(120);
  });

  it('lists every type and category, marking the ones nobody set', () => {
    const table = durationTable([
      { projectType: 'CCTV Camera', projectCategory: 'New Installation', minutes: 180 },
    ]);
    expect(table).toHaveLength(21);
    expect(table[0]).toEqual({
      projectType: 'CCTV Camera',
      projectCategory: 'New Installation',
      minutes: 180,
      isFallback: false,
    });
    expect(table[1]).toEqual({
      projectType: 'CCTV Camera',
      projectCategory: 'Repair',
      minutes: 60,
      isFallback: true,
    });
  });

  it("finds a job's minutes in the table, or the fallback without one", () => {
    const table = durationTable([
      { projectType: 'Safe and Locks', projectCategory: 'Repair', minutes: 30 },
    ]);
    expect(durationFor(table, 'Safe and Locks', 'Repair')).toBe(30);
    expect(durationFor(table, 'Safe and Locks', 'New Installation')).toBe(120);
    expect(durationFor(undefined, 'CCTV Camera', 'Repair')).toBe(60);
  });
});
