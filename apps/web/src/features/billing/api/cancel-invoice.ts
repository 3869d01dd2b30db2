import type { Bill } from '@karya/domain/bill-schemas';
import type { CancelInvoiceInput } from '@karya/domain/invoice-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /cancel-invoice (managers of the branch, admins): the invoice is marked cancelled with
 * the reason and keeps its number; the answer is the bill as it now stands.
 */
export function cancelInvoice(input: CancelInvoiceInput): Promise<Bill> {
  return apiRequest<Bill>('POST', '/cancel-invoice', input);
}

export function useCancelInvoice() {
  return useMutation({ mutationFn: cancelInvoice });
}
