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
    // The server's counts per status (GET /technician-work-order-counts).
    const counts = projectBoxCounts({
      assigned: 1,
      'in-progress': 1,
      paused: 1,
      rejected: 1,
      transferring: 1,
      'pending-approval': 1,
      completed: 3,
      transferred: 2,
    });
    expect(Object.fromEntries(PROJECT_BOXES.map((box, i) => [box.label, counts[i]]))).toEqual({
      Assigned: 3,
      Approval: 1,
      Paused: 1,
      Completed: 3,
      Transferred: 3,
    });
    expect(counts.reduce<number>((a, b) => a + (b ?? 0), 0)).toBe(6 + 3 + 2);
  });

  it('shows no box count before the counts arrive', () => {
    expect(projectBoxCounts(undefined).every((count) => count === undefined)).toBe(true);
  });
});
