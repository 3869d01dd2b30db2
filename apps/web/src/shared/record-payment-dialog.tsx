import type { Bill } from '@karya/domain/bill-schemas';
import { INVOICE_MESSAGES, type RecordBillPaymentInput } from '@karya/domain/invoice-schemas';
import { formatRupees, toPaise } from '@karya/domain/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../lib/api-client';
import { Alert } from '../ui/alert';
import { BottomSheet } from '../ui/bottom-sheet';
import { Button } from '../ui/button';
import { DARK_SECONDARY } from '../ui/dashboard-panels';
import { useNotify } from '../ui/notification-context';
import { TextField } from '../ui/text-field';
import { PaymentMethodFields } from './payment-method-fields';
import { recordBillPayment } from './record-bill-payment';
import {
  checkRecordPayment,
  initialRecordPaymentForm,
  type RecordPaymentForm,
} from './record-payment-form';
import { SendUpdateLink, updateFactsKey } from './send-update-link';

/** The bill a payment is recorded against, as the invoice page and Outstanding Dues know it. */
export interface PayableBill {
  billId: string;
  /** The invoice number (or the old bill number) the dialog names. */
  invoiceNumber: string;
  /** Rupees still owed. */
  due: number;
  /**
   * The work order the bill is of: once the payment is recorded the sheet offers its receipt
   * on WhatsApp (issue 39 item 13). None (a maintenance contract's invoice): it just closes.
   */
  orderId?: string;
}

export interface RecordPaymentDialogProps<Answer = Bill> {
  bill: PayableBill;
  onClose: () => void;
  /** The bill as the server answered it: its new receipt, paid and due. */
  onRecorded: (answer: Answer) => void;
  /**
   * Where the payment goes: POST /record-bill-payment unless given, e.g. a maintenance
   * contract's invoice (decision 037), which takes the same form.
   */
  send?: (input: RecordBillPaymentInput) => Promise<Answer>;
}

/**
 * 'Record Payment' (issue 19): a later payment against a confirmed bill by a manager, an
 * admin or the technician on a visit, in cash or by UPI with its transaction id; the amount
 * starts at the due and may not exceed it. Open it by rendering it. Once the payment is
 * recorded, a work order's bill offers the receipt on WhatsApp ('Payment received', the same
 * Send update as the technician's Payment Successful, issue 39 item 13) until Done; any other
 * closes itself.
 */
export function RecordPaymentDialog<Answer = Bill>({
  bill,
  onClose,
  onRecorded,
  send,
}: RecordPaymentDialogProps<Answer>) {
  const duePaise = toPaise(bill.due);
  const [form, setForm] = useState<RecordPaymentForm>(() => initialRecordPaymentForm(duePaise));
  const [errors, setErrors] = useState<Partial<Record<'amount' | 'transactionId', string>>>({});
  const record = useMutation({
    mutationFn: send ?? (recordBillPayment as (input: RecordBillPaymentInput) => Promise<Answer>),
  });
  const notify = useNotify();
  const queryClient = useQueryClient();
  const formId = useId();
  /** The payment just recorded, in paise, and what is still due after it. */
  const [recorded, setRecorded] = useState<{ paidPaise: number; duePaise: number } | null>(null);
  const change = (patch: Partial<RecordPaymentForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors({});
    record.reset();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkRecordPayment(bill.billId, form, duePaise);
    if (check.errors) return setErrors(check.errors);
    try {
      const answer = await record.mutateAsync(check.input);
      notify.success(INVOICE_MESSAGES.paymentRecorded);
      onRecorded(answer);
      if (!bill.orderId) return onClose();
      // The receipt names this payment: no copy of the order's money from before it.
      queryClient.removeQueries({ queryKey: updateFactsKey(bill.orderId) });
      const paidPaise = toPaise(check.input.amount);
      setRecorded({ paidPaise, duePaise: Math.max(duePaise - paidPaise, 0) });
    } catch {
      // The refusal is shown in the dialog (record.error); the form stays as typed.
    }
  };

  if (recorded && bill.orderId) {
    return (
      <BottomSheet
        open
        onClose={onClose}
        title="Payment Recorded"
        description={bill.invoiceNumber}
        size="sm"
        footer={<Button onClick={onClose}>Done</Button>}
      >
        <div className="space-y-4">
          <div className="flex flex-col items-center gap-1 py-2 text-center">
            <CircleCheck aria-hidden="true" className="size-10 text-green-600" />
            <p className="text-2xl font-semibold text-green-700 dark:text-green-400">
              {formatRupees(recorded.paidPaise)}
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {recorded.duePaise > 0
                ? `received · still due ${formatRupees(recorded.duePaise)}`
                : 'received · paid in full'}
            </p>
          </div>
          <div className="flex justify-center">
            <SendUpdateLink
              order={{ orderId: bill.orderId }}
              event="paymentReceived"
              label="Send receipt on WhatsApp"
            />
          </div>
        </div>
      </BottomSheet>
    );
  }

  return (
    <BottomSheet
      open
      onClose={onClose}
      title="Record Payment"
      description={`${bill.invoiceNumber} · Due ${formatRupees(duePaise)}`}
      size="sm"
      dismissible={!record.isPending}
      footer={
        <>
          <Button
            variant="secondary"
            className={DARK_SECONDARY}
            onClick={onClose}
            disabled={record.isPending}
          >
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={record.isPending}>
            Record Payment
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        {record.isError ? (
          <Alert>{errorMessage(record.error, 'Failed to record the payment')}</Alert>
        ) : null}
        <TextField
          label="Amount (₹)"
          inputMode="decimal"
          autoComplete="off"
          value={form.amountText}
          onChange={(event) => change({ amountText: event.target.value })}
          error={errors.amount}
          hint={`At most the amount due, ${formatRupees(duePaise)}`}
        />
        <PaymentMethodFields
          name={`${formId}-method`}
          legend="Payment Method"
          method={form.method}
          onMethod={(method) => change({ method })}
          transactionId={form.transactionId}
          onTransactionId={(transactionId) => change({ transactionId })}
          error={errors.transactionId}
        />
      </form>
    </BottomSheet>
  );
}
