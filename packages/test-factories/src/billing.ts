import type { SeededItem } from './inventory';
import { dataOf, type Transport } from './transport';
import { type OrderKey, orderKey } from './work-orders';

/** A line of the bill wizard: the catalogue prices it, whatever the request says. */
export const billLine = (
  item: Pick<SeededItem, 'id' | 'name'>,
  extra: { quantity?: number; serialNumber?: string | null } = {},
) => ({
  itemId: item.id,
  name: item.name,
  quantity: extra.quantity ?? 1,
  serialNumber: extra.serialNumber ?? null,
});

export type BillLine = ReturnType<typeof billLine>;

export interface SeededBill {
  _id: string;
  billId: string;
  billNumber: string | null;
  total: number;
  paidAmount: number;
  dueAmount: number;
  invoice: { number: string } | null;
}

/** The technician's draft bill of their started order. */
export async function createBill<Bill = SeededBill>(
  technician: Transport,
  order: OrderKey,
  lines: readonly unknown[],
): Promise<Bill> {
  return dataOf<Bill>(technician, 'POST', '/api/create-bill', {
    ...orderKey(order),
    items: lines,
  });
}

/** What the technician collected on confirming: cash, all of it unless `paidAmount` says. */
export const cash = (billId: string, paidAmount?: number) => ({
  billId,
  paymentMethod: 'cash',
  transactionId: null,
  ...(paidAmount !== undefined ? { paidAmount } : {}),
});

/** The technician confirms the bill with the customer's cash: it gets its number. */
export async function confirmBill<Bill = SeededBill>(
  technician: Transport,
  billId: string,
  paidAmount?: number,
): Promise<Bill> {
  return dataOf<Bill>(technician, 'POST', '/api/confirm-order-bill', cash(billId, paidAmount));
}
