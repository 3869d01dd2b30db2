import { indiaInstant } from '@karya/domain/schedule';
import type { ScheduledJobAnswer } from '@karya/domain/schedule-schemas';
import { describe, expect, it } from 'vitest';
import { initialValues, requestOf } from './schedule-form';

const laneJob: ScheduledJobAnswer = {
  _id: 'a1',
  orderId: 'WO-2027-000001',
  technicianId: null,
  start: null,
  end: null,
  window: null,
  status: 'pending',
  customerName: 'Asha Patil',
  projectType: 'CCTV Camera',
  projectCategory: 'New Installation',
  version: 0,
  createdAt: '2027-02-20T04:00:00.000Z',
  startedAt: null,
  amcDueDate: null,
  sla: null,
};

describe("the 'Schedule…' dialog's fields", () => {
  it("start a lane job on the board's day at opening, two hours for an installation, one for a repair", () => {
    expect(initialValues(laneJob, { day: '2027-03-01', time: '09:30' })).toEqual({
      technicianId: '',
      day: '2027-03-01',
      time: '09:30',
      duration: '120',
      windowStart: '',
      windowEnd: '',
    });
    expect(
      initialValues(
        { ...laneJob, projectCategory: 'Repair' },
        { day: '2027-03-01', time: '09:30', technicianId: 't1' },
      ),
    ).toMatchObject({ technicianId: 't1', duration: '60' });
  });

  it('start a booked job at its own India time, length and window', () => {
    const booked = {
      ...laneJob,
      technicianId: 't1',
      status: 'assigned',
      start: indiaInstant('2027-03-02', '14:00').toISOString(),
      end: indiaInstant('2027-03-02', '15:30').toISOString(),
      window: { start: '13:30', end: '15:00' },
      version: 3,
    };
    expect(initialValues(booked, { day: '2027-03-01', time: '09:30' })).toEqual({
      technicianId: 't1',
      day: '2027-03-02',
      time: '14:00',
      duration: '90',
      windowStart: '13:30',
      windowEnd: '15:00',
    });
  });

  it('send the India instant, the window when both ends are given and the version', () => {
    const values = {
      technicianId: 't1',
      day: '2027-03-01',
      time: '14:00',
      duration: '120',
      windowStart: '',
      windowEnd: '',
    };
    expect(requestOf(laneJob, values)).toEqual({
      request: {
        orderId: 'WO-2027-000001',
        technicianId: 't1',
        start: '2027-03-01T08:30:00.000Z',
        durationMinutes: 120,
        version: 0,
      },
    });
    expect(
      requestOf(laneJob, { ...values, windowStart: '13:00', windowEnd: '15:00' }),
    ).toMatchObject({ request: { window: { start: '13:00', end: '15:00' } } });
  });

  it('say what to fix', () => {
    expect(
      requestOf(laneJob, {
        technicianId: '',
        day: '',
        time: '',
        duration: '0',
        windowStart: '15:00',
        windowEnd: '13:00',
      }),
    ).toEqual({
      errors: {
        technicianId: 'Please select a technician',
        day: 'Please enter a valid date',
        time: 'Please enter a time as HH:MM',
        duration: 'Duration must be 1 to 1440 minutes',
        windowEnd: 'The arrival window must end after it starts',
      },
    });
    expect(
      requestOf(laneJob, {
        technicianId: 't1',
        day: '2027-03-01',
        time: '10:00',
        duration: '60',
        windowStart: '10:00',
        windowEnd: '',
      }),
    ).toEqual({
      errors: { windowEnd: 'Enter both the start and the end of the arrival window, or neither' },
    });
  });
});
