import type { Bill, ConfirmOrderBillAnswer } from '@karya/domain/bill-schemas';
import type { TechnicianInventoryItem } from '@karya/domain/inventory-answers';
import { toPaise, toRupees } from '@karya/domain/money';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { ArrowLeft, ArrowRight, CreditCard, ShieldCheck } from 'lucide-react';
import { type ReactNode, useReducer, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { BottomSheet } from '../../ui/bottom-sheet';
import { Button } from '../../ui/button';
import { DARK_SECONDARY } from '../../ui/dashboard-panels';
import { useConfirmOrderBill } from './api/confirm-order-bill';
import { useCreateBill } from './api/create-bill';
import { useRejectBill } from './api/reject-bill';
import { reportUsedSerials } from './api/update-serial-status';
import { billLinesError, toBillItems } from './bill-lines';
import { BillSummaryTable } from './bill-summary-table';
import {
  INITIAL_WIZARD,
  type OpenBill,
  STEP_TITLES,
  WIZARD_STEPS,
  wizardAtSummary,
  wizardReducer,
} from './bill-wizard-state';
import { BILLING_TEXT } from './billing-messages';
import { ItemSelector } from './item-selector';
import { PaymentOptionsStep } from './payment-options-step';
import { PaymentConfirmationStep, PaymentSuccessStep } from './payment-result-steps';
import { QR_SIZE } from './upi-qr';
import type { BillLinesController } from './use-bill-lines';

export interface GenerateBillWizardProps {
  order: WorkOrderDetail;
  items: readonly TechnicianInventoryItem[];
  lines: BillLinesController;
  /**
   * 'wizard' (current project tab): every step, QR 180 px, cash 0..total. 'dialog' (work
   * order details): starts at the Bill Summary of the lines chosen there, QR 200 px, cash
   * read-only at the total (spec 2 §5, §9).
   */
  variant: 'wizard' | 'dialog';
  /** The dialog's bill, made from the lines chosen there before it opened. */
  openBill?: Bill;
  onClose: () => void;
  /** After 'Complete Project & Send for Approval'. */
  onCompleted: () => void;
}

const openBillOf = (bill: Bill): OpenBill => ({
  billId: bill.billId,
  totalPaise: toPaise(bill.total),
});

/**
 * Spec 2 §2, §4 'Generate Bill': select-items, bill-summary, payment-options,
 * payment-confirmation, payment-success. The bill is created on the way to the summary, so
 * the summary shows the server's tax split before payment (issue 19); walking back to the
 * items (or closing) rejects it, so its stock is never spent and a new bill can be made.
 */
export function GenerateBillWizard({
  order,
  items,
  lines,
  variant,
  openBill,
  onClose,
  onCompleted,
}: GenerateBillWizardProps) {
  const [state, dispatch] = useReducer(
    wizardReducer,
    openBill ? wizardAtSummary(openBillOf(openBill)) : INITIAL_WIZARD,
  );
  const [bill, setBill] = useState<Bill | null>(openBill ?? null);
  const [paid, setPaid] = useState<ConfirmOrderBillAnswer | null>(null);
  const create = useCreateBill();
  const confirm = useConfirmOrderBill();
  const reject = useRejectBill();
  const busy = create.isPending || confirm.isPending || reject.isPending;
  const stepNumber = WIZARD_STEPS.indexOf(state.step) + 1;

  const reviewBill = async () => {
    const refusal = billLinesError(lines.lines);
    if (refusal) return lines.showError(refusal);
    try {
      const created = await create.mutateAsync({
        customerId: order.customerId,
        orderId: order.orderId,
        items: toBillItems(lines.lines),
      });
      setBill(created);
      dispatch({ type: 'bill-created', bill: openBillOf(created) });
    } catch (error) {
      lines.showError(errorMessage(error, BILLING_TEXT.createFailed));
    }
  };

  /**
   * Drops the open bill on the server. Even when that call fails (no network, or the bill is
   * no longer open) the technician may go back: an open bill never spends stock, and the
   * next create-bill replaces it on the server.
   */
  const dropBill = async () => {
    if (bill) {
      try {
        await reject.mutateAsync({
          billId: bill.billId,
          rejectionReason: BILLING_TEXT.billAbandoned,
        });
      } catch {
        // See above: nothing to undo.
      }
    }
    setBill(null);
    dispatch({ type: 'bill-dropped' });
  };

  const backFromSummary = async () => {
    await dropBill();
    if (variant === 'dialog') onClose();
  };

  const confirmPayment = async () => {
    if (!bill || !state.payment) return;
    try {
      const answer = await confirm.mutateAsync({
        billId: bill.billId,
        paymentMethod: state.payment.method,
        transactionId: state.payment.transactionId,
        paidAmount: toRupees(state.payment.paidPaise),
      });
      setPaid(answer);
      dispatch({ type: 'paid' });
      void reportUsedSerials({
        serialNumbers: answer.items.flatMap((line) =>
          line.serialNumber ? [line.serialNumber] : [],
        ),
        workOrderId: order.orderId,
        customerId: order.customerId,
      });
    } catch (error) {
      dispatch({ type: 'failed', message: errorMessage(error, BILLING_TEXT.paymentFailed) });
    }
  };

  const close = async () => {
    if (busy) return;
    const open =
      state.step === 'bill-summary' ||
      state.step === 'payment-options' ||
      state.step === 'payment-confirmation';
    if (open) await dropBill();
    onClose();
  };

  const back = (label: string, onClick: () => void) => (
    <Button
      variant="secondary"
      className={DARK_SECONDARY}
      icon={<ArrowLeft aria-hidden="true" className="size-4" />}
      onClick={onClick}
      disabled={busy}
    >
      {label}
    </Button>
  );

  let body: ReactNode = null;
  let footer: ReactNode = null;
  switch (state.step) {
    case 'select-items':
      body = (
        // The selection's own banner says why the bill cannot go on, beside its other refusals.
        <ItemSelector items={items} bill={lines} camera />
      );
      footer = (
        <>
          <Button variant="secondary" className={DARK_SECONDARY} onClick={onClose}>
            Cancel
          </Button>
          <Button
            icon={<ArrowRight aria-hidden="true" className="size-4" />}
            onClick={reviewBill}
            loading={create.isPending}
          >
            Review Bill
          </Button>
        </>
      );
      break;
    case 'bill-summary':
      body = (
        <div className="space-y-3">
          {state.error ? <Alert>{state.error}</Alert> : null}
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <div>
              <dt className="text-xs text-slate-500 dark:text-slate-400">Customer</dt>
              <dd className="break-words font-medium">{order.customerName}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500 dark:text-slate-400">Order ID</dt>
              <dd className="break-words font-medium">{order.orderId}</dd>
            </div>
          </dl>
          {bill ? <BillSummaryTable bill={bill} /> : null}
        </div>
      );
      footer = (
        <>
          {back(variant === 'dialog' ? 'Back' : 'Edit Items', () => void backFromSummary())}
          <Button
            icon={<CreditCard aria-hidden="true" className="size-4" />}
            onClick={() => dispatch({ type: 'proceed' })}
            disabled={busy}
          >
            Proceed to Payment
          </Button>
        </>
      );
      break;
    case 'payment-options':
      body = bill ? (
        <PaymentOptionsStep
          bill={bill}
          state={state}
          dispatch={dispatch}
          qrSize={variant === 'dialog' ? QR_SIZE.dialog : QR_SIZE.wizard}
          cashReadOnly={variant === 'dialog'}
        />
      ) : null;
      footer = (
        <>
          {back('Back', () => dispatch({ type: 'back-to-summary' }))}
          <Button
            icon={<ArrowRight aria-hidden="true" className="size-4" />}
            onClick={() => dispatch({ type: 'review-payment' })}
            disabled={busy}
          >
            Continue
          </Button>
        </>
      );
      break;
    case 'payment-confirmation':
      body =
        bill && state.payment ? (
          <PaymentConfirmationStep bill={bill} payment={state.payment} error={state.error} />
        ) : null;
      footer = (
        <>
          {back('Back', () => dispatch({ type: 'change-payment' }))}
          <Button
            icon={<ShieldCheck aria-hidden="true" className="size-4" />}
            onClick={confirmPayment}
            loading={confirm.isPending}
          >
            Confirm Payment
          </Button>
        </>
      );
      break;
    case 'payment-success':
      body = paid ? (
        <PaymentSuccessStep bill={paid} order={order} onCompleted={onCompleted} />
      ) : null;
      footer = (
        <Button variant="secondary" className={DARK_SECONDARY} onClick={onClose}>
          Close
        </Button>
      );
      break;
  }

  return (
    <BottomSheet
      open
      onClose={() => void close()}
      title={STEP_TITLES[state.step]}
      description={`Generate Bill · Step ${stepNumber} of ${WIZARD_STEPS.length} · ${order.customerName}`}
      footer={footer}
      dismissible={!busy}
    >
      {body}
    </BottomSheet>
  );
}
