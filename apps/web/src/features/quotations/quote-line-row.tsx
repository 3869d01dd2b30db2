import { DEFAULT_GST_RATES_PERCENT } from '@karya/domain/gst-tax';
import type { QuoteOption } from '@karya/domain/quotation-schemas';
import { Trash2 } from 'lucide-react';
import { useGstRates } from '../../shared/gst-rates';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { type BuilderErrors, type BuilderLine, lineAmount } from './builder-state';
import { money } from './quote-display';

const ALL_OPTIONS = 'all';

/**
 * One line of the builder: a catalogue line shows the item's name and tax and takes its
 * quantity, price and discount; a free line also takes its name, unit, HSN/SAC and GST rate.
 * Named as a group by its position and name, so every box in it is found by its own label.
 */
export function QuoteLineRow({
  line,
  index,
  options,
  errors,
  onChange,
  onRemove,
}: {
  line: BuilderLine;
  index: number;
  options: readonly QuoteOption[];
  errors: BuilderErrors;
  onChange: (patch: Partial<BuilderLine>) => void;
  onRemove: () => void;
}) {
  const free = line.itemId === null;
  const error = (field: string) => errors[`${line.key}.${field}`];
  const rowError = errors[`${line.key}.`];
  const name = line.name.trim() || (free ? 'New free line' : 'Item');
  const rates = useGstRates();
  const rateChoices = (rates.data?.map((rate) => rate.rate) ?? [...DEFAULT_GST_RATES_PERCENT])
    .map(String)
    .concat(
      line.gstRate !== '' && !(rates.data ?? []).some((r) => String(r.rate) === line.gstRate)
        ? [line.gstRate]
        : [],
    );
  const uniqueRates = [...new Set(rateChoices)];

  return (
    <fieldset
      aria-label={`Line ${index + 1}: ${name}`}
      className="rounded-lg border border-slate-200 p-3"
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          {free ? (
            <TextField
              label="Line name"
              value={line.name}
              placeholder="e.g. Custom wall bracket"
              error={error('name')}
              onChange={(event) => onChange({ name: event.target.value })}
            />
          ) : (
            <>
              <p className="break-words text-sm font-medium text-slate-900">{line.name}</p>
              <p className="text-xs text-slate-500">
                {line.hsnSac ? `HSN/SAC ${line.hsnSac}` : 'HSN/SAC not set'} ·{' '}
                {line.gstRate !== '' ? `GST ${line.gstRate}%` : 'GST rate not set'} ·{' '}
                {line.priceIncludesTax ? 'price incl. GST' : 'price + GST'}
              </p>
            </>
          )}
        </div>
        <button
          type="button"
          aria-label={`Remove line ${index + 1}`}
          onClick={onRemove}
          className="rounded-md p-2 text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      </div>

      {free ? (
        <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <TextField
            label="Unit"
            value={line.unit}
            error={error('unit')}
            onChange={(event) => onChange({ unit: event.target.value })}
          />
          <TextField
            label="HSN/SAC"
            value={line.hsnSac}
            inputMode="numeric"
            maxLength={8}
            error={error('hsnSac')}
            onChange={(event) => onChange({ hsnSac: event.target.value })}
          />
          <SelectField
            label="GST rate"
            options={uniqueRates.map((rate) => ({ value: rate, label: `${rate}%` }))}
            placeholder="No GST"
            value={line.gstRate}
            error={error('gstRate')}
            onChange={(event) => onChange({ gstRate: event.target.value })}
          />
          <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={line.priceIncludesTax}
              onChange={(event) => onChange({ priceIncludesTax: event.target.checked })}
              className="size-4 rounded border-slate-300"
            />
            Price includes GST
          </label>
        </div>
      ) : null}

      <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <TextField
          label={`Quantity${line.unit ? ` (${line.unit})` : ''}`}
          value={line.quantity}
          inputMode="decimal"
          error={error('quantity')}
          onChange={(event) => onChange({ quantity: event.target.value })}
        />
        <TextField
          label="Price (₹)"
          value={line.price}
          inputMode="decimal"
          error={error('price')}
          onChange={(event) => onChange({ price: event.target.value })}
        />
        <TextField
          label="Discount (₹)"
          value={line.discount}
          inputMode="decimal"
          placeholder="0"
          error={error('discount')}
          onChange={(event) => onChange({ discount: event.target.value })}
        />
        {options.length > 0 ? (
          <SelectField
            label="Option"
            options={[
              { value: ALL_OPTIONS, label: 'All options' },
              ...options.map((option) => ({
                value: String(option.option),
                label: option.name || `Option ${option.option}`,
              })),
            ]}
            value={line.option === null ? ALL_OPTIONS : String(line.option)}
            error={error('option')}
            onChange={(event) =>
              onChange({
                option: event.target.value === ALL_OPTIONS ? null : Number(event.target.value),
              })
            }
          />
        ) : null}
      </div>

      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={line.optional}
            onChange={(event) => onChange({ optional: event.target.checked })}
            className="size-4 rounded border-slate-300"
          />
          Optional (the customer may tick it)
        </label>
        <p className="text-sm text-slate-700">
          Amount <span className="font-semibold tabular-nums">{money(lineAmount(line))}</span>
        </p>
      </div>
      {rowError ? <p className="mt-2 text-xs text-red-600">{rowError}</p> : null}
    </fieldset>
  );
}
