import { MIN_UPI_TRANSACTION_ID_LENGTH, type PaymentMethod } from '@karya/domain/bill-schemas';
import { toRupees } from '@karya/domain/money';
import { normalizeUpiTransactionId } from '@karya/domain/payment-methods';
import { BILLING_TEXT } from './billing-messages';
import { cashAmountError, dueAmountPaise, parseRupees } from './billing-money';

/** Spec 2 §2: the Generate Bill wizard's steps, in order. */
export const WIZARD_STEPS = [
  'select-items',
  'bill-summary',
  'payment-options',
  'payment-confirmation',
  'payment-success',
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const STEP_TITLES: Record<WizardStep, string> = {
  'select-items': 'Select Items',
  'bill-summary': 'Bill Summary',
  'payment-options': 'Select Payment Method',
  'payment-confirmation': 'Confirm Payment',
  'payment-success': 'Payment Successful',
};

/**
 * The bill the server made when the technician asked for the summary (amounts in paise): the
 * summary shows its tax split before the customer pays (issue 19).
 */
export interface OpenBill {
  billId: string;
  totalPaise: number;
}

export type { PaymentMethod };

/** What the technician is about to confirm. */
export interface PaymentDraft {
  method: PaymentMethod;
  /** Online only, trimmed. */
  transactionId: string | null;
  paidPaise: number;
  duePaise: number;
}

export interface WizardState {
  step: WizardStep;
  bill: OpenBill | null;
  method: PaymentMethod;
  transactionId: string;
  /** The cash amount as typed, in rupees. */
  cashText: string;
  payment: PaymentDraft | null;
  error: string | null;
}

export const INITIAL_WIZARD: WizardState = {
  step: 'select-items',
  bill: null,
  method: 'online',
  transactionId: '',
  cashText: '',
  payment: null,
  error: null,
};

export type WizardAction =
  | { type: 'bill-created'; bill: OpenBill }
  | { type: 'proceed' }
  | { type: 'back-to-summary' }
  | { type: 'bill-dropped' }
  | { type: 'method'; method: PaymentMethod }
  | { type: 'transaction-id'; value: string }
  | { type: 'cash'; value: string }
  | { type: 'review-payment' }
  | { type: 'change-payment' }
  | { type: 'paid' }
  | { type: 'failed'; message: string };

/** Spec 2 §5: the payment as it would be confirmed, or the reason it cannot be yet. */
export function paymentDraftOf(
  state: Pick<WizardState, 'method' | 'transactionId' | 'cashText'>,
  totalPaise: number,
): PaymentDraft | { error: string } {
  if (state.method === 'online') {
    // As the server stores it (issue 33 item 6), so the confirmation shows what is recorded.
    const transactionId = normalizeUpiTransactionId(state.transactionId);
    if (transactionId.length < MIN_UPI_TRANSACTION_ID_LENGTH)
      return { error: BILLING_TEXT.transactionIdShort };
    return { method: 'online', transactionId, paidPaise: totalPaise, duePaise: 0 };
  }
  const refusal = cashAmountError(state.cashText, totalPaise);
  if (refusal) return { error: refusal };
  const paidPaise = parseRupees(state.cashText) ?? 0;
  return {
    method: 'cash',
    transactionId: null,
    paidPaise,
    duePaise: dueAmountPaise(totalPaise, paidPaise),
  };
}

/** Where the wizard starts once the bill exists: its summary, cash prefilled with the total. */
export function wizardAtSummary(bill: OpenBill): WizardState {
  return {
    ...INITIAL_WIZARD,
    step: 'bill-summary',
    bill,
    // The full amount is the likely cash payment; the technician lowers it if not.
    cashText: toRupees(bill.totalPaise).toFixed(2),
  };
}

/**
 * The wizard's moves. The bill is made on the way to the summary; going back to the items
 * happens only once it was rejected on the server ('bill-dropped'), so no stock is spent by
 * a bill the technician walked away from.
 */
export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'bill-created':
      if (state.step !== 'select-items') return state;
      return { ...wizardAtSummary(action.bill), method: state.method };
    case 'proceed':
      if (state.step !== 'bill-summary' || !state.bill) return state;
      // A ₹0 bill (a maintenance contract covering the visit, issue 23) takes no UPI payment.
      if (state.bill.totalPaise === 0) {
        return { ...state, step: 'payment-options', method: 'cash', error: null };
      }
      return { ...state, step: 'payment-options', error: null };
    case 'back-to-summary':
      if (state.step !== 'payment-options') return state;
      return { ...state, step: 'bill-summary', payment: null, error: null };
    case 'bill-dropped':
      if (state.step === 'select-items' || state.step === 'payment-success') return state;
      return { ...INITIAL_WIZARD, method: state.method };
    case 'method':
      return { ...state, method: action.method, error: null };
    case 'transaction-id':
      return { ...state, transactionId: action.value, error: null };
    case 'cash':
      return { ...state, cashText: action.value, error: null };
    case 'review-payment': {
      if (state.step !== 'payment-options' || !state.bill) return state;
      const draft = paymentDraftOf(state, state.bill.totalPaise);
      if ('error' in draft) return { ...state, error: draft.error };
      return { ...state, step: 'payment-confirmation', payment: draft, error: null };
    }
    case 'change-payment':
      if (state.step !== 'payment-confirmation') return state;
      return { ...state, step: 'payment-options', payment: null, error: null };
    case 'paid':
      if (state.step !== 'payment-confirmation') return state;
      return { ...state, step: 'payment-success', error: null };
    case 'failed':
      return { ...state, error: action.message };
  }
}
