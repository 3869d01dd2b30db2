import { ChevronDown, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../lib/class-names';
import { usePhoneCards } from './table';

export interface ExpandableRowProps {
  expanded: boolean;
  onToggle: () => void;
  /** The accessible name of the toggle, e.g. 'Show actions for Asha Rao'. */
  toggleLabel: string;
  cells: ReactNode;
  columnCount: number;
  /** The action buttons revealed under the row. */
  actions: ReactNode;
}

/** Spec 1 §2.6/§2.7: a row click expands the row's actions. */
export function ExpandableRow({
  expanded,
  onToggle,
  toggleLabel,
  cells,
  columnCount,
  actions,
}: ExpandableRowProps) {
  // As a phone card (Table's phoneCards) the toggle sits at the card's top right corner.
  const phoneCards = usePhoneCards();
  return (
    <>
      <tr
        onClick={onToggle}
        className={cx(
          'cursor-pointer hover:bg-slate-50',
          expanded && 'bg-blue-50/50',
          phoneCards && 'max-sm:pr-12!',
        )}
      >
        {cells}
        <td
          className={cx(
            'w-10 px-2 py-3 text-right',
            phoneCards && 'max-sm:absolute max-sm:top-2 max-sm:right-2',
          )}
        >
          <button
            type="button"
            aria-expanded={expanded}
            aria-label={toggleLabel}
            onClick={(event) => {
              event.stopPropagation();
              onToggle();
            }}
            className="rounded p-1 text-slate-500 hover:bg-slate-100"
          >
            {expanded ? (
              <ChevronDown aria-hidden="true" className="size-4" />
            ) : (
              <ChevronRight aria-hidden="true" className="size-4" />
            )}
          </button>
        </td>
      </tr>
      {expanded ? (
        <tr className={cx('bg-blue-50/50', phoneCards && 'max-sm:bg-blue-50/60!')}>
          <td colSpan={columnCount + 1} className="px-4 pb-3">
            <div className="flex flex-wrap gap-2">{actions}</div>
          </td>
        </tr>
      ) : null}
    </>
  );
}
