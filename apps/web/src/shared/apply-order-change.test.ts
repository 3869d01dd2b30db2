import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLocally } from './apply-order-change';
import { technicianWorkOrderKeys } from './technician-work-order-keys';
import type { ListPage } from './use-paged-list';

type Pages = InfiniteData<ListPage<WorkOrderDetail>, number>;

const order = (orderId: string, status: WorkOrderDetail['status']) =>
  ({
    customerId: 'c1',
    orderId,
    status,
    updatedAt: '2026-11-24T08:00:00.000Z',
    statusHistory: [],
  }) as unknown as WorkOrderDetail;

const pages = (...items: WorkOrderDetail[]): Pages => ({
  pages: [{ items, total: items.length, capped: false }],
  pageParams: [1],
});

const TASKS = ['assigned', 'in-progress', 'paused'] as const;
const ASSIGNED = ['assigned'] as const;
const CURRENT = ['in-progress'] as const;

function client() {
  const queryClient = new QueryClient();
  const a = order('WO-1', 'assigned');
  queryClient.setQueryData(technicianWorkOrderKeys.list(TASKS), pages(a, order('WO-2', 'paused')), {
    updatedAt: 1000,
  });
  queryClient.setQueryData(technicianWorkOrderKeys.list(ASSIGNED), pages(a), { updatedAt: 1000 });
  queryClient.setQueryData(
    technicianWorkOrderKeys.counts,
    { counts: { assigned: 1, 'in-progress': 0, paused: 1 }, total: 2 },
    { updatedAt: 1000 },
  );
  return { queryClient, a };
}

describe('an order changed on the phone before the server knows', () => {
  it('moves between the cached tabs, counts and details, keeping each copy’s time', () => {
    const { queryClient, a } = client();
    applyLocally(
      queryClient,
      a,
      { status: 'in-progress', entry: { status: 'in-progress', remark: '' }, seedLists: [CURRENT] },
      new Date('2026-11-24T09:00:00.000Z'),
    );
    const tasks = queryClient.getQueryData<Pages>(technicianWorkOrderKeys.list(TASKS));
    expect(tasks?.pages[0]?.items.map((item) => [item.orderId, item.status])).toEqual([
      ['WO-1', 'in-progress'],
      ['WO-2', 'paused'],
    ]);
    const assigned = queryClient.getQueryData<Pages>(technicianWorkOrderKeys.list(ASSIGNED));
    expect(assigned?.pages[0]).toMatchObject({ items: [], total: 0 });
    // The Current tab never fetched: it starts with this order, dated before any answer.
    const current = queryClient.getQueryData<Pages>(technicianWorkOrderKeys.list(CURRENT));
    expect(current?.pages[0]?.items.map((item) => item.orderId)).toEqual(['WO-1']);
    expect(queryClient.getQueryState(technicianWorkOrderKeys.list(CURRENT))?.dataUpdatedAt).toBe(1);
    expect(queryClient.getQueryData(technicianWorkOrderKeys.counts)).toMatchObject({
      counts: { assigned: 0, 'in-progress': 1, paused: 1 },
    });
    expect(queryClient.getQueryState(technicianWorkOrderKeys.counts)?.dataUpdatedAt).toBe(1000);
    expect(queryClient.getQueryState(technicianWorkOrderKeys.list(TASKS))?.dataUpdatedAt).toBe(
      1000,
    );
  });

  it('adds a remark to the history and leaves the status and counts alone', () => {
    const { queryClient, a } = client();
    applyLocally(
      queryClient,
      { customerId: 'c1', orderId: 'WO-1' },
      {
        entry: { status: 'communication', remark: 'Gate code 1234' },
      },
    );
    const detail = queryClient.getQueryData<WorkOrderDetail>(
      technicianWorkOrderKeys.detail(a.customerId, a.orderId),
    );
    expect(detail?.status).toBe('assigned');
    expect(detail?.statusHistory).toEqual([
      expect.objectContaining({ status: 'communication', remark: 'Gate code 1234' }),
    ]);
    expect(queryClient.getQueryData(technicianWorkOrderKeys.counts)).toMatchObject({
      counts: { assigned: 1, 'in-progress': 0 },
    });
  });
});
