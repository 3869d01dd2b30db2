import { describe, expect, it } from 'vitest';
import { checkRecordPayment, initialRecordPaymentForm } from './record-payment-form';

const DUE = 250_000; // ₹2,500.00

describe('Record Payment: what may be sent (issue 19)', () => {
  it('starts with the whole due, in cash', () => {
    expect(initialRecordPaymentForm(DUE)).toEqual({
      amountText: '2500.00',
      method: 'cash',
      transactionId: '',
    });
  });

  it('sends part of the due in cash, in rupees, with no transaction id', () => {
    expect(
      checkRecordPayment(
        'b-1',
        { amountText: '1,000.50', method: 'cash', transactionId: 'x' },
        DUE,
      ),
    ).toEqual({
      input: { billId: 'b-1', amount: 1000.5, paymentMethod: 'cash', transactionId: null },
      errors: null,
    });
  });

  it('refuses nothing, a word, or more than the due', () => {
    for (const amountText of ['0', '', 'abc'])
      expect(
        checkRecordPayment('b-1', { amountText, method: 'cash', transactionId: '' }, DUE).errors,
      ).toEqual({ amount: 'Please enter an amount more than 0' });
    expect(
      checkRecordPayment('b-1', { amountText: '2500.01', method: 'cash', transactionId: '' }, DUE)
        .errors,
    ).toEqual({ amount: 'The amount cannot be more than the amount due (₹2,500.00)' });
  });

  it('takes UPI only with a transaction id of at least 12 characters', () => {
    const upi = { amountText: '2500', method: 'online' as const };
    expect(
      checkRecordPayment('b-1', { ...upi, transactionId: ' 12345678901 ' }, DUE).errors,
    ).toEqual({ transactionId: 'Please enter a valid UPI transaction ID (min 12 characters).' });
    expect(checkRecordPayment('b-1', { ...upi, transactionId: 'UPI123456789' }, DUE).input).toEqual(
      {
        billId: 'b-1',
        amount: 2500,
        paymentMethod: 'online',
        transactionId: 'UPI123456789',
      },
    );
  });
});
