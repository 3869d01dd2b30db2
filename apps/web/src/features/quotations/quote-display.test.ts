import { describe, expect, it } from 'vitest';
import { numberText, quoteStatusOf, whatsappQuoteText } from './quote-display';

describe('how the desk words a quotation', () => {
  it('types the number, the total, the validity and the link into the WhatsApp message', () => {
    const text = whatsappQuoteText({
      displayNumber: 'QKOTH/26-27/0007-R2',
      contactName: 'Anita',
      businessName: 'Karya Security',
      total: 13570,
      hasOptions: true,
      validUntil: '2026-12-14',
      url: 'https://karya.example/q/abc',
    });
    expect(text).toContain('QKOTH/26-27/0007-R2 from Karya Security');
    expect(text).toContain('from ₹13,570.00');
    expect(text).toContain('valid until 14 Dec 2026');
    expect(text).toContain('https://karya.example/q/abc');
  });

  it('calls a quote never sent a Draft, and reads only known statuses from the address', () => {
    expect(numberText({ displayNumber: null })).toBe('Draft');
    expect(numberText({ displayNumber: 'QKOTH/26-27/0001' })).toBe('QKOTH/26-27/0001');
    expect(quoteStatusOf('changes-requested')).toBe('changes-requested');
    expect(quoteStatusOf('paid')).toBeNull();
    expect(quoteStatusOf(null)).toBeNull();
  });
});
