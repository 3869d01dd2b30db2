import { describe, expect, it } from 'vitest';
import { qrPath } from '../../shared/upi-qr';
import { cashAmountError, dueAmountPaise, paymentStatusOf } from './billing-money';

describe('money on the bill', () => {
  it('works out the due amount and the payment status (spec 1 §4, spec 2 §5)', () => {
    expect(dueAmountPaise(100000, 40000)).toBe(60000);
    expect(dueAmountPaise(100000, 100000)).toBe(0);
    expect(paymentStatusOf(100000, 100000)).toBe('paid');
    expect(paymentStatusOf(100000, 40000)).toBe('partial');
    expect(paymentStatusOf(100000, 0)).toBe('unpaid');
  });

  it('takes a cash amount from 0 to the total only', () => {
    expect(cashAmountError('0', 100000)).toBeNull();
    expect(cashAmountError('1000', 100000)).toBeNull();
    expect(cashAmountError('1000.01', 100000)).toBe(
      'The amount paid must be between 0 and the bill total',
    );
    expect(cashAmountError('abc', 100000)).not.toBeNull();
  });
});

describe('UPI QR', () => {
  it('is drawn at error-correction level H', () => {
    const qr = qrPath('upi://pay?pa=karya@upi&pn=Karya&am=10.00&cu=INR&tn=Bill-WO-1');
    expect(qr.levelBit).toBe(2);
    expect(qr.path.length).toBeGreaterThan(0);
    expect(qr.modules).toBeGreaterThan(21);
  });
});
