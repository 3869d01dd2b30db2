import type { Bill, RejectBillInput } from '@karya/domain/bill-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { billKeys } from './bill-keys';

/** POST /reject-bill: an open bill is dropped with a reason; its stock was never spent. */
export function rejectBill(input: RejectBillInput): Promise<Bill> {
  return apiRequest<Bill>('POST', '/reject-bill', input);
}

export function useRejectBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectBill,
    onSuccess: (bill) => queryClient.setQueryData(billKeys.detail(bill.billId), bill),
  });
}
