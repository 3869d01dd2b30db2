import type { Bill } from '@karya/domain/bill-schemas';
import type { RecordBillPaymentInput } from '@karya/domain/invoice-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

/**
 * POST /record-bill-payment: a later payment against a confirmed bill; the answer is the bill
 * with its new receipt and due. Callers refresh what they list (the bill, the dues).
 */
export function recordBillPayment(input: RecordBillPaymentInput): Promise<Bill> {
  return apiRequest<Bill>('POST', '/record-bill-payment', input);
}

export function useRecordBillPayment() {
  return useMutation({ mutationFn: recordBillPayment });
}
