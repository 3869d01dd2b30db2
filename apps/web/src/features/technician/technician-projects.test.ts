import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { describe, expect, it } from 'vitest';
import { currentProjectOf, newestUpdateFirst, tabOfStatus } from './technician-projects';

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
});
