import { printedDate } from '@karya/domain/format';
import type { Invoice } from '@karya/domain/invoice-schemas';
import { formatRupees, toPaise } from '@karya/domain/money';
import type { PaymentMethod } from '@karya/domain/payment-methods';
import { Link } from 'react-router';
import { Button } from '../../ui/button';

const BY: Record<PaymentMethod, string> = { cash: 'Cash', online: 'UPI' };

/** Which of an invoice's documents the page shows: itself, its credit note or a refund voucher. */
export type ShownDocument =
  | { kind: 'invoice' }
  | { kind: 'credit-note' }
  | { kind: 'refund'; id: string };

const rupees = (amount: number) => formatRupees(toPaise(amount));

/**
 * What became of a cancelled invoice (decision 041): the money received on it, refunded with
 * a voucher or kept as the customer's advance; its credit note; the corrected invoice. And on
 * a corrected invoice, the cancelled one it corrects. The documents open in the invoice's place.
 */
export function CancellationPanel({
  invoice,
  shown,
  onShow,
}: {
  invoice: Invoice;
  shown: ShownDocument;
  onShow: (document: ShownDocument) => void;
}) {
  const cancellation = invoice.cancellation;
  if (!cancellation && !invoice.corrects) return null;
  const showButton = (label: string, document: ShownDocument, active: boolean) => (
    <Button
      variant="secondary"
      className="min-h-9 px-3 py-1 text-xs"
      onClick={() => onShow(active ? { kind: 'invoice' } : document)}
    >
      {active ? 'Show invoice' : label}
    </Button>
  );
  return (
    <section
      aria-label="Cancellation"
      data-testid="cancellation-panel"
      className="space-y-2 rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm break-words sm:p-4 print:hidden"
    >
      {invoice.corrects ? (
        <p>
          Corrected invoice for cancelled{' '}
          <Link
            className="font-medium text-blue-700 underline"
            to={`/bills/${encodeURIComponent(invoice.corrects.billId)}`}
          >
            {invoice.corrects.number}
          </Link>{' '}
          of {printedDate(invoice.corrects.date)}
        </p>
      ) : null}
      {cancellation ? (
        <>
          {cancellation.money === 'advance' ? (
            <p data-testid="cancellation-money">
              {rupees(cancellation.received)} received is kept as the customer’s advance
              {cancellation.advanceHeld > 0
                ? '; it is applied to the corrected invoice when it is issued.'
                : ''}
            </p>
          ) : null}
          {cancellation.money === 'refund' || cancellation.refunds.length > 0 ? (
            <ul className="space-y-2" data-testid="cancellation-refunds">
              {cancellation.refunds.map((refund) => (
                <li key={refund._id} className="flex flex-wrap items-center gap-2">
                  <span className="min-w-0 flex-1">
                    Refunded {rupees(refund.amount)} by {BY[refund.method]}
                    {refund.transactionId ? ` (Txn ${refund.transactionId})` : ''}: voucher{' '}
                    {refund.voucherNumber}
                  </span>
                  {showButton(
                    'View refund voucher',
                    { kind: 'refund', id: refund._id },
                    shown.kind === 'refund' && shown.id === refund._id,
                  )}
                </li>
              ))}
            </ul>
          ) : null}
          {cancellation.creditNote ? (
            <div className="flex flex-wrap items-center gap-2">
              <span className="min-w-0 flex-1" data-testid="cancellation-credit-note">
                Credit note {cancellation.creditNote.number} of{' '}
                {printedDate(cancellation.creditNote.date)} reverses this invoice’s{' '}
                {rupees(cancellation.creditNote.total)}
              </span>
              {showButton(
                'View credit note',
                { kind: 'credit-note' },
                shown.kind === 'credit-note',
              )}
            </div>
          ) : null}
          {cancellation.correctedBy ? (
            <p>
              Corrected by{' '}
              <Link
                className="font-medium text-blue-700 underline"
                to={`/bills/${encodeURIComponent(cancellation.correctedBy.billId)}`}
              >
                {cancellation.correctedBy.number}
              </Link>
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
