import { describe, expect, it } from 'vitest';
import {
  BILL_MESSAGES,
  buildUpiPaymentLink,
  confirmOrderBillSchema,
  createBillSchema,
  paymentStatusOf,
} from './bill-schemas';

const customerId = '8f1d2c3b-4a5e-4f60-9a7b-8c9d0e1f2a3b';

describe('buildUpiPaymentLink', () => {
  it('encodes payee, amount in rupees, INR and the Bill-{orderId} note', () => {
    expect(
      buildUpiPaymentLink({
        vpa: 'karya.pune@okbank',
        name: 'Karya Services & Co',
        amount: 1499.5,
        orderId: 'WO-2026-000123',
      }),
    ).toBe(
      'upi://pay?pa=karya.pune@okbank&pn=Karya%20Services%20%26%20Co&am=1499.50&cu=INR&tn=Bill-WO-2026-000123',
    );
  });

  it('shows a whole amount with two decimals', () => {
    expect(buildUpiPaymentLink({ vpa: 'a@b', name: 'A', amount: 20, orderId: 'X' })).toContain(
      '&am=20.00&',
    );
  });
});

describe('createBillSchema', () => {
  const messages = (input: unknown) => {
    const parsed = createBillSchema.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  };

  it('needs at least one item', () => {
    expect(messages({ customerId, orderId: 'WO-1', items: [] })).toEqual([BILL_MESSAGES.noItems]);
    expect(messages({ customerId, orderId: 'WO-1' })).toEqual([BILL_MESSAGES.noItems]);
  });

  it('refuses the same serial twice', () => {
    const line = { itemId: 'ITEM-1', name: 'Panel', quantity: 1, serialNumber: 'SN-1' };
    expect(messages({ customerId, orderId: 'WO-1', items: [line, line] })).toEqual([
      BILL_MESSAGES.serialAlreadyAdded,
    ]);
  });

  it('keeps the wizard fields but reads no price from them', () => {
    const parsed = createBillSchema.parse({
      customerId,
      orderId: 'WO-1',
      items: [{ itemId: 'ITEM-1', name: 'Wire', quantity: 2, serialNumber: '', price: 1 }],
    });
    expect(parsed.items[0]).toMatchObject({ itemId: 'ITEM-1', quantity: 2, serialNumber: null });
  });

  it('takes a quantity only as a JSON number (issue 16 §7)', () => {
    for (const quantity of ['2', '0x10', true, [5]])
      expect(
        messages({ customerId, orderId: 'WO-1', items: [{ itemId: 'ITEM-1', quantity }] }),
      ).toEqual([BILL_MESSAGES.quantityMin]);
  });

  it('refuses a quantity below 1', () => {
    expect(
      messages({ customerId, orderId: 'WO-1', items: [{ itemId: 'ITEM-1', quantity: 0 }] }),
    ).toEqual([BILL_MESSAGES.quantityMin]);
  });
});

describe('confirmOrderBillSchema', () => {
  it('needs a UPI transaction id of at least 12 characters for online payment', () => {
    const short = confirmOrderBillSchema.safeParse({
      billId: 'b',
      paymentMethod: 'online',
      transactionId: '12345678901',
    });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe(BILL_MESSAGES.invalidTransactionId);
    expect(
      confirmOrderBillSchema.safeParse({
        billId: 'b',
        paymentMethod: 'online',
        transactionId: '123456789012',
      }).success,
    ).toBe(true);
  });

  it('takes cash without a transaction id', () => {
    expect(
      confirmOrderBillSchema.parse({
        billId: 'b',
        paymentMethod: 'cash',
        transactionId: null,
        paidAmount: 150,
      }),
    ).toMatchObject({ paymentMethod: 'cash', transactionId: null, paidAmount: 150 });
    expect(
      confirmOrderBillSchema.safeParse({ billId: 'b', paymentMethod: 'cash', paidAmount: '150' })
        .success,
    ).toBe(false);
  });
});

describe('paymentStatusOf', () => {
  it('is paid, partial, otherwise unpaid', () => {
    expect(paymentStatusOf(1000, 1000)).toBe('paid');
    expect(paymentStatusOf(1000, 1)).toBe('partial');
    expect(paymentStatusOf(1000, 0)).toBe('unpaid');
  });
});

describe('the payment remark', () => {
  it('writes the amount with en-IN grouping (issue 15)', () => {
    expect(BILL_MESSAGES.paymentRemark('BILL-PUNE-20261123-0001', 'cash', 5000)).toBe(
      'Payment of ₹5,000.00 received by cash for bill BILL-PUNE-20261123-0001',
    );
  });
});
