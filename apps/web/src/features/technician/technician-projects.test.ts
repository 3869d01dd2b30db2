import { WORK_ORDER_STATUSES } from '@karya/domain/contact-schemas';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { describe, expect, it } from 'vitest';
import {
  currentProjectOf,
  newestUpdateFirst,
  PROJECT_BOXES,
  projectBoxCounts,
  tabOfStatus,
} from './technician-projects';

function order(status: WorkOrderDetail['status'], updatedAt: string): WorkOrderDetail {
  return { status, updatedAt, orderId: `${status}-${updatedAt}` } as WorkOrderDetail;
}

describe('technician projects', () => {
  it('moves to the tab of in-progress, pending-approval and completed projects only', () => {
    expect(tabOfStatus('in-progress')).toBe('current-project');
    expect(tabOfStatus('pending-approval')).toBe('pending-approval-projects');
    expect(tabOfStatus('completed')).toBe('completed');
    expect(tabOfStatus('paused')).toBeNull();
    expect(tabOfStatus('assigned')).toBeNull();
  });

  it('lists the newest update first', () => {
    const sorted = newestUpdateFirst([
      order('assigned', '2026-01-01T00:00:00Z'),
      order('paused', '2026-03-01T00:00:00Z'),
    ]);
    expect(sorted.map((entry) => entry.status)).toEqual(['paused', 'assigned']);
  });

  it('takes the in-progress order as the current project', () => {
    expect(currentProjectOf([order('assigned', '2026-01-01T00:00:00Z')])).toBeNull();
    expect(
      currentProjectOf([
        order('assigned', '2026-01-01T00:00:00Z'),
        order('in-progress', '2026-01-02T00:00:00Z'),
      ])?.status,
    ).toBe('in-progress');
  });

  it('puts every project of the All projects tab in exactly one box (issue 15)', () => {
    const held = PROJECT_BOXES.flatMap((box) => box.statuses).sort();
    expect(held).toEqual([...WORK_ORDER_STATUSES].filter((s) => s !== 'pending').sort());
    // One open order of each open status, 3 completed and 2 transferred on the server.
    const open = [
      'assigned',
      'in-progress',
      'paused',
      'rejected',
      'transferring',
      'pending-approval',
    ].map((status) => order(status as WorkOrderDetail['status'], '2026-01-01T00:00:00Z'));
    const counts = projectBoxCounts(open, { completed: 3, transferred: 2 });
    expect(Object.fromEntries(PROJECT_BOXES.map((box, i) => [box.label, counts[i]]))).toEqual({
      Assigned: 3,
      Approval: 1,
      Paused: 1,
      Completed: 3,
      Transferred: 3,
    });
    expect(counts.reduce((a, b) => a + b, 0)).toBe(open.length + 3 + 2);
  });
});
