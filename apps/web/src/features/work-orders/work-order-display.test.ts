import type { StatusHistoryEntry } from '@karya/domain/work-order-schemas';
import { describe, expect, it } from 'vitest';
import {
  categoryLabel,
  historyNewestFirst,
  latestEntry,
  offers,
  personName,
  transferNoticeOf,
} from './work-order-display';

const manager = { _id: 'm1', firstName: 'Meera', lastName: 'Joshi' };
const technician = { _id: 't1', firstName: 'Ravi', lastName: 'Kumar' };

function entry(
  status: string,
  remark: string,
  minute: number,
  by = technician,
): StatusHistoryEntry {
  return {
    status,
    remark,
    updatedAt: `2026-11-22T08:${String(minute).padStart(2, '0')}:00.000Z`,
    updatedBy: by,
  };
}

describe('categoryLabel', () => {
  it('shows Repair as Complaint and anything else as New Installation', () => {
    expect(categoryLabel({ projectCategory: 'Repair' })).toBe('Complaint');
    expect(categoryLabel({ projectCategory: 'New Installation' })).toBe('New Installation');
  });
});

describe('transferNoticeOf', () => {
  it('is absent when the order was never stopped', () => {
    expect(transferNoticeOf({ statusHistory: [entry('pending', 'Two cameras', 1, manager)] })).toBe(
      null,
    );
  });

  it("pairs the latest stop reason with the manager's acceptance note", () => {
    const notice = transferNoticeOf({
      statusHistory: [
        entry('pending', 'Two cameras', 1, manager),
        entry('transferring', 'First reason', 2),
        entry('rejected', 'Please finish it', 3, manager),
        entry('transferring', 'On leave next week', 4),
        entry('transferred', 'Will give it to Sunil', 5, manager),
      ],
    });
    expect(notice?.stopped.remark).toBe('On leave next week');
    expect(notice?.accepted?.remark).toBe('Will give it to Sunil');
  });

  it('has no acceptance note while the request is still open', () => {
    const notice = transferNoticeOf({ statusHistory: [entry('transferring', 'Stuck', 2)] });
    expect(notice?.accepted).toBe(null);
  });
});

describe('historyNewestFirst', () => {
  it('lists the latest change first without reordering the original', () => {
    const history = [
      entry('pending', 'a', 1),
      entry('assigned', 'b', 2),
      entry('in-progress', 'c', 3),
    ];
    expect(historyNewestFirst({ statusHistory: history }).map((item) => item.remark)).toEqual([
      'c',
      'b',
      'a',
    ]);
    expect(history[0]?.remark).toBe('a');
  });
});

describe('latestEntry and personName', () => {
  it('finds nothing for a status the order never had', () => {
    expect(latestEntry({ statusHistory: [] }, 'paused')).toBe(null);
  });

  it('names a missing person by the fallback', () => {
    expect(personName(null, 'Not Assigned')).toBe('Not Assigned');
    expect(personName(technician)).toBe('Ravi Kumar');
  });
});

describe('offers (the state machine decides which buttons show)', () => {
  it('lets managers and admins assign a pending order only', () => {
    expect(offers('assign', 'pending', 'manager')).toBe(true);
    expect(offers('assign', 'pending', 'admin')).toBe(true);
    expect(offers('assign', 'assigned', 'manager')).toBe(false);
    expect(offers('assign', 'pending', 'technician')).toBe(false);
  });

  it('offers approval to a manager on pending-approval only', () => {
    expect(offers('approve', 'pending-approval', 'manager')).toBe(true);
    expect(offers('approve', 'in-progress', 'manager')).toBe(false);
    expect(offers('approve', 'pending-approval', 'admin')).toBe(false);
  });

  it('offers accept and reject to a manager on a transferring project', () => {
    expect(offers('accept-transfer', 'transferring', 'manager')).toBe(true);
    expect(offers('reject-transfer', 'transferring', 'manager')).toBe(true);
    expect(offers('accept-transfer', 'transferred', 'manager')).toBe(false);
    expect(offers('reject-transfer', 'transferring', 'admin')).toBe(false);
  });
});
