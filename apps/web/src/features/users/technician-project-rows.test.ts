import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { describe, expect, it } from 'vitest';
import { completionDateOf, projectsNewestFirst } from './technician-project-rows';

const project = (orderId: string, createdAt: string) =>
  ({ orderId, createdAt }) as unknown as WorkOrderDetail;

describe('projectsNewestFirst', () => {
  it('puts the newest project first whatever order the server sent', () => {
    const sorted = projectsNewestFirst([
      project('WO-1', '2026-01-05T10:00:00.000Z'),
      project('WO-3', '2026-03-01T10:00:00.000Z'),
      project('WO-2', '2026-02-10T10:00:00.000Z'),
    ]);
    expect(sorted.map((row) => row.orderId)).toEqual(['WO-3', 'WO-2', 'WO-1']);
  });

  it('breaks a tie on the creation time by the later order id, and leaves its input alone', () => {
    const input = [
      project('WO-7', '2026-01-05T10:00:00.000Z'),
      project('WO-8', '2026-01-05T10:00:00.000Z'),
    ];
    expect(projectsNewestFirst(input).map((row) => row.orderId)).toEqual(['WO-8', 'WO-7']);
    expect(input.map((row) => row.orderId)).toEqual(['WO-7', 'WO-8']);
  });
});

describe('completionDateOf', () => {
  it('gives the completion date of completed projects only', () => {
    const at = '2026-03-01T10:00:00.000Z';
    expect(completionDateOf({ status: 'completed', completedAt: at })).toBe(at);
    expect(completionDateOf({ status: 'pending-approval', completedAt: at })).toBeNull();
  });
});
