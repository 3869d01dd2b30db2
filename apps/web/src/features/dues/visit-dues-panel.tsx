import { dayMonthYear } from '@karya/domain/gst';
import type { DueRow } from '@karya/domain/invoice-schemas';
import { useQueryClient } from '@tanstack/react-query';
import { IndianRupee } from 'lucide-react';
import { useState } from 'react';
import { rupees } from '../../lib/money';
import { RecordPaymentDialog } from '../../shared/record-payment-dialog';
import { Button } from '../../ui/button';
import { Panel } from '../../ui/dashboard-panels';
import { duesKeys } from './api/dues-keys';
import { useVisitDues } from './api/get-visit-dues';

/**
 * 'Amount Due' on the technician's open project (issue 19): what this customer still owes on
 * earlier invoices, each with Collect Payment, so a visit can settle it. Nothing owed (or the
 * answer not in yet): nothing shown, the project screen stays as it was.
 */
export function VisitDuesPanel({ orderId }: { orderId: string }) {
  const dues = useVisitDues(orderId);
  const queryClient = useQueryClient();
  const [collecting, setCollecting] = useState<DueRow | null>(null);
  const rows = dues.data?.rows ?? [];
  // The sheet outlives the card, in the same place in the tree so that it keeps its state: a
  // due paid in full leaves nothing owed, and the sheet still offers the receipt (issue 39
  // item 13).
  const sheet = collecting ? (
    <RecordPaymentDialog
      bill={{
        billId: collecting.billId,
        invoiceNumber: collecting.invoiceNumber,
        due: collecting.due,
        orderId: collecting.orderId,
      }}
      onClose={() => setCollecting(null)}
      onRecorded={() => {
        void queryClient.invalidateQueries({ queryKey: duesKeys.all });
      }}
    />
  ) : null;
  return (
    <>
      {rows.length === 0 ? null : (
        <Panel aria-labelledby="visit-dues-heading" className="space-y-3">
          <h3
            id="visit-dues-heading"
            className="flex items-center gap-2 text-sm font-semibold text-slate-900 dark:text-slate-50"
          >
            <IndianRupee aria-hidden="true" className="size-4 text-amber-600 dark:text-amber-400" />
            Amount Due
            <span className="ml-auto text-base text-amber-700 dark:text-amber-300">
              {rupees(dues.data?.totals.due)}
            </span>
          </h3>
          <ul className="space-y-2">
            {rows.map((row) => (
              <li
                key={row.billId}
                className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-900"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900 dark:text-slate-100">
                    {row.invoiceNumber}
                  </p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {dayMonthYear(row.invoiceDate, ' ')} · {row.daysOutstanding} days
                  </p>
                  <p className="font-semibold text-slate-900 dark:text-slate-100">
                    {rupees(row.due)}
                  </p>
                </div>
                <Button className="h-11 shrink-0" onClick={() => setCollecting(row)}>
                  Collect Payment
                </Button>
              </li>
            ))}
          </ul>
        </Panel>
      )}
      {sheet}
    </>
  );
}
