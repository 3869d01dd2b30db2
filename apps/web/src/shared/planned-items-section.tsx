import { formatRupees, toPaise } from '@karya/domain/money';
import { formatQuantity } from '@karya/domain/quantity';
import { ClipboardList } from 'lucide-react';
import { errorMessage } from '../lib/api-client';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { isFreeLine, type PlannedItem, usePlannedItems } from './planned-items';
import { quoteDisplayNumber } from './quote-number';

const TYPE_NOTE: Record<PlannedItem['type'], string> = {
  'serialized-product': 'Serial picked on the job',
  'generic-product': '',
  service: '',
  custom: 'Not in the catalogue',
};

/**
 * 'Planned items' (issue 35): the lines of the quotation the customer accepted, with its
 * number, so the technician knows what to take and fit and the desk what was sold. Draws
 * nothing for an order that came from no quotation.
 */
export function PlannedItemsSection({
  orderId,
  className,
}: {
  orderId: string;
  className?: string;
}) {
  const planned = usePlannedItems(orderId);
  if (planned.isError && !planned.data) {
    return (
      <Alert tone="warning" className={className}>
        <p>{errorMessage(planned.error, 'Could not load the planned items')}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => planned.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  const items = planned.data?.items ?? [];
  if (items.length === 0) return null;
  const quote = planned.data?.quotation;
  return (
    <section aria-label="Planned items" className={className}>
      <h3 className="flex flex-wrap items-center gap-x-2 text-sm font-semibold text-slate-900 dark:text-slate-100">
        <ClipboardList aria-hidden="true" className="size-4 text-blue-600 dark:text-blue-400" />
        Planned items
        {quote ? (
          <span className="text-xs font-normal text-slate-500 dark:text-slate-400">
            from quotation {quoteDisplayNumber(quote.number, quote.version)}
          </span>
        ) : null}
      </h3>
      <ul className="mt-2 divide-y divide-slate-100 text-sm dark:divide-slate-700">
        {items.map((item) => (
          <li key={item._id} className="flex items-start justify-between gap-3 py-2">
            <div className="min-w-0">
              <p className="font-medium break-words text-slate-900 dark:text-slate-100">
                {item.name}
              </p>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {formatQuantity(item.quantity, item.unit)}
                {TYPE_NOTE[isFreeLine(item) ? 'custom' : item.type]
                  ? ` · ${TYPE_NOTE[isFreeLine(item) ? 'custom' : item.type]}`
                  : ''}
              </p>
            </div>
            <p className="shrink-0 font-medium text-slate-900 dark:text-slate-100">
              {formatRupees(toPaise(item.amount))}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
