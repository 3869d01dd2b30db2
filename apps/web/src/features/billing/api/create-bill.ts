import type { Bill, CreateBillInput } from '@karya/domain/bill-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { billKeys } from './bill-keys';

/** POST /create-bill: the server prices the lines from the catalogue and keeps the bill open. */
export function createBill(input: CreateBillInput): Promise<Bill> {
  return apiRequest<Bill>('POST', '/create-bill', input);
}

export function useCreateBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBill,
    onSuccess: (bill) => queryClient.setQueryData(billKeys.detail(bill.billId), bill),
  });
}
