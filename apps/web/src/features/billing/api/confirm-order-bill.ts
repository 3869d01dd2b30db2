import type { ConfirmOrderBillAnswer, PaymentMethod } from '@karya/domain/bill-schemas';
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

/** POST /confirm-order-bill: records the payment and spends the bill's stock. */
export function confirmOrderBill(input: ConfirmPayment): Promise<ConfirmOrderBillAnswer> {
  return apiRequest<ConfirmOrderBillAnswer>('POST', '/confirm-order-bill', input);
}

export function useConfirmOrderBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmOrderBill,
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
