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
import { billableLines, billLinesError, billTotalPaise, toBillItems } from './bill-lines';
import { BillSummaryTable, rowsOfDraft } from './bill-summary-table';
import {
  INITIAL_WIZARD,
  STEP_TITLES,
  WIZARD_STEPS,
  type WizardState,
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
  onClose: () => void;
  /** After 'Complete Project & Send for Approval'. */
  onCompleted: () => void;
}

/**
 * Spec 2 §2, §4 'Generate Bill': select-items, bill-summary, payment-options,
 * payment-confirmation, payment-success. The bill is created on the way to payment; walking
 * back from payment (or closing) rejects it, so its stock is never spent and a new bill can
 * be made.
 */
export function GenerateBillWizard({
  order,
  items,
  lines,
  variant,
  onClose,
  onCompleted,
}: GenerateBillWizardProps) {
  const [state, dispatch] = useReducer(
    wizardReducer,
    variant === 'dialog'
      ? ({ ...INITIAL_WIZARD, step: 'bill-summary' } satisfies WizardState)
      : INITIAL_WIZARD,
  );
  const [bill, setBill] = useState<Bill | null>(null);
  const [paid, setPaid] = useState<ConfirmOrderBillAnswer | null>(null);
  const create = useCreateBill();
  const confirm = useConfirmOrderBill();
  const reject = useRejectBill();
  const busy = create.isPending || confirm.isPending || reject.isPending;
  const stepNumber = WIZARD_STEPS.indexOf(state.step) + 1;

  const proceedToPayment = async () => {
    const refusal = billLinesError(lines.lines);
    if (refusal) return dispatch({ type: 'failed', message: refusal });
    try {
      const created = await create.mutateAsync({
        customerId: order.customerId,
        orderId: order.orderId,
        items: toBillItems(lines.lines),
      });
      setBill(created);
      dispatch({
        type: 'bill-created',
        bill: {
          billId: created.billId,
          totalPaise: toPaise(created.total),
        },
      });
    } catch (error) {
      dispatch({ type: 'failed', message: errorMessage(error, BILLING_TEXT.createFailed) });
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
    const paying = state.step === 'payment-options' || state.step === 'payment-confirmation';
    if (paying) await dropBill();
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
            onClick={() => {
              const refusal = billLinesError(lines.lines);
              if (refusal) lines.showError(refusal);
              else dispatch({ type: 'review', linesError: null });
            }}
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
          <BillSummaryTable
            rows={rowsOfDraft(billableLines(lines.lines))}
            totalPaise={billTotalPaise(lines.lines)}
          />
        </div>
      );
      footer = (
        <>
          {back(variant === 'dialog' ? 'Back' : 'Edit Items', () =>
            variant === 'dialog' ? onClose() : dispatch({ type: 'edit-items' }),
          )}
          <Button
            icon={<CreditCard aria-hidden="true" className="size-4" />}
            onClick={proceedToPayment}
            loading={create.isPending}
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
          {back('Back', () => void dropBill())}
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
