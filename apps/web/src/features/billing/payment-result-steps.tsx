import type { Bill } from '@karya/domain/bill-schemas';
import { formatDateTime } from '@karya/domain/format';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { CircleCheck, CloudUpload, FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { rupees } from '../../lib/money';
import { SendUpdateLink } from '../../shared/send-update-link';
import { Alert } from '../../ui/alert';
import type { PaymentDraft } from './bill-wizard-state';
import { OFFLINE_BILL_TEXT, PAYMENT_METHOD_LABELS } from './billing-messages';
import { formatRupees } from './billing-money';
import { CompleteProjectForm } from './complete-project-form';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-3 px-3 py-2.5 text-sm">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 break-all text-right font-medium">{children}</dd>
    </div>
  );
}

/** Spec 2 §2 'payment-confirmation': what will be recorded, before it is. */
export function PaymentConfirmationStep({
  bill,
  payment,
  error,
}: {
  bill: Bill;
  payment: PaymentDraft;
  error: string | null;
}) {
  return (
    <div className="space-y-4">
      {error ? <Alert>{error}</Alert> : null}
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Check the payment with the customer, then confirm it.
      </p>
      <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
        <Row label="Order ID">{bill.orderId}</Row>
        <Row label="Customer">{bill.customerName}</Row>
        <Row label="Total Amount">{rupees(bill.total)}</Row>
        <Row label="Payment Method">{PAYMENT_METHOD_LABELS[payment.method]}</Row>
        {payment.transactionId ? <Row label="Transaction ID">{payment.transactionId}</Row> : null}
        <Row label="Amount Paid">{formatRupees(payment.paidPaise)}</Row>
        <Row label="Due Amount">{formatRupees(payment.duePaise)}</Row>
      </dl>
    </div>
  );
}

/** A link to the printable bill, opened beside the dashboard so the wizard stays. */
export function ViewBillLink({ billId, label = 'View Bill' }: { billId: string; label?: string }) {
  return (
    <Link
      to={`/bills/${encodeURIComponent(billId)}`}
      target="_blank"
      rel="noopener"
      className="inline-flex h-10 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
    >
      <FileText aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}

/** Spec 2 §2 'Payment Successful', then 'Complete Project & Send for Approval'. */
export function PaymentSuccessStep({
  bill,
  order,
  onCompleted,
}: {
  bill: Bill;
  order: WorkOrderDetail;
  onCompleted: () => void;
}) {
  return (
    <div className="space-y-4">
      <div className="flex flex-col items-center gap-2 py-2 text-center">
        <CircleCheck aria-hidden="true" className="size-12 text-green-600" />
        {/* The sheet's title already says 'Payment Successful'. */}
        <p className="text-2xl font-semibold text-green-700 dark:text-green-400">
          {rupees(bill.paidAmount)}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          received for bill {bill.billNumber}
        </p>
      </div>
      <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
        <Row label="Total Amount">{rupees(bill.total)}</Row>
        <Row label="Amount Paid">{rupees(bill.paidAmount)}</Row>
        <Row label="Due Amount">{rupees(bill.dueAmount)}</Row>
        <Row label="Payment Method">
          {bill.paymentMethod ? PAYMENT_METHOD_LABELS[bill.paymentMethod] : '—'}
        </Row>
        {bill.transactionId ? <Row label="Transaction ID">{bill.transactionId}</Row> : null}
        <Row label="Paid At">{formatDateTime(bill.paidAt)}</Row>
      </dl>
      <div className="flex flex-wrap justify-center gap-2">
        <ViewBillLink billId={bill.billId} />
        {/* Issue 21: the customer's receipt of the payment, and what is still due. */}
        <SendUpdateLink
          order={order}
          event="paymentReceived"
          values={{
            amount: rupees(bill.paidAmount),
            due: bill.dueAmount > 0 ? rupees(bill.dueAmount) : null,
          }}
        />
      </div>
      <div className="border-t border-slate-200 pt-4 dark:border-slate-700">
        <CompleteProjectForm order={order} onCompleted={onCompleted} />
      </div>
    </div>
  );
}

/**
 * A bill and its cash payment queued with no signal (decision 028): what was taken, and that
 * it is sent when the phone is back online. The order shows it as waiting to sync meanwhile.
 */
export function BillWaitingStep({
  bill,
  payment,
  order,
  onCompleted,
}: {
  bill: Bill;
  payment: PaymentDraft;
  order: Pick<WorkOrderDetail, 'customerId' | 'orderId'>;
  onCompleted: () => void;
}) {
  return (
    <div className="space-y-4" data-testid="bill-waiting">
      <div className="flex flex-col items-center gap-2 py-2 text-center">
        <CloudUpload aria-hidden="true" className="size-12 text-amber-600" />
        <p className="text-2xl font-semibold text-amber-800 dark:text-amber-300">
          {formatRupees(payment.paidPaise)}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {OFFLINE_BILL_TEXT.waitingNote}
        </p>
      </div>
      <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
        <Row label="Order ID">{bill.orderId}</Row>
        <Row label="Total Amount">{rupees(bill.total)}</Row>
        <Row label="Payment Method">{PAYMENT_METHOD_LABELS[payment.method]}</Row>
        <Row label="Amount Paid">{formatRupees(payment.paidPaise)}</Row>
        <Row label="Due Amount">{formatRupees(payment.duePaise)}</Row>
      </dl>
      {/* Queued after the bill, so it reaches the server once the payment has. */}
      <div className="border-t border-slate-200 pt-4 dark:border-slate-700">
        <CompleteProjectForm order={order} onCompleted={onCompleted} />
      </div>
    </div>
  );
}
