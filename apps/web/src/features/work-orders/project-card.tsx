import { formatDateTime } from '@karya/domain/format';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { ChevronRight, MapPin } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { QueuedBadge } from '../../shared/queued-actions-notice';
import { SlaLine } from '../../shared/sla-badge';
import { TECHNICIAN_STATUS_LABELS, WorkOrderStatusPill } from '../../shared/work-order-status-pill';
import { Button } from '../../ui/button';
import { DARK_SECONDARY } from '../../ui/dashboard-panels';
import { TECHNICIAN_TEXT as TEXT } from './technician-messages';
import type { MoreState } from './use-technician-projects';
import { categoryLabel } from './work-order-display';

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
            <WorkOrderStatusPill status={order.status} labels={TECHNICIAN_STATUS_LABELS} />
            <QueuedBadge orderId={order.orderId} />
          </div>
          <p className="truncate text-sm text-slate-700 dark:text-slate-200">
            {order.customerName}
            <span className="text-slate-500 dark:text-slate-400"> · {categoryLabel(order)}</span>
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
          {/* Issue 37: a complaint's response clock, in its colour and words. */}
          {order.sla ? <SlaLine sla={order.sla} wrap className="text-xs" /> : null}
        </div>
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
      </button>
    </li>
  );
}

/**
 * The end of a list with more on the server: it fetches the next page by itself as it
 * scrolls into view (a little before), and is a button for whoever gets there first.
 */
function LoadMore({ more }: { more: MoreState }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasMore, loadingMore, loadMore } = more;
  const load = useRef(loadMore);
  load.current = loadMore;

  // Observed anew after each page: a list still too short to fill the screen loads on.
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loadingMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load.current();
      },
      { rootMargin: '0px 0px 300px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loadingMore]);

  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="pt-1">
      <Button
        variant="secondary"
        className={`w-full ${DARK_SECONDARY}`}
        loading={loadingMore}
        loadingText={TEXT.loadingMore}
        onClick={loadMore}
      >
        {TEXT.loadMore}
      </Button>
    </div>
  );
}

export function ProjectList({
  orders,
  onOpen,
  label,
  more,
}: {
  orders: readonly WorkOrderDetail[];
  onOpen: (order: WorkOrderDetail) => void;
  label: string;
  /** The list's further pages, when it is one page at a time. */
  more?: MoreState;
}) {
  return (
    <div className="space-y-2">
      <ul aria-label={label} className="space-y-2">
        {orders.map((order) => (
          <ProjectCard key={order._id} order={order} onOpen={onOpen} />
        ))}
      </ul>
      {more ? <LoadMore more={more} /> : null}
    </div>
  );
}
