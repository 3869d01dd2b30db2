import { Minus, Plus, Trash2 } from 'lucide-react';
import { cx } from '../../lib/class-names';
import { type DraftLine, lineAmountPaise, lineRatePaise, needsSerial } from './bill-lines';
import { formatRupees } from './billing-money';

const TYPE_WORDS: Record<DraftLine['type'], string> = {
  'serialized-product': 'Serialized',
  'generic-product': 'Generic',
  service: 'Service',
};

const STEP_BUTTON =
  'flex size-9 items-center justify-center rounded-lg border border-slate-300 text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-40 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-700';

/** The lines chosen so far: generic quantities step within the rules, any line comes off. */
export function BillLinesEditor({
  lines,
  min,
  onQuantity,
  onRemove,
}: {
  lines: readonly DraftLine[];
  min: number;
  onQuantity: (line: DraftLine, quantity: number) => void;
  onRemove: (line: DraftLine) => void;
}) {
  return (
    <ul aria-label="Selected items" className="space-y-2">
      {lines.map((line) => (
        <li
          key={line.key}
          className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-800"
        >
          <div className="flex items-start gap-2">
            <div className="min-w-0 flex-1">
              <p className="break-words text-sm font-medium">{line.name}</p>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {TYPE_WORDS[line.type]}
                {line.serialNumber ? ` · ${line.serialNumber}` : ''} ·{' '}
                {formatRupees(lineRatePaise(line))}
                {line.type === 'generic-product' ? ` / ${line.unit}` : ''}
              </p>
              {/* Issue 35: a planned unit, billed once a serial from the van is picked. */}
              {needsSerial(line) ? (
                <p className="text-xs font-medium text-amber-700 dark:text-amber-300">
                  Serial needed: pick one below or scan it
                </p>
              ) : null}
            </div>
            <p className="shrink-0 text-sm font-semibold">{formatRupees(lineAmountPaise(line))}</p>
            <button
              type="button"
              aria-label={`Remove ${line.serialNumber ?? line.name}`}
              onClick={() => onRemove(line)}
              className="-mt-1 -mr-1 flex size-9 shrink-0 items-center justify-center rounded-lg text-red-600 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-red-400 dark:hover:bg-red-950"
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </div>
          {line.type === 'generic-product' ? (
            <div className="mt-2 flex items-center gap-2">
              <button
                type="button"
                aria-label={`Decrease quantity of ${line.name}`}
                className={STEP_BUTTON}
                disabled={line.quantity <= min}
                onClick={() => onQuantity(line, line.quantity - 1)}
              >
                <Minus aria-hidden="true" className="size-4" />
              </button>
              <input
                type="number"
                inputMode="numeric"
                min={min}
                aria-label={`Quantity of ${line.name}`}
                value={line.quantity}
                onChange={(event) => onQuantity(line, event.target.valueAsNumber)}
                className={cx(
                  'h-9 w-16 rounded-lg border border-slate-300 bg-white px-2 text-center text-sm',
                  'focus:border-blue-500 focus:ring-2 focus:ring-blue-500/20 focus:outline-none',
                  'dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100',
                )}
              />
              <button
                type="button"
                aria-label={`Increase quantity of ${line.name}`}
                className={STEP_BUTTON}
                onClick={() => onQuantity(line, line.quantity + 1)}
              >
                <Plus aria-hidden="true" className="size-4" />
              </button>
              <span className="text-xs text-slate-500 dark:text-slate-400">{line.unit}</span>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
