import { describe, expect, it } from 'vitest';
import { assignTimeOf } from './assign-time';

describe("the Assign Technician dialog's optional time", () => {
  it('assigns without a time when both are empty, whatever the duration says', () => {
    expect(assignTimeOf({ date: '', time: ' ', duration: '180' })).toEqual({ kind: 'none' });
    expect(assignTimeOf({ date: '', time: '', duration: '' })).toEqual({ kind: 'none' });
  });

  it('books India time for the duration given', () => {
    expect(assignTimeOf({ date: '2027-03-02', time: '11:00', duration: '180' })).toEqual({
      kind: 'time',
      start: '2027-03-02T05:30:00.000Z',
      durationMinutes: 180,
    });
  });

  it('asks for both the date and the time, and a duration of 1 to 1440 minutes', () => {
    expect(assignTimeOf({ date: '2027-03-02', time: '', duration: '60' })).toEqual({
      kind: 'errors',
      errors: {
        time: 'Enter both the date and the time, or leave both empty to assign without a time',
      },
    });
    expect(assignTimeOf({ date: '2027-03-02', time: '11:00', duration: '0' })).toEqual({
      kind: 'errors',
      errors: { duration: 'Duration must be 1 to 1440 minutes' },
    });
    expect(assignTimeOf({ date: '', time: '11:00', duration: '1.5' })).toMatchObject({
      kind: 'errors',
      errors: { date: expect.any(String), duration: expect.any(String) },
    });
  });
});
