import type { WorkOrderStatus } from '@karya/domain/contact-schemas';
import type { QueryClient } from '@tanstack/react-query';
import { technicianWorkOrdersQuery } from '../../features/work-orders/api/get-technician-work-orders';
import {
  ACTIVE_ASSIGNMENT_STATUSES,
  ASSIGNED_TAB_STATUSES,
  COMPLETED_STATUSES,
  CURRENT_STATUSES,
  PAUSED_STATUSES,
  PENDING_APPROVAL_STATUSES,
  TRANSFER_STATUSES,
} from '../../features/work-orders/technician-projects';

/** The lists of the tabs a tap opens (Home's own lists come with the first screen). */
const TAB_LISTS: readonly (readonly WorkOrderStatus[])[] = [
  CURRENT_STATUSES,
  ACTIVE_ASSIGNMENT_STATUSES,
  PENDING_APPROVAL_STATUSES,
  PAUSED_STATUSES,
  ASSIGNED_TAB_STATUSES,
  COMPLETED_STATUSES,
  TRANSFER_STATUSES,
];

/**
 * Issue 20: a technician who loses signal before ever opening a tab would otherwise find it
 * saying 'Error loading work orders' instead of their orders. Once the first screen is up and
 * the phone is online, the first page of each tab's list that has no copy yet is fetched, one
 * after another so the shop's server and a slow network feel no burst; the persister keeps
 * them. Lists already cached are left to refresh when their tab opens, as before, so later
 * visits ask for nothing more.
 */
export async function keepTabsOffline(queryClient: QueryClient): Promise<void> {
  for (const statuses of TAB_LISTS) {
    if (!navigator.onLine) return;
    const query = technicianWorkOrdersQuery(statuses);
    if (queryClient.getQueryData(query.queryKey) !== undefined) continue;
    // A failure here is the tab's to show when it is opened, not the Home screen's.
    await queryClient.prefetchInfiniteQuery(query).catch(() => undefined);
  }
}
