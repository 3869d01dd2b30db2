import { formatDate } from '@karya/domain/format';
import type { TechnicianInventoryItem } from '@karya/domain/inventory-answers';
import { formatQuantity } from '@karya/domain/quantity';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { cx } from '../../lib/class-names';
import { rupees } from '../../lib/money';
import { activeSerials, unitsHeld } from '../../shared/inventory-units';
import { TYPE_SHORT_LABELS } from './inventory-constants';

const TYPE_TONES: Record<TechnicianInventoryItem['type'], string> = {
  'serialized-product': 'bg-blue-50 text-blue-700 dark:bg-blue-950 dark:text-blue-300',
  'generic-product': 'bg-amber-50 text-amber-700 dark:bg-amber-950 dark:text-amber-300',
  service: 'bg-violet-50 text-violet-700 dark:bg-violet-950 dark:text-violet-300',
};

function ItemHeading({ item }: { item: TechnicianInventoryItem }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="break-words text-sm font-medium text-slate-900 dark:text-slate-100">
        {item.itemName}
      </p>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
        <span className={cx('rounded-full px-2 py-0.5 font-medium', TYPE_TONES[item.type])}>
          {TYPE_SHORT_LABELS[item.type]}
        </span>
        <span>{item.itemId}</span>
      </p>
    </div>
  );
}

/** Spec 2 §2: a quantity with its unit, or for a service its sale price in rupees. */
function Amount({ item }: { item: TechnicianInventoryItem }) {
  if (item.type === 'service')
    return (
      <p className="shrink-0 text-right text-sm font-semibold text-slate-900 dark:text-slate-100">
        {rupees(item.salePrice)}
      </p>
    );
  return (
    <p className="shrink-0 text-right text-sm text-slate-900 dark:text-slate-100">
      <span className="font-semibold">{formatQuantity(unitsHeld(item), item.unit)}</span>
    </p>
  );
}

export interface InventoryItemRowProps {
  item: TechnicianInventoryItem;
  expanded: boolean;
  onToggle: () => void;
}

/** One line of the Inventory tab; a serialized item opens to list its active serials. */
export function InventoryItemRow({ item, expanded, onToggle }: InventoryItemRowProps) {
  const serialsId = useId();
  if (item.type !== 'serialized-product')
    return (
      <li className="flex items-center gap-3 px-4 py-3">
        <ItemHeading item={item} />
        <Amount item={item} />
      </li>
    );

  const serials = activeSerials(item);
  return (
    <li>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={serialsId}
        onClick={onToggle}
        className={cx(
          'flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-slate-50 dark:hover:bg-slate-700/50',
          'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600',
          expanded && 'bg-slate-50 dark:bg-slate-900/60',
        )}
      >
        <ItemHeading item={item} />
        <Amount item={item} />
        {expanded ? (
          <ChevronDown
            aria-hidden="true"
            className="size-4 shrink-0 text-slate-500 dark:text-slate-400"
          />
        ) : (
          <ChevronRight
            aria-hidden="true"
            className="size-4 shrink-0 text-slate-500 dark:text-slate-400"
          />
        )}
      </button>
      {expanded ? (
        <div id={serialsId} className="bg-slate-50 px-4 pb-3 dark:bg-slate-900/60">
          <p className="mb-2 text-xs font-medium text-slate-500 dark:text-slate-400">
            Serial Numbers
          </p>
          <ul className="grid gap-2 sm:grid-cols-2">
            {serials.map((serial) => (
              <li
                key={serial.serialNumber}
                className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-800"
              >
                <span className="break-all font-mono text-sm text-slate-900 dark:text-slate-100">
                  {serial.serialNumber}
                </span>
                <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
                  {formatDate(serial.assignedAt)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}
