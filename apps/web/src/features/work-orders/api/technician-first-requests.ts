import type { WorkOrderStatus } from '@karya/domain/contact-schemas';
import { apiUrl } from '../../../lib/api-url';
import { TECHNICIAN_INVENTORY_PATH } from '../../../shared/technician-inventory-path';
import { TASK_STATUSES } from '../technician-projects';

/**
 * One screenful of a tab (issue 17): a phone on a slow network asks for what it shows, and
 * the next page when the list is scrolled to its end.
 */
export const TECHNICIAN_PAGE_SIZE = 20;

export const TECHNICIAN_WORK_ORDERS_PATH = '/technician-work-orders';
export const TECHNICIAN_COUNTS_PATH = '/technician-work-order-counts';

/** The query of one page of a tab's list. */
export function technicianPageQuery(statuses: readonly WorkOrderStatus[], page: number) {
  return { status: statuses.join(','), page, pageSize: TECHNICIAN_PAGE_SIZE };
}

/** The addresses of the technician dashboard's first calls, one by one. */
export const TECHNICIAN_FIRST_URLS = {
  counts: apiUrl(TECHNICIAN_COUNTS_PATH),
  tasks: apiUrl(TECHNICIAN_WORK_ORDERS_PATH, technicianPageQuery(TASK_STATUSES, 1)),
  inventory: apiUrl(TECHNICIAN_INVENTORY_PATH),
};

/**
 * What the technician dashboard asks for as it opens on Home: the counts, the first page of
 * 'Your Tasks' and the stock. The page's HTML starts these before the scripts have loaded
 * (apps/web/early-start.ts); the screens then make the very same calls.
 */
export const TECHNICIAN_DASHBOARD_FIRST_REQUESTS: readonly string[] =
  Object.values(TECHNICIAN_FIRST_URLS);
