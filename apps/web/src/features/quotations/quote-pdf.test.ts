import { type BusinessProfile, TALLY_LEDGER_DEFAULTS } from '@karya/domain/invoice-schemas';
import { quoteOptionTotals } from '@karya/domain/quotation';
import type { Quotation, QuoteLine, QuoteTaxing } from '@karya/domain/quotation-schemas';
import { jsPDF } from 'jspdf';
import { describe, expect, it } from 'vitest';
import { embedInvoiceFonts } from '../../shared/pdf-fonts';
import { drawQuote, quoteDocument, quoteFileName, quotePdf } from './quote-pdf';

const TAXING: QuoteTaxing = {
  kind: 'tax-invoice',
  intraState: true,
  placeOfSupply: { code: '29', name: 'Karnataka' },
};

function line(fields: Partial<QuoteLine> & Pick<QuoteLine, '_id' | 'name' | 'price'>): QuoteLine {
  const quantity = fields.quantity ?? 1;
  return {
    itemId: 'ITEM-1',
    itemObjectId: 'item-1',
    type: 'generic-product',
    unit: 'Nos',
    hsnSac: '8525',
    gstRate: 18,
    priceIncludesTax: false,
    quantity,
    discount: 0,
    optional: false,
    option: null,
    amount: fields.price * quantity - (fields.discount ?? 0),
    ...fields,
  };
}

const LINES = [
  line({ _id: 'l1', name: 'Installation and configuration', price: 1500, hsnSac: '998717' }),
  line({ _id: 'l2', name: 'Dome camera 2MP', price: 2500, quantity: 4, option: 1 }),
  line({
    _id: 'l3',
    name: 'Bullet camera 5MP',
    price: 4200,
    quantity: 4,
    option: 2,
    discount: 800,
  }),
  line({ _id: 'l4', name: 'Extra 1TB hard disk', price: 3900, optional: true, option: 2 }),
];
const OPTIONS = [
  { option: 1, name: 'Good' },
  { option: 2, name: 'Better' },
];
const optionTotals = quoteOptionTotals({
  lines: LINES,
  discount: 0,
  taxing: TAXING,
  options: OPTIONS,
});

const QUOTE: Quotation = {
  _id: 'q1',
  number: 'QKOTH/26-27/0007',
  version: 2,
  sentVersion: 2,
  displayNumber: 'QKOTH/26-27/0007-R2',
  status: 'sent',
  branch: { _id: 'b1', name: 'Kothrud' },
  lead: { _id: 'lead1', name: 'Anita Deshpande', phoneNumber: '9876543210' },
  customer: null,
  sendTo: '919876543210',
  language: 'en',
  projectType: 'CCTV Camera',
  options: OPTIONS,
  lines: LINES,
  discount: 0,
  taxing: TAXING,
  tax: optionTotals[0]?.tax ?? {
    intraState: true,
    placeOfSupply: null,
    taxable: 0,
    cgst: 0,
    sgst: 0,
    igst: 0,
    roundOff: 0,
  },
  total: optionTotals[0]?.total ?? 0,
  optionTotals: optionTotals.map((total) => ({ ...total })),
  validUntil: '2026-12-14',
  terms: '50% advance, balance on completion.',
  notes: 'Site survey done on 28 Nov.',
  siteStateCode: null,
  token: 'tok',
  url: '/q/tok',
  versions: [
    { version: 1, sentAt: '2026-11-25T05:00:00.000Z', total: 14000 },
    { version: 2, sentAt: '2026-11-29T05:00:00.000Z', total: optionTotals[0]?.total ?? 0 },
  ],
  sentAt: '2026-11-25T05:00:00.000Z',
  viewedAt: null,
  acceptance: null,
  response: null,
  workOrder: null,
  advance: null,
  createdBy: null,
  createdAt: '2026-11-25T04:00:00.000Z',
  updatedAt: '2026-11-29T05:00:00.000Z',
};

const BUSINESS: BusinessProfile = {
  legalName: 'Suraksha Systems Pvt Ltd',
  tradeName: 'Suraksha CCTV',
  logo: null,
  address: 'Karve Road, Pune',
  phone: '02012345678',
  email: 'sales@suraksha.example',
  gstRegistered: true,
  quoteTerms: '',
  ...TALLY_LEDGER_DEFAULTS,
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const BRANCH = {
  name: 'Kothrud',
  address: 'Paud Road, Kothrud, Pune',
  phone: '9822012345',
  gstin: '27ABCDE1234F1Z5',
};

/** Every line of text the PDF draws. */
function drawnText(quote: Quotation): string[] {
  const pdf = new jsPDF();
  embedInvoiceFonts(pdf);
  const drawn: string[] = [];
  const text = pdf.text.bind(pdf);
  pdf.text = ((...args: Parameters<typeof text>) => {
    const [value] = args;
    for (const item of Array.isArray(value) ? value : [value]) drawn.push(item);
    return text(...args);
  }) as typeof pdf.text;
  drawQuote(pdf, quoteDocument({ quote, business: BUSINESS, branch: BRANCH }));
  return drawn;
}

describe('the quotation PDF (issue 35)', () => {
  it('carries the letterhead, the number with its version, the dates and the customer', () => {
    const text = drawnText(QUOTE).join('\n');
    expect(text).toContain('Suraksha CCTV');
    expect(text).toContain('Suraksha Systems Pvt Ltd');
    expect(text).toContain('GSTIN: 27ABCDE1234F1Z5');
    expect(text).toContain('Paud Road, Kothrud, Pune');
    expect(text).toContain('QUOTATION');
    expect(text).toContain('QKOTH/26-27/0007-R2');
    expect(text).toContain('14 Dec 2026');
    expect(text).toContain('29 Nov 2026');
    expect(text).toContain('Anita Deshpande');
    expect(text).toContain('Place of supply: Karnataka (29)');
  });

  it('prints every line under its HSN/SAC, the options as sections with their totals, the optional line marked', () => {
    const drawn = drawnText(QUOTE);
    const text = drawn.join('\n');
    for (const name of ['Installation and configuration', 'Dome camera 2MP', 'Bullet camera 5MP'])
      expect(text).toContain(name);
    expect(text).toContain('Extra 1TB hard disk (optional)');
    expect(drawn).toContain('998717');
    expect(text).toContain('In every option');
    expect(text).toContain('Option 1: Good');
    expect(text).toContain('Option 2: Better');
    // Good: 1500 + 4 × 2500 = 11500 + 18% = 13570; Better: 1500 + 16000 = 17500 → 20650.
    expect(drawn).toContain('₹13,570.00');
    expect(drawn).toContain('₹20,650.00');
    expect(drawn).toContain('₹1,035.00'); // Good's CGST: 9% of 11500
    expect(text).toContain('Rupees Thirteen Thousand Five Hundred Seventy Only');
    expect(text).toContain('Lines marked (optional) are not in the totals');
  });

  it('prints the terms and notes and who signs for the business', () => {
    const text = drawnText(QUOTE).join('\n');
    expect(text).toContain('50% advance, balance on completion.');
    expect(text).toContain('Site survey done on 28 Nov.');
    expect(text).toContain('For Suraksha Systems Pvt Ltd');
  });

  it('shows IGST alone for a site in another state', () => {
    const inter: Quotation = {
      ...QUOTE,
      taxing: { ...TAXING, intraState: false, placeOfSupply: { code: '27', name: 'Maharashtra' } },
      optionTotals: quoteOptionTotals({
        lines: LINES,
        discount: 0,
        taxing: { ...TAXING, intraState: false },
        options: OPTIONS,
      }),
    };
    const drawn = drawnText(inter);
    expect(drawn).toContain('IGST');
    expect(drawn).not.toContain('CGST');
    expect(drawn).toContain('₹2,070.00'); // Good's IGST: 18% of 11500
  });

  it('makes a real PDF with the font embedded, named after the number', async () => {
    const file = (await quotePdf({ quote: QUOTE, business: BUSINESS, branch: BRANCH })).output();
    expect(file.startsWith('%PDF-')).toBe(true);
    expect(file).toMatch(/\/FontFile2/);
    expect(quoteFileName(QUOTE)).toBe('QKOTH-26-27-0007-R2.pdf');
    expect(quoteFileName({ displayNumber: null })).toBe('Quotation-draft.pdf');
  });
});
