import { describe, expect, it } from 'vitest';
import { drawnDevanagari } from '../../shared/drawn-devanagari';
import { billPdf } from './bill-pdf';
import { IGST_BILL } from './test-bills';

describe('the invoice PDF with a customer named and living in Hindi (issue 39 item 26)', () => {
  it('draws the name and address shaped, and no shaped run in a Latin-only invoice', async () => {
    const invoice = IGST_BILL.invoice;
    if (!invoice) throw new Error('IGST_BILL has an invoice');
    const name = 'श्री क्षितिज शर्मा';
    const bill = {
      ...IGST_BILL,
      invoice: {
        ...invoice,
        recipient: { ...invoice.recipient, name, address: 'शुद्ध निवास, कर्क रोड\nनई दिल्ली' },
      },
    };
    const drawn = drawnDevanagari(await billPdf(bill));
    // In both copies, the customer's and the shop's.
    const runs = [name, 'शुद्ध निवास', 'कर्क रोड', 'नई दिल्ली'];
    expect(drawn).toEqual([...runs, ...runs]);
    expect(drawnDevanagari(await billPdf(IGST_BILL))).toEqual([]);
  });
});
