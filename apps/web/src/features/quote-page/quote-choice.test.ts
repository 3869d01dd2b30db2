import type { PublicQuote } from '@karya/domain/quotation-schemas';
import { describe, expect, it } from 'vitest';
import {
  acceptBody,
  advanceLink,
  advancePaise,
  choiceTotals,
  chooseOption,
  chosenLines,
  initialChoice,
  optionalLines,
  type PublicLine,
  quoteNumberOf,
  standingOf,
  toggleOptional,
} from './quote-choice';

const line = (over: Partial<PublicLine> & Pick<PublicLine, '_id' | 'name'>): PublicLine => ({
  itemId: null,
  type: 'generic-product',
  unit: 'Piece',
  hsnSac: '8525',
  gstRate: 18,
  priceIncludesTax: false,
  quantity: 1,
  price: 1000,
  discount: 0,
  optional: false,
  option: null,
  amount: 1000,
  ...over,
});

/** Good: 2 cameras; Better: 4 cameras; both: installation; optional: a monitor (either). */
const quote: PublicQuote = {
  number: 'QKOTH/26-27/0001',
  version: 1,
  status: 'viewed',
  language: 'en',
  business: { name: 'Sharma Security', address: '', phone: '9876543210', logo: null, gstin: null },
  branch: { name: 'Kothrud', address: 'Pune', phone: '020 2612 3456' },
  customerName: 'Asha Patil',
  projectType: 'CCTV Camera',
  options: [
    { option: 1, name: 'Good' },
    { option: 2, name: 'Better' },
  ],
  lines: [
    line({ _id: 'install', name: 'Installation', type: 'service', price: 2000, amount: 2000 }),
    line({ _id: 'good-cam', name: '2 MP camera', option: 1, quantity: 2, amount: 2000 }),
    line({
      _id: 'better-cam',
      name: '5 MP camera',
      option: 2,
      quantity: 4,
      price: 2500,
      amount: 10000,
    }),
    line({ _id: 'better-ups', name: 'UPS', option: 2, optional: true, price: 3000, amount: 3000 }),
    line({ _id: 'monitor', name: 'Monitor', optional: true, price: 5000, amount: 5000 }),
  ],
  discount: 0,
  taxing: { kind: 'tax-invoice', intraState: true, placeOfSupply: null },
  optionTotals: [],
  validUntil: '2027-01-15',
  terms: '',
  notes: '',
  createdAt: '2026-12-31T10:00:00.000Z',
  acceptance: null,
  response: null,
  upiPayee: { vpa: 'sharma@okaxis', name: 'Sharma Security' },
  advancePercent: 30,
};

describe("the customer's choice on the quote page", () => {
  it('opens on the first option with nothing optional ticked', () => {
    expect(initialChoice(quote)).toEqual({ option: 1, optionalLineIds: [] });
    expect(initialChoice({ ...quote, options: [] })).toEqual({ option: null, optionalLineIds: [] });
  });

  it("shows the chosen option's lines and the common ones, extras apart", () => {
    const choice = { option: 2, optionalLineIds: [] };
    expect(chosenLines(quote, choice).map((l) => l._id)).toEqual(['install', 'better-cam']);
    expect(optionalLines(quote, choice).map((l) => l._id)).toEqual(['better-ups', 'monitor']);
    expect(optionalLines(quote, { option: 1 }).map((l) => l._id)).toEqual(['monitor']);
  });

  it('totals with tax as the bill will, and a ticked extra adds to the total', () => {
    const good = { option: 1, optionalLineIds: [] };
    expect(choiceTotals(quote, good).total).toBe(4720);
    const ticked = toggleOptional(good, 'monitor', true);
    const totals = choiceTotals(quote, ticked);
    expect(totals.total).toBe(10620);
    expect(totals.tax).toMatchObject({ taxable: 9000, cgst: 810, sgst: 810 });
    expect(choiceTotals(quote, toggleOptional(ticked, 'monitor', false)).total).toBe(4720);
  });

  it('drops the ticks of an option left behind, keeps the common ones', () => {
    const better = { option: 2, optionalLineIds: ['better-ups', 'monitor'] };
    expect(chooseOption(quote, better, 1)).toEqual({ option: 1, optionalLineIds: ['monitor'] });
  });

  it('sends the option only where there are options, and the version seen', () => {
    const choice = { option: 2, optionalLineIds: ['monitor'] };
    expect(acceptBody(quote, choice, '  Asha Patil ', 'data:image/png;base64,x')).toEqual({
      name: 'Asha Patil',
      option: 2,
      optionalLineIds: ['monitor'],
      signature: 'data:image/png;base64,x',
      version: 1,
    });
    expect(
      acceptBody({ ...quote, options: [] }, { option: null, optionalLineIds: [] }, 'A', null),
    ).toEqual({
      name: 'A',
      optionalLineIds: [],
      version: 1,
    });
  });

  it('names revisions as the desk does and reads what became of the quote', () => {
    expect(quoteNumberOf(quote)).toBe('QKOTH/26-27/0001');
    expect(quoteNumberOf({ ...quote, version: 2 })).toBe('QKOTH/26-27/0001-R2');
    expect(quoteNumberOf({ ...quote, number: 'QKOTH/26-27/0001-R2', version: 2 })).toBe(
      'QKOTH/26-27/0001-R2',
    );
    expect(standingOf(quote)).toBe('open');
    expect(standingOf({ ...quote, status: 'changes-requested' })).toBe('open');
    expect(standingOf({ ...quote, status: 'expired' })).toBe('expired');
    expect(standingOf({ ...quote, status: 'declined' })).toBe('declined');
    expect(standingOf({ ...quote, status: 'accepted' })).toBe('accepted');
  });
});

describe('the advance', () => {
  const acceptance = {
    name: 'Asha Patil',
    option: 2,
    optionalLineIds: [],
    signature: null,
    at: '2027-01-02T10:00:00.000Z',
    total: 14160,
    version: 1,
  };

  it('is the percent of the accepted total, to the paisa', () => {
    expect(advancePaise(14160, 30)).toBe(424800);
    expect(advancePaise(1001, 30)).toBe(30030);
  });

  it('is a upi://pay link for exactly that amount, noted with the quote number', () => {
    expect(advanceLink({ ...quote, acceptance })).toEqual({
      amountPaise: 424800,
      link: 'upi://pay?pa=sharma@okaxis&pn=Sharma%20Security&am=4248.00&cu=INR&tn=Advance%20QKOTH%2F26-27%2F0001',
    });
  });

  it('is not offered before acceptance or without a UPI id', () => {
    expect(advanceLink(quote)).toBeNull();
    expect(advanceLink({ ...quote, acceptance, upiPayee: null })).toBeNull();
  });
});
