import { describe, expect, it } from 'vitest';
import {
  INITIAL_WIZARD,
  type WizardAction,
  type WizardState,
  wizardReducer,
} from './bill-wizard-state';

const run = (actions: WizardAction[], from: WizardState = INITIAL_WIZARD) =>
  actions.reduce(wizardReducer, from);

const bill = { billId: 'b-1', totalPaise: 150000 };
const atSummary = run([{ type: 'bill-created', bill }]);
const atPayment = run([{ type: 'proceed' }], atSummary);

describe('Generate Bill wizard steps (spec 2 §2, §4)', () => {
  it('reaches the summary only with the bill made, its total ready as the cash amount', () => {
    expect(run([{ type: 'proceed' }]).step).toBe('select-items');
    expect(atSummary.step).toBe('bill-summary');
    expect(atSummary.bill).toEqual(bill);
    expect(atSummary.cashText).toBe('1500.00');
    expect(atPayment.step).toBe('payment-options');
    expect(run([{ type: 'back-to-summary' }], atPayment).step).toBe('bill-summary');
  });

  it('takes a ₹0 bill (a maintenance visit the contract covers) as cash, nothing to collect', () => {
    const covered = run([
      { type: 'bill-created', bill: { billId: 'b-2', totalPaise: 0 } },
      { type: 'proceed' },
    ]);
    expect(covered.method).toBe('cash');
    expect(covered.cashText).toBe('0.00');
    expect(run([{ type: 'review-payment' }], covered).payment).toEqual({
      method: 'cash',
      transactionId: null,
      paidPaise: 0,
      duePaise: 0,
    });
    expect(atPayment.method).toBe('online');
  });

  it('asks for a UPI transaction id of at least 12 characters', () => {
    const short = run(
      [{ type: 'transaction-id', value: ' 12345678901 ' }, { type: 'review-payment' }],
      atPayment,
    );
    expect(short.step).toBe('payment-options');
    expect(short.error).toBe('Please enter a valid UPI transaction ID (min 12 characters).');
    const ok = run(
      [{ type: 'transaction-id', value: 'UPI123456789' }, { type: 'review-payment' }],
      atPayment,
    );
    expect(ok.step).toBe('payment-confirmation');
    expect(ok.payment).toEqual({
      method: 'online',
      transactionId: 'UPI123456789',
      paidPaise: 150000,
      duePaise: 0,
    });
    // Shown as the server records it: trimmed and upper-cased (issue 33 item 6).
    const typed = run(
      [{ type: 'transaction-id', value: ' upi12345678x ' }, { type: 'review-payment' }],
      atPayment,
    );
    expect(typed.payment?.transactionId).toBe('UPI12345678X');
  });

  it('takes part of the total in cash and shows what is due', () => {
    const partly = run(
      [
        { type: 'method', method: 'cash' },
        { type: 'cash', value: '500' },
        { type: 'review-payment' },
      ],
      atPayment,
    );
    expect(partly.payment).toEqual({
      method: 'cash',
      transactionId: null,
      paidPaise: 50000,
      duePaise: 100000,
    });
    const over = run(
      [
        { type: 'method', method: 'cash' },
        { type: 'cash', value: '1500.01' },
        { type: 'review-payment' },
      ],
      atPayment,
    );
    expect(over.step).toBe('payment-options');
    expect(over.error).toBe('The amount paid must be between 0 and the bill total');
  });

  it('goes back to the items only once the bill was dropped, and ends at success', () => {
    const confirming = run(
      [{ type: 'transaction-id', value: 'UPI123456789' }, { type: 'review-payment' }],
      atPayment,
    );
    expect(run([{ type: 'change-payment' }], confirming).step).toBe('payment-options');
    for (const from of [atSummary, atPayment, confirming]) {
      const dropped = run([{ type: 'bill-dropped' }], from);
      expect(dropped.step).toBe('select-items');
      expect(dropped.bill).toBeNull();
    }
    expect(run([{ type: 'paid' }], confirming).step).toBe('payment-success');
    // A late answer for another step changes nothing.
    expect(run([{ type: 'paid' }], atPayment).step).toBe('payment-options');
    expect(run([{ type: 'bill-created', bill }], atPayment)).toEqual(atPayment);
  });
});
