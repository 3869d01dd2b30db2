import type { ConfirmOrderBillAnswer, PaymentMethod } from '@karya/domain/bill-schemas';
import { IDEMPOTENCY_HEADER } from '@karya/domain/idempotency';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { OWN_STOCK } from '../../../shared/get-technician-inventory';
import { inventoryKeys } from '../../../shared/inventory-keys';
import { technicianWorkOrderKeys } from '../../../shared/technician-work-order-keys';
import { billKeys } from './bill-keys';

export interface ConfirmPayment {
  billId: string;
  paymentMethod: PaymentMethod;
  /** Online only; null for cash (spec 2 §7). */
  transactionId: string | null;
  /** Rupees. */
  paidAmount: number;
}

/**
 * POST /confirm-order-bill: records the payment and spends the bill's stock. With `key` (the
 * bill's step-1 key, decision 028) a retry of a lost answer records the payment once.
 */
export function confirmOrderBill(
  input: ConfirmPayment,
  key?: string,
): Promise<ConfirmOrderBillAnswer> {
  return apiRequest<ConfirmOrderBillAnswer>(
    'POST',
    '/confirm-order-bill',
    input,
    key ? { headers: { [IDEMPOTENCY_HEADER]: key } } : {},
  );
}

export function useConfirmOrderBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: ConfirmPayment; key?: string }) =>
      confirmOrderBill(input, key),
    onSuccess: (answer) => {
      const { workOrder, ...bill } = answer;
      queryClient.setQueryData(billKeys.detail(bill.billId), bill);
      queryClient.setQueryData(
        technicianWorkOrderKeys.detail(workOrder.customerId, workOrder.orderId),
        workOrder,
      );
    },
    // Paid or refused, the order and the stock may have moved: both lists are refreshed.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: technicianWorkOrderKeys.all });
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.technicianStock(OWN_STOCK) });
    },
  });
}
