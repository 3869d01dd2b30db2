import { ClipboardList } from 'lucide-react';
import { PLANNED_TEXT } from './planned-bill-lines';
import type { PlannedBill } from './use-planned-start';

/**
 * Above Select Items on an order from a quotation (issue 35): that the lines came from it,
 * and what of the plan could not become a line (a free line, stock the van lacks).
 */
export function PlannedStartNote({ plan }: { plan: PlannedBill }) {
  if (!plan.quoteNumber || !plan.start) return null;
  return (
    <div
      role="status"
      className="space-y-1 rounded-lg border border-blue-200 bg-blue-50 px-3 py-2.5 text-sm text-blue-900 dark:border-blue-800 dark:bg-blue-950/60 dark:text-blue-100"
    >
      <p className="flex items-start gap-2 font-medium">
        <ClipboardList aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {PLANNED_TEXT.fromQuote(plan.quoteNumber)}
      </p>
      {plan.start.notes.length > 0 ? (
        <ul className="list-disc space-y-0.5 pl-8">
          {plan.start.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
