import type { WorkOrderStatus } from '@karya/domain/contact-schemas';
import type { TechnicianWorkOrderCounts } from '@karya/domain/technician-work-order-counts';
import type { StatusHistoryEntry, WorkOrderDetail } from '@karya/domain/work-order-schemas';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { technicianWorkOrderKeys } from './technician-work-order-keys';
import type { ListPage } from './use-paged-list';

type Pages = InfiniteData<ListPage<WorkOrderDetail>, number>;

export interface LocalChange {
  /** The order's new status; none for a remark. */
  status?: WorkOrderStatus;
  /** The history entry the server would write: its status (or activity) and remark. */
  entry: { status: string; remark: string };
  /**
   * Tabs to start with this order when the phone has no copy of them yet (the Current
   * Project tab of an order started offline, never opened online).
   */
  seedLists?: readonly (readonly WorkOrderStatus[])[];
}

/** The order as it will be once the server has the queued change. */
export function changedOrder(
  order: WorkOrderDetail,
  change: LocalChange,
  at: Date,
): WorkOrderDetail {
  const entry: StatusHistoryEntry = {
    status: change.entry.status,
    remark: change.entry.remark,
    updatedAt: at.toISOString(),
    updatedBy: null,
  };
  return {
    ...order,
    status: change.status ?? order.status,
    updatedAt: at.toISOString(),
    statusHistory: [...order.statusHistory, entry],
  };
}

/** A tab's pages with the order moved in or out as its new status says. */
export function pagesWith(
  pages: Pages,
  statuses: readonly string[],
  before: WorkOrderDetail,
  after: WorkOrderDetail,
): Pages {
  const wasIn = statuses.includes(before.status);
  const isIn = statuses.includes(after.status);
  const without = pages.pages.map((page) => ({
    ...page,
    items: page.items.filter((item) => item.orderId !== after.orderId),
    total: page.total - (wasIn && !isIn ? 1 : 0) + (!wasIn && isIn ? 1 : 0),
  }));
  if (isIn && without[0]) without[0] = { ...without[0], items: [after, ...without[0].items] };
  return { ...pages, pages: without };
}

export type OrderRef = Pick<WorkOrderDetail, 'customerId' | 'orderId'> & Partial<WorkOrderDetail>;

const listsKey = [...technicianWorkOrderKeys.all, 'pages'];

/** The freshest copy of the order on this phone: its details, else a list's row. */
function cachedOrder(queryClient: QueryClient, order: OrderRef): WorkOrderDetail | undefined {
  const detail = queryClient.getQueryData<WorkOrderDetail>(
    technicianWorkOrderKeys.detail(order.customerId, order.orderId),
  );
  if (detail) return detail;
  for (const [, data] of queryClient.getQueriesData<Pages>({ queryKey: listsKey })) {
    const row = data?.pages
      .flatMap((page) => page.items)
      .find((item) => item.orderId === order.orderId);
    if (row) return row;
  }
  return order.status && order.statusHistory ? (order as WorkOrderDetail) : undefined;
}

/**
 * What the technician did offline shows at once (issue 20): the order's details, every
 * cached tab and the counts take the new status and history entry. The server's copy
 * replaces them when the queue has been sent (shared/queued-actions.ts refreshes).
 */
export function applyLocally(
  queryClient: QueryClient,
  order: OrderRef,
  change: LocalChange,
  at = new Date(),
): void {
  const detailKey = technicianWorkOrderKeys.detail(order.customerId, order.orderId);
  const before = cachedOrder(queryClient, order);
  if (!before) return;
  const after = changedOrder(before, change, at);
  // Each copy keeps the time of its server answer: the offline banner shows that time.
  const keepTime = (key: QueryKey) => ({
    updatedAt: queryClient.getQueryState(key)?.dataUpdatedAt,
  });
  queryClient.setQueryData(detailKey, after, keepTime(detailKey));
  for (const [key, data] of queryClient.getQueriesData<Pages>({ queryKey: listsKey })) {
    const statuses = key[2];
    if (!data || !Array.isArray(statuses)) continue;
    queryClient.setQueryData<Pages>(
      key,
      pagesWith(data, statuses as string[], before, after),
      keepTime(key),
    );
  }
  for (const statuses of change.seedLists ?? []) {
    const key = technicianWorkOrderKeys.list(statuses);
    if (!statuses.includes(after.status) || queryClient.getQueryData(key) !== undefined) continue;
    const seeded: Pages = { pages: [{ items: [after], total: 1, capped: false }], pageParams: [1] };
    // Dated as old as can be: the first answer of the server replaces it.
    queryClient.setQueryData<Pages>(key, seeded, { updatedAt: 1 });
  }
  if (before.status === after.status) return;
  const countsKey = technicianWorkOrderKeys.counts;
  queryClient.setQueryData<TechnicianWorkOrderCounts>(
    countsKey,
    (counts) => {
      if (!counts) return counts;
      const next = { ...counts.counts } as Record<string, number>;
      if (before.status in next) next[before.status] = Math.max(0, (next[before.status] ?? 0) - 1);
      if (after.status in next) next[after.status] = (next[after.status] ?? 0) + 1;
      return { ...counts, counts: next as TechnicianWorkOrderCounts['counts'] };
    },
    keepTime(countsKey),
  );
}
