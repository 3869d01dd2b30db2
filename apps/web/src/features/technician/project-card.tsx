import { formatDateTime } from '@karya/domain/format';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { ChevronRight, MapPin } from 'lucide-react';
import { categoryLabel } from '../work-orders/work-order-display';
import { StatusPill } from './dashboard-ui';

/** One project in a dashboard list; the whole row is the tap target. */
export function ProjectCard({
  order,
  onOpen,
}: {
  order: WorkOrderDetail;
  onOpen: (order: WorkOrderDetail) => void;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(order)}
        className="flex w-full min-w-0 items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 text-left shadow-sm transition-colors hover:border-blue-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:border-slate-700 dark:bg-slate-800 dark:hover:border-blue-500"
      >
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            <p className="min-w-0 truncate font-medium text-slate-900 dark:text-slate-50">
              {order.projectType}
            </p>
            <StatusPill status={order.status} />
          </div>
          <p className="truncate text-sm text-slate-700 dark:text-slate-200">
            {order.customerName}
            <span className="text-slate-400 dark:text-slate-500"> · {categoryLabel(order)}</span>
          </p>
          {order.customerAddress ? (
            <p className="flex min-w-0 items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
              <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="truncate">{order.customerAddress}</span>
            </p>
          ) : null}
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {order.orderId} · {formatDateTime(order.updatedAt)}
          </p>
        </div>
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
      </button>
    </li>
  );
}

export function ProjectList({
  orders,
  onOpen,
  label,
}: {
  orders: readonly WorkOrderDetail[];
  onOpen: (order: WorkOrderDetail) => void;
  label: string;
}) {
  return (
    <ul aria-label={label} className="space-y-2">
      {orders.map((order) => (
        <ProjectCard key={order._id} order={order} onOpen={onOpen} />
      ))}
    </ul>
  );
}
