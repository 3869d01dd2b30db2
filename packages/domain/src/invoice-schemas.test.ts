import { describe, expect, it } from 'vitest';
import {
  businessProfileInputSchema,
  INVOICE_MESSAGES,
  recordBillPaymentSchema,
} from './invoice-schemas';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('record-bill-payment input', () => {
  it.each([0, -5])('refuses %s once, in the words the form shows', (amount) => {
    const result = recordBillPaymentSchema.safeParse({
      billId: 'bill',
      amount,
      paymentMethod: 'cash',
    });
    expect(messagesOf(result)).toEqual([INVOICE_MESSAGES.amountPositive]);
  });

  it('takes a cash amount in rupees', () => {
    const result = recordBillPaymentSchema.safeParse({
      billId: 'bill',
      amount: 250.5,
      paymentMethod: 'cash',
    });
    expect(result.success).toBe(true);
  });
});

describe('business profile input', () => {
  it('says what GST-registered takes when sent as text', () => {
    const result = businessProfileInputSchema.safeParse({ legalName: 'X', gstRegistered: 'yes' });
    expect(messagesOf(result)).toEqual(['GST-registered must be true or false']);
  });
});
