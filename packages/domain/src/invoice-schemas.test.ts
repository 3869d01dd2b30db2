import { describe, expect, it } from 'vitest';
import { recordAmcInvoicePaymentInput } from './amc-schemas';
import { BILL_MESSAGES, confirmOrderBillSchema } from './bill-schemas';
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

  it('needs UPI with a transaction id of 12 characters, in the words of a bill on site', () => {
    const upi = (transactionId: string) =>
      recordBillPaymentSchema.safeParse({
        billId: 'bill',
        amount: 500,
        paymentMethod: 'online',
        transactionId,
      });
    expect(messagesOf(upi('12345678901'))).toEqual([BILL_MESSAGES.invalidTransactionId]);
    expect(upi('123456789012').success).toBe(true);
  });

  it('keeps a UPI transaction id trimmed and upper-cased, on every payment (issue 33 item 6)', () => {
    const later = recordBillPaymentSchema.parse({
      billId: 'bill',
      amount: 500,
      paymentMethod: 'online',
      transactionId: ' upi1234567x9z ',
    });
    expect(later.transactionId).toBe('UPI1234567X9Z');
    const onSite = confirmOrderBillSchema.parse({
      billId: 'bill',
      paymentMethod: 'online',
      transactionId: 'axis0000000abc',
    });
    expect(onSite.transactionId).toBe('AXIS0000000ABC');
    const contract = recordAmcInvoicePaymentInput.parse({
      invoiceId: '8f1d2c3b-4a5e-4f60-9a7b-8c9d0e1f2a3b',
      amount: 500,
      paymentMethod: 'online',
      transactionId: 'hdfc0000000xyz',
    });
    expect(contract.transactionId).toBe('HDFC0000000XYZ');
    expect(
      recordBillPaymentSchema.parse({
        billId: 'bill',
        amount: 5,
        paymentMethod: 'cash',
        transactionId: '  ',
      }).transactionId,
    ).toBeNull();
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
