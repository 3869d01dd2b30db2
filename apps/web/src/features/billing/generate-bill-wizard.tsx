import type { Bill, ConfirmOrderBillAnswer } from '@karya/domain/bill-schemas';
import type { TechnicianInventoryItem } from '@karya/domain/inventory-answers';
import { toPaise } from '@karya/domain/money';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { ArrowLeft, ArrowRight, CreditCard, ShieldCheck } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useReducer, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client';
import { randomKey } from '../../lib/offline-queue';
import { useActionQueue, useQueuedActions } from '../../shared/queued-actions';
import { QR_SIZE } from '../../shared/upi-qr';
import { useOnline } from '../../shared/use-online';
import { Alert } from '../../ui/alert';
import { BottomSheet } from '../../ui/bottom-sheet';
import { Button } from '../../ui/button';
import { DARK_SECONDARY } from '../../ui/dashboard-panels';
import { useConfirmOrderBill } from './api/confirm-order-bill';
import { useCreateBill } from './api/create-bill';
import { useBillTaxSetting } from './api/get-bill-tax-setting';
import { useOrderCoverage } from './api/get-order-coverage';
import { useRejectBill } from './api/reject-bill';
import { reportUsedSerials } from './api/update-serial-status';
import { billLinesError } from './bill-lines';
import { BillSummaryTable } from './bill-summary-table';
import {
  INITIAL_WIZARD,
  type OpenBill,
  STEP_TITLES,
  WIZARD_STEPS,
  wizardAtSummary,
  wizardReducer,
} from './bill-wizard-state';
import { BILLING_TEXT, OFFLINE_BILL_TEXT } from './billing-messages';
import { ItemSelector } from './item-selector';
import { contractPricedItems, maintenanceBillNote } from './maintenance-note';
import { type Connection, type PreparedBill, payBill, prepareBill } from './offline-bill';
import { PaymentOptionsStep } from './payment-options-step';
import {
  BillWaitingStep,
  PaymentConfirmationStep,
  PaymentSuccessStep,
} from './payment-result-steps';
import { NO_PLAN } from './planned-bill-lines';
import { PlannedStartNote } from './planned-start-note';
import type { BillLinesController } from './use-bill-lines';
import type { PlannedBill } from './use-planned-start';

export interface GenerateBillWizardProps {
  order: WorkOrderDetail;
  items: readonly TechnicianInventoryItem[];
  lines: BillLinesController;
  /** The order's planned items (issue 35): the quoted prices and what the lines started as. */
  plan?: PlannedBill;
  /**
   * 'wizard' (current project tab): every step, QR 180 px, cash 0..total. 'dialog' (work
   * order details): starts at the Bill Summary of the lines chosen there, QR 200 px, cash
   * read-only at the total (spec 2 §5, §9).
   */
  variant: 'wizard' | 'dialog';
  /** The dialog's bill, made from the lines chosen there before it opened. */
  openBill?: PreparedBill;
  onClose: () => void;
  /** After 'Complete Project & Send for Approval'. */
  onCompleted: () => void;
}

const openBillOf = (bill: Bill): OpenBill => ({
  billId: bill.billId,
  totalPaise: toPaise(bill.total),
});

/** Why UPI cannot be taken now, or null when it can (decision 028). */
function upiRefusalOf(connection: Connection, prepared: PreparedBill | null): string | null {
  if (!connection.online) return OFFLINE_BILL_TEXT.upiNeedsNetwork;
  if (connection.waiting || prepared?.local) return OFFLINE_BILL_TEXT.upiAfterQueue;
  return null;
}

/**
 * Spec 2 §2, §4 'Generate Bill': select-items, bill-summary, payment-options,
 * payment-confirmation, payment-success. Online, the bill is created on the way to the
 * summary, so the summary shows the server's tax split before payment (issue 19); walking
 * back to the items (or closing) rejects it, so its stock is never spent and a new bill can
 * be made. With no signal (issue 20, decision 028) the phone works the bill out itself and
 * queues it with its cash payment as one action under the bill's key; UPI waits for signal.
 */
export function GenerateBillWizard({
  order,
  items,
  lines,
  plan,
  variant,
  openBill,
  onClose,
  onCompleted,
}: GenerateBillWizardProps) {
  const [state, dispatch] = useReducer(
    wizardReducer,
    openBill ? wizardAtSummary(openBillOf(openBill.bill)) : INITIAL_WIZARD,
  );
  const [prepared, setPrepared] = useState<PreparedBill | null>(openBill ?? null);
  const bill = prepared?.bill ?? null;
  const [paid, setPaid] = useState<ConfirmOrderBillAnswer | null>(null);
  const [queued, setQueued] = useState(false);
  const [working, setWorking] = useState(false);
  const create = useCreateBill();
  const confirm = useConfirmOrderBill();
  const reject = useRejectBill();
  const queue = useActionQueue();
  const online = useOnline();
  const taxSetting = useBillTaxSetting();
  const waiting = useQueuedActions().some((action) => action.refusal === null);
  const connection: Connection = { online, waiting };
  const upiRefusal = upiRefusalOf(connection, prepared);
  const busy = working || create.isPending || confirm.isPending || reject.isPending;
  const stepNumber = WIZARD_STEPS.indexOf(state.step) + 1;
  // Issue 23: a maintenance contract's visit; what the contract covers is billed at ₹0, by the
  // server and, once the coverage is read, already on Select Items and on a bill made offline.
  const maintenanceVisit = order.projectCategory === 'Maintenance';
  const coverage = useOrderCoverage(order.orderId, maintenanceVisit);
  const pricedItems = useMemo(
    () => contractPricedItems(items, coverage.data),
    [items, coverage.data],
  );
  // Issue 35: what an accepted quotation planned is billed at the quoted price, as the server
  // prices it, so Select Items' total (and a bill made with no signal) is the bill's.
  const billPlan = plan?.plan ?? NO_PLAN;
  // A line added (or scanned) before the coverage came, or at the hook's catalogue prices,
  // takes the contract's price, so Select Items' total is what the bill will be.
  const { reprice } = lines;
  const currentLines = lines.lines;
  useEffect(() => {
    if (currentLines.length > 0) reprice(pricedItems, billPlan);
  }, [pricedItems, billPlan, currentLines, reprice]);

  // With no way to take UPI now, the payment step starts at (and stays on) cash.
  useEffect(() => {
    if (upiRefusal && state.method === 'online' && state.step !== 'payment-success')
      dispatch({ type: 'method', method: 'cash' });
  }, [upiRefusal, state.method, state.step]);

  const reviewBill = async () => {
    const refusal = billLinesError(lines.lines);
    if (refusal) return lines.showError(refusal);
    setWorking(true);
    try {
      const made = await prepareBill(
        {
          ...connection,
          create: (input, key) => create.mutateAsync({ input, key }),
          newKey: randomKey,
          now: () => new Date(),
          taxSetting,
        },
        order,
        lines.lines,
        pricedItems,
      );
      setPrepared(made);
      dispatch({ type: 'bill-created', bill: openBillOf(made.bill) });
    } catch (error) {
      lines.showError(errorMessage(error, BILLING_TEXT.createFailed));
    } finally {
      setWorking(false);
    }
  };

  /**
   * Drops the open bill on the server. Even when that call fails (no network, or the bill is
   * no longer open) the technician may go back: an open bill never spends stock, and the
   * next create-bill replaces it on the server. A bill made on the phone was never sent.
   */
  const dropBill = async () => {
    if (prepared && !prepared.local) {
      try {
        await reject.mutateAsync({
          billId: prepared.bill.billId,
          rejectionReason: BILLING_TEXT.billAbandoned,
        });
      } catch {
        // See above: nothing to undo.
      }
    }
    setPrepared(null);
    dispatch({ type: 'bill-dropped' });
  };

  const backFromSummary = async () => {
    await dropBill();
    if (variant === 'dialog') onClose();
  };

  const confirmPayment = async () => {
    if (!prepared || !state.payment) return;
    setWorking(true);
    try {
      const result = await payBill(
        {
          ...connection,
          confirm: (input, key) => confirm.mutateAsync({ input, key }),
          enqueue: (action) => queue.enqueue(action),
        },
        order.orderId,
        prepared,
        state.payment,
      );
      if (result.queued) {
        setQueued(true);
        dispatch({ type: 'paid' });
        return;
      }
      const answer = result.answer;
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
      const message =
        error instanceof ApiError || !(error instanceof Error)
          ? errorMessage(error, BILLING_TEXT.paymentFailed)
          : error.message;
      dispatch({ type: 'failed', message });
    } finally {
      setWorking(false);
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
      // The selection's own banner says why the bill cannot go on, beside its other refusals.
      body = maintenanceVisit ? (
        <div className="space-y-3">
          <Alert tone="info">{maintenanceBillNote(coverage.data ?? undefined)}</Alert>
          <ItemSelector items={pricedItems} bill={lines} camera />
        </div>
      ) : (
        <div className="space-y-3">
          {plan ? <PlannedStartNote plan={plan} /> : null}
          <ItemSelector items={pricedItems} bill={lines} camera />
        </div>
      );
      footer = (
        <>
          <Button variant="secondary" className={DARK_SECONDARY} onClick={onClose}>
            Cancel
          </Button>
          <Button
            icon={<ArrowRight aria-hidden="true" className="size-4" />}
            onClick={reviewBill}
            loading={working}
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
          {prepared?.local ? (
            <Alert tone="warning">{OFFLINE_BILL_TEXT.summaryOffline}</Alert>
          ) : null}
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
          {bill ? (
            <BillSummaryTable
              bill={bill}
              {...(maintenanceVisit ? { zeroNote: 'Covered by the maintenance contract' } : {})}
            />
          ) : null}
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
          upiRefusal={upiRefusal}
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
            loading={working}
          >
            Confirm Payment
          </Button>
        </>
      );
      break;
    case 'payment-success':
      body = paid ? (
        <PaymentSuccessStep bill={paid} order={order} onCompleted={onCompleted} />
      ) : queued && bill && state.payment ? (
        <BillWaitingStep
          bill={bill}
          payment={state.payment}
          order={order}
          onCompleted={onCompleted}
        />
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
      title={queued ? OFFLINE_BILL_TEXT.waitingTitle : STEP_TITLES[state.step]}
      description={`Generate Bill · Step ${stepNumber} of ${WIZARD_STEPS.length} · ${order.customerName}`}
      footer={footer}
      dismissible={!busy}
    >
      {body}
    </BottomSheet>
  );
}
