import { type DraftLine, lineAmountPaise } from './bill-lines';
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

export const rowsOfDraft = (lines: readonly DraftLine[]): SummaryRow[] =>
  lines.map((line) => ({
    key: line.key,
    name: line.name,
    serialNumber: line.serialNumber,
    quantity: line.quantity,
    unit: line.unit,
    ratePaise: line.unitPricePaise,
    amountPaise: lineAmountPaise(line),
  }));

/** Spec 2 §2 'Bill Summary': every line with quantity and amount, and the total. */
export function BillSummaryTable({
  rows,
  totalPaise,
}: {
  rows: readonly SummaryRow[];
  totalPaise: number;
}) {
  return (
    <div className="rounded-lg border border-slate-200 dark:border-slate-700">
      <ul aria-label="Bill lines" className="divide-y divide-slate-200 dark:divide-slate-700">
        {rows.map((row) => (
          <li key={row.key} className="flex items-start gap-3 px-3 py-2.5 text-sm">
            <div className="min-w-0 flex-1">
              <p className="break-words font-medium">{row.name}</p>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {row.serialNumber ? `S/N ${row.serialNumber} · ` : ''}
                {row.quantity} × {formatRupees(row.ratePaise)}
              </p>
            </div>
            <p className="shrink-0 font-medium">{formatRupees(row.amountPaise)}</p>
          </li>
        ))}
      </ul>
      <p className="flex items-center justify-between border-t border-slate-200 bg-slate-50 px-3 py-2.5 text-base font-semibold dark:border-slate-700 dark:bg-slate-800">
        <span>Total Amount</span>
        <span data-testid="bill-total">{formatRupees(totalPaise)}</span>
      </p>
    </div>
  );
}
