import { formatQuantity } from '@karya/domain/quantity';
import type { QuoteChoice, QuoteTotals } from '@karya/domain/quotation';
import type { PublicQuote } from '@karya/domain/quotation-schemas';
import { cx } from '../../lib/class-names';
import { rupees } from '../../lib/money';
import type { PublicLine } from './quote-choice';
import type { QuotePageText } from './quote-page-text';

/**
 * 'Good / Better / Best': one radio card per option with its total (the option's lines and
 * the common ones, no extra ticked), so the customer compares before looking at the lines.
 */
export function OptionCards({
  quote,
  choice,
  onChoose,
  text,
  disabled,
}: {
  quote: PublicQuote;
  choice: QuoteChoice;
  onChoose: (option: number) => void;
  text: QuotePageText;
  disabled: boolean;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-semibold tracking-wide text-slate-500 uppercase">
        {disabled ? text.options : text.chooseOption}
      </legend>
      {!disabled && <p className="text-sm text-slate-600">{text.chooseOptionHelp}</p>}
      {quote.options.map((option) => {
        const total = quote.optionTotals.find((t) => t.option === option.option)?.total;
        const chosen = choice.option === option.option;
        return (
          <label
            key={option.option}
            className={cx(
              'flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 bg-white px-4 py-3 shadow-sm',
              chosen ? 'border-blue-600 ring-2 ring-blue-600/20' : 'border-slate-200',
              disabled && 'cursor-default opacity-80',
            )}
          >
            <input
              type="radio"
              name="quote-option"
              value={option.option}
              checked={chosen}
              disabled={disabled}
              onChange={() => onChoose(option.option)}
              className="size-5 shrink-0 accent-blue-600"
            />
            <span className="min-w-0 flex-1 font-semibold break-words text-slate-900">
              {option.name}
            </span>
            {total !== undefined && (
              <span className="shrink-0 font-semibold text-slate-900">{rupees(total)}</span>
            )}
          </label>
        );
      })}
    </fieldset>
  );
}

/**
 * One line as the customer reads it: name, HSN/SAC small, qty × rate, discount, amount. The
 * GST rate only when the quote charges GST: a bill of supply charges none.
 */
function LineRow({
  line,
  text,
  charged,
}: {
  line: PublicLine;
  text: QuotePageText;
  charged: boolean;
}) {
  return (
    <div className="min-w-0 flex-1">
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 font-medium break-words text-slate-900">{line.name}</p>
        <p className="shrink-0 font-semibold text-slate-900">{rupees(line.amount)}</p>
      </div>
      <p className="mt-0.5 text-sm text-slate-600">
        {formatQuantity(line.quantity, line.unit)} × {rupees(line.price)}
        {line.discount > 0 ? ` − ${text.discount} ${rupees(line.discount)}` : ''}
      </p>
      {line.hsnSac && (
        <p className="text-xs text-slate-500">
          {text.hsnSac} {line.hsnSac}
          {charged && line.gstRate !== null ? ` · GST ${line.gstRate}%` : ''}
        </p>
      )}
    </div>
  );
}

export function QuoteLineList({
  lines,
  text,
  charged,
}: {
  lines: PublicLine[];
  text: QuotePageText;
  charged: boolean;
}) {
  return (
    <ul className="divide-y divide-slate-100" aria-label={text.items}>
      {lines.map((line) => (
        <li key={line._id} className="flex py-3 first:pt-0 last:pb-0">
          <LineRow line={line} text={text} charged={charged} />
        </li>
      ))}
    </ul>
  );
}

/** The optional lines as checkboxes: ticking one adds it to the total at once. */
export function OptionalLines({
  lines,
  choice,
  onTick,
  text,
  disabled,
  charged,
}: {
  lines: PublicLine[];
  choice: QuoteChoice;
  onTick: (lineId: string, ticked: boolean) => void;
  text: QuotePageText;
  disabled: boolean;
  charged: boolean;
}) {
  return (
    <ul className="space-y-2">
      {lines.map((line) => (
        <li key={line._id}>
          <label
            className={cx(
              'flex cursor-pointer items-start gap-3 rounded-xl border bg-white p-3',
              choice.optionalLineIds.includes(line._id)
                ? 'border-blue-600 bg-blue-50/40'
                : 'border-slate-200',
              disabled && 'cursor-default',
            )}
          >
            <input
              type="checkbox"
              checked={choice.optionalLineIds.includes(line._id)}
              disabled={disabled}
              onChange={(event) => onTick(line._id, event.target.checked)}
              aria-label={`${line.name} (${rupees(line.amount)})`}
              className="mt-0.5 size-5 shrink-0 accent-blue-600"
            />
            <LineRow line={line} text={text} charged={charged} />
          </label>
        </li>
      ))}
    </ul>
  );
}

/** Taxable value, the GST split as the bill will charge it, round off and the total. */
export function QuoteTotalsTable({
  quote,
  totals,
  text,
}: {
  quote: Pick<PublicQuote, 'discount' | 'taxing'>;
  totals: QuoteTotals;
  text: QuotePageText;
}) {
  const { tax } = totals;
  const rows: Array<[string, number]> = [[text.taxable, tax.taxable]];
  if (quote.taxing.kind === 'tax-invoice') {
    if (tax.intraState) rows.push([text.cgst, tax.cgst], [text.sgst, tax.sgst]);
    else rows.push([text.igst, tax.igst]);
  }
  if (tax.roundOff !== 0) rows.push([text.roundOff, tax.roundOff]);
  return (
    <div className="space-y-1.5 text-sm">
      {quote.discount > 0 && (
        <p className="flex justify-between text-green-700">
          <span>{text.wholeDiscount}</span>
          <span>− {rupees(quote.discount)}</span>
        </p>
      )}
      {rows.map(([label, amount]) => (
        <p key={label} className="flex justify-between text-slate-700">
          <span>{label}</span>
          <span>{rupees(amount)}</span>
        </p>
      ))}
      <p className="flex items-baseline justify-between border-t border-slate-200 pt-2 text-lg font-bold text-slate-900">
        <span>{text.total}</span>
        <span data-testid="quote-total" aria-live="polite">
          {rupees(totals.total)}
        </span>
      </p>
      {quote.taxing.kind === 'bill-of-supply' && (
        <p className="text-xs text-slate-500">{text.billOfSupply}</p>
      )}
    </div>
  );
}
