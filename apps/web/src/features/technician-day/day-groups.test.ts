import type { ScheduledJobAnswer } from '@karya/domain/schedule-schemas';
import { describe, expect, it } from 'vitest';
import { groupByDay } from './day-groups';

const job = (orderId: string, start: string | null): ScheduledJobAnswer => ({
  _id: orderId,
  orderId,
  technicianId: 't',
  start,
  end: start,
  window: null,
  status: 'assigned',
  customerName: 'C',
  projectType: 'CCTV Camera',
  projectCategory: 'New Installation',
  version: 1,
  createdAt: '2027-03-01T00:00:00.000Z',
  startedAt: null,
  amcDueDate: null,
  sla: null,
});

describe("the phone's week", () => {
  it("puts today's jobs first in time order, then each later day's", () => {
    const groups = groupByDay('2027-03-04', [
      job('afternoon', '2027-03-04T09:30:00.000Z'),
      job('next-week', '2027-03-10T05:30:00.000Z'),
      job('morning', '2027-03-04T04:30:00.000Z'),
      // 11 pm yesterday, running into today: today's.
      job('overnight', '2027-03-03T17:30:00.000Z'),
      // 00:30 on the 5th in India is still 4 March in UTC: India's day decides.
      job('after-midnight', '2027-03-04T19:00:00.000Z'),
      job('unscheduled', null),
    ]);
    expect(groups.map((g) => [g.day, g.jobs.map((j) => j.orderId)])).toEqual([
      ['2027-03-04', ['overnight', 'morning', 'afternoon']],
      ['2027-03-05', ['after-midnight']],
      ['2027-03-10', ['next-week']],
    ]);
  });
});
