import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { INITIAL_WIZARD, type WizardState } from './bill-wizard-state';
import { BILLING_TEXT } from './billing-messages';
import { PaymentOptionsStep } from './payment-options-step';
import { INTRA_STATE_BILL } from './test-bills';

/** Issue 39 item 4: one part-payment rule, and the screen says where it is taken. */
const cash: WizardState = { ...INITIAL_WIZARD, method: 'cash', cashText: '150.00' };

const shown = (cashReadOnly: boolean) =>
  renderToString(
    <PaymentOptionsStep
      bill={INTRA_STATE_BILL}
      state={cash}
      dispatch={() => undefined}
      qrSize={160}
      cashReadOnly={cashReadOnly}
    />,
  ).replaceAll('<!-- -->', '');

const amountInput = (html: string) => html.match(/<input[^>]*inputMode="decimal"[^>]*>/)?.[0] ?? '';

describe('Select Payment Method, cash', () => {
  it('the details dialog shows the cash read-only (spec 2 §5) and says where a part payment is taken', () => {
    const html = shown(true);
    const input = amountInput(html);
    expect(input).toContain('readOnly=""');
    const described = input.match(/aria-describedby="([^"]+)"/)?.[1];
    expect(described).toBeTruthy();
    expect(html).toContain(`id="${described}"`);
    expect(html).toContain(BILLING_TEXT.partPaymentWhere);
    expect(BILLING_TEXT.partPaymentWhere).toContain('Current tab');
  });

  it('the Current tab takes any cash from ₹0 to the total, and needs no such note', () => {
    const html = shown(false);
    expect(amountInput(html)).not.toContain('readOnly');
    expect(html).not.toContain(BILLING_TEXT.partPaymentWhere);
  });
});
