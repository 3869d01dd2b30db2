import type { Bill } from '@karya/domain/bill-schemas';
import type { IssueCorrectedInvoiceInput } from '@karya/domain/invoice-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /issue-corrected-invoice (managers of the branch, admins): the cancelled invoice's job
 * billed again with the lines given; the answer is the new invoice (decision 041).
 */
export function issueCorrectedInvoice(input: IssueCorrectedInvoiceInput): Promise<Bill> {
  return apiRequest<Bill>('POST', '/issue-corrected-invoice', input);
}

export function useIssueCorrectedInvoice() {
  return useMutation({ mutationFn: issueCorrectedInvoice });
}
