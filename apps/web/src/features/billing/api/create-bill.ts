import type { Bill, CreateBillInput } from '@karya/domain/bill-schemas';
import { IDEMPOTENCY_HEADER } from '@karya/domain/idempotency';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { billKeys } from './bill-keys';

/**
 * POST /create-bill: the server prices the lines from the catalogue and keeps the bill open.
 * With `key` (the bill's step-0 key, decision 028) a retry of a lost answer makes no second bill.
 */
export function createBill(input: CreateBillInput, key?: string): Promise<Bill> {
  return apiRequest<Bill>(
    'POST',
    '/create-bill',
    input,
    key ? { headers: { [IDEMPOTENCY_HEADER]: key } } : {},
  );
}

export function useCreateBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: CreateBillInput; key?: string }) =>
      createBill(input, key),
    onSuccess: (bill) => queryClient.setQueryData(billKeys.detail(bill.billId), bill),
  });
}
