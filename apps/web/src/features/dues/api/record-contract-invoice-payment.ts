import type { AmcInvoice } from '@karya/domain/amc-schemas';
import type { RecordBillPaymentInput } from '@karya/domain/invoice-schemas';
import { apiRequest } from '../../../lib/api-client';

/** Idempotency-Key characters (decision 027): anything else becomes '_'. */
const keyPart = (text: string) => text.replace(/[^\w.:-]/g, '_');

/**
 * POST /record-amc-invoice-payment: a payment against a maintenance contract's invoice from
 * Outstanding Dues (decision 037), the Record Payment form's input with the row's invoice id.
 * `attempt` names the dialog's opening: the same payment sent twice (a double tap, a lost
 * answer) carries the same Idempotency-Key and is recorded once; a corrected one is new.
 */
export function recordContractInvoicePayment(
  input: RecordBillPaymentInput,
  attempt: string,
): Promise<AmcInvoice> {
  const key = [
    'amc-pay',
    attempt,
    input.amount.toFixed(2),
    input.paymentMethod,
    keyPart(input.transactionId ?? ''),
  ]
    .join(':')
    .slice(0, 200);
  return apiRequest<AmcInvoice>(
    'POST',
    '/record-amc-invoice-payment',
    {
      invoiceId: input.billId,
      amount: input.amount,
      paymentMethod: input.paymentMethod,
      transactionId: input.transactionId,
    },
    { headers: { 'Idempotency-Key': key } },
  );
}
