import type { Bill } from '@karya/domain/bill-schemas';
import { toPaise } from '@karya/domain/money';
import { placeOfSupplyOf, taxSplitRows } from './bill-tax-split';
import { formatRupees } from './billing-money';

/** One row of a bill as any bill view shows it; money in paise. */
export interface SummaryRow {
  key: string;
  name: string;
  serialNumber: string | null;
  quantity: number;
  unit: string;
  ratePaise: number;
  amountPaise: number;
}

/** The lines as the server priced them. */
export const rowsOfBill = (bill: Bill): SummaryRow[] =>
  bill.items.map((line) => ({
    key: line._id,
    name: line.name,
    serialNumber: line.serialNumber,
    quantity: line.quantity,
    unit: line.unit,
    ratePaise: toPaise(line.price),
    amountPaise: toPaise(line.amount),
  }));

/**
 * Spec 2 §2 'Bill Summary': every line with quantity and amount, the tax split of the bill
 * the server made (issue 19: taxable value, CGST + SGST or IGST, round-off) and the total the
 * customer pays.
 */
export function BillSummaryTable({
  bill,
  zeroNote,
}: {
  bill: Bill;
  /** Said under a line priced at ₹0, e.g. why a maintenance visit's part costs nothing. */
  zeroNote?: string;
}) {
  const split = taxSplitRows(bill);
  const place = placeOfSupplyOf(bill);
  return (
    <div className="rounded-lg border border-slate-200 dark:border-slate-700">
      <ul aria-label="Bill lines" className="divide-y divide-slate-200 dark:divide-slate-700">
        {rowsOfBill(bill).map((row) => (
          <li key={row.key} className="flex items-start gap-3 px-3 py-2.5 text-sm">
            <div className="min-w-0 flex-1">
              <p className="break-words font-medium">{row.name}</p>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {row.serialNumber ? `S/N ${row.serialNumber} · ` : ''}
                {row.quantity} × {formatRupees(row.ratePaise)}
              </p>
              {zeroNote && row.amountPaise === 0 ? (
                <p className="text-xs text-green-700 dark:text-green-400">{zeroNote}</p>
              ) : null}
            </div>
            <p className="shrink-0 font-medium">{formatRupees(row.amountPaise)}</p>
          </li>
        ))}
      </ul>
      {split.length > 0 ? (
        <dl
          aria-label="Tax split"
          className="space-y-1 border-t border-slate-200 px-3 py-2.5 text-sm dark:border-slate-700"
        >
          {split.map((row) => (
            <div key={row.key} className="flex justify-between gap-3">
              <dt className="text-slate-600 dark:text-slate-300">{row.label}</dt>
              <dd data-testid={`bill-${row.key}`}>{row.amount}</dd>
            </div>
          ))}
          {place ? (
            <p className="pt-0.5 text-xs text-slate-500 dark:text-slate-400">
              Place of supply: {place}
            </p>
          ) : null}
        </dl>
      ) : null}
      <p className="flex items-center justify-between border-t border-slate-200 bg-slate-50 px-3 py-2.5 text-base font-semibold dark:border-slate-700 dark:bg-slate-800">
        <span>Total Amount</span>
        <span data-testid="bill-total">{formatRupees(toPaise(bill.total))}</span>
      </p>
    </div>
  );
}
