import type { TechnicianInventoryItem } from '@karya/domain/inventory-answers';
import { formatQuantity } from '@karya/domain/quantity';
import { Minus, Plus } from 'lucide-react';
import { useId } from 'react';
import { cx } from '../../lib/class-names';
import {
  activeSerials,
  clampQuantity,
  type ReturnSelection,
  setQuantity,
  setSerials,
  toggleSerial,
  unitsHeld,
} from '../../shared/inventory-units';

interface PickerProps {
  item: TechnicianInventoryItem;
  selection: ReturnSelection;
  onChange: (next: ReturnSelection) => void;
  disabled: boolean;
}

const stepButton = cx(
  'flex size-10 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700',
  'hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-300',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
);

/** Spec 2 §5: serial numbers are ticked one by one. */
function SerialPicker({ item, selection, onChange, disabled }: PickerProps) {
  const headingId = useId();
  const serials = activeSerials(item);
  const ticked = new Set(selection.serials[item.itemId] ?? []);
  const tickedCount = serials.filter((serial) => ticked.has(serial.serialNumber)).length;
  const allTicked = tickedCount === serials.length;
  return (
    <fieldset aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-3">
      <p id={headingId} className="break-words text-sm font-medium text-slate-900">
        {item.itemName}
      </p>
      <div className="mb-2 flex items-center justify-between gap-2 text-xs text-slate-500">
        <span>
          {tickedCount} of {serials.length} selected
        </span>
        <button
          type="button"
          disabled={disabled}
          onClick={() =>
            onChange(
              setSerials(
                selection,
                item.itemId,
                allTicked ? [] : serials.map((serial) => serial.serialNumber),
              ),
            )
          }
          className="rounded px-2 py-1 font-medium text-blue-700 hover:bg-blue-50 disabled:text-slate-400"
        >
          {allTicked ? 'Clear' : 'Select all'}
        </button>
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        {serials.map((serial) => {
          const checked = ticked.has(serial.serialNumber);
          return (
            <label
              key={serial.serialNumber}
              className={cx(
                'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2',
                checked ? 'border-blue-300 bg-blue-50' : 'border-slate-200 bg-white',
              )}
            >
              <input
                type="checkbox"
                className="size-5 shrink-0 accent-blue-600"
                checked={checked}
                disabled={disabled}
                onChange={(event) =>
                  onChange(
                    toggleSerial(selection, item.itemId, serial.serialNumber, event.target.checked),
                  )
                }
              />
              <span className="break-all font-mono text-sm text-slate-900">
                {serial.serialNumber}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Spec 2 §5: a generic quantity runs from 0 up to the quantity held. */
function QuantityPicker({ item, selection, onChange, disabled }: PickerProps) {
  const held = unitsHeld(item);
  const quantity = clampQuantity(selection.quantities[item.itemId] ?? 0, held);
  const set = (value: number) => onChange(setQuantity(selection, item, value));
  return (
    <div className="rounded-lg border border-slate-200 p-3">
      <p className="break-words text-sm font-medium text-slate-900">{item.itemName}</p>
      <p className="mt-0.5 text-xs text-slate-500">Held: {formatQuantity(held, item.unit)}</p>
      <div className="mt-2 flex items-center gap-2">
        <button
          type="button"
          aria-label={`Return one less ${item.itemName}`}
          className={stepButton}
          disabled={disabled || quantity <= 0}
          onClick={() => set(quantity - 1)}
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <input
          aria-label={`Quantity of ${item.itemName} to return`}
          type="number"
          inputMode="numeric"
          min={0}
          max={held}
          step={1}
          value={quantity}
          disabled={disabled}
          onFocus={(event) => event.target.select()}
          onChange={(event) => set(event.target.valueAsNumber)}
          className="h-10 w-20 rounded-lg border border-slate-300 bg-white px-2 text-center text-sm text-slate-900 shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500/20 focus:outline-none disabled:bg-slate-100"
        />
        <button
          type="button"
          aria-label={`Return one more ${item.itemName}`}
          className={stepButton}
          disabled={disabled || quantity >= held}
          onClick={() => set(quantity + 1)}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          disabled={disabled || quantity === held}
          onClick={() => set(held)}
          className="ml-auto rounded px-2 py-1 text-xs font-medium text-blue-700 hover:bg-blue-50 disabled:text-slate-400"
        >
          All {held}
        </button>
      </div>
    </div>
  );
}

export function ReturnItemPicker(props: PickerProps) {
  return props.item.type === 'serialized-product' ? (
    <SerialPicker {...props} />
  ) : (
    <QuantityPicker {...props} />
  );
}
