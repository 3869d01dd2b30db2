import { describe, expect, it } from 'vitest';
import { type TaxSetting, taxBill } from './bill-tax';
import { toRupees } from './money';
import { quoteTaxingOf, quoteTotals, spreadDiscount } from './quotation';
import type { QuoteLine } from './quotation-schemas';

const KA = '29';
const TN = '33';

const registered = (siteStateCode: string | null): TaxSetting => ({
  businessGstRegistered: true,
  branchGstin: '29ABCDE1234F1Z5',
  branchStateCode: KA,
  siteStateCode,
  customerStateCode: null,
});

let next = 0;
function line(fields: Partial<QuoteLine> & Pick<QuoteLine, 'price' | 'quantity'>): QuoteLine {
  next += 1;
  return {
    _id: `line-${next}`,
    itemId: null,
    itemObjectId: null,
    name: 'Line',
    type: 'generic-product',
    unit: 'Piece',
    hsnSac: null,
    gstRate: 18,
    priceIncludesTax: false,
    discount: 0,
    optional: false,
    option: null,
    amount: fields.price * fields.quantity - (fields.discount ?? 0),
    ...fields,
  };
}

const all = { option: null, optionalLineIds: [] as string[] };

/** What the bill would charge for the same amounts (each line's amount after its discounts). */
function billOf(setting: TaxSetting, lines: QuoteLine[], amountsPaise: number[]) {
  return taxBill(
    setting,
    lines.map((l, i) => ({
      amountPaise: amountsPaise[i] ?? 0,
      gstRateBp: l.gstRate === null ? null : Math.round(l.gstRate * 100),
      priceIncludesTax: l.priceIncludesTax,
    })),
  );
}

function expectSameAsBill(
  setting: TaxSetting,
  lines: QuoteLine[],
  discount: number,
  amountsPaise: number[],
) {
  const quote = quoteTotals({ lines, discount, taxing: quoteTaxingOf(setting) }, all);
  const bill = billOf(setting, lines, amountsPaise);
  expect(quote.tax).toEqual({
    intraState: bill.intraState,
    placeOfSupply: quote.tax.placeOfSupply,
    taxable: toRupees(bill.totals.taxablePaise),
    cgst: toRupees(bill.totals.cgstPaise),
    sgst: toRupees(bill.totals.sgstPaise),
    igst: toRupees(bill.totals.igstPaise),
    roundOff: toRupees(bill.totals.roundOffPaise),
  });
  expect(quote.tax.placeOfSupply?.code ?? null).toBe(bill.placeOfSupply);
  expect(quote.total).toBe(toRupees(bill.totals.totalPaise));
  expect(quote.lines.map((l) => l.total)).toEqual(bill.lines.map((l) => toRupees(l.totalPaise)));
  return quote;
}

describe('a quote is taxed as the bill is', () => {
  it('intra-state, prices before tax: CGST + SGST, round-off to the rupee', () => {
    const lines = [line({ price: 2499.5, quantity: 4 }), line({ price: 333.33, quantity: 3 })];
    const quote = expectSameAsBill(registered(KA), lines, 0, [999800, 99999]);
    expect(quote.tax.intraState).toBe(true);
    expect(quote.tax.igst).toBe(0);
    expect(quote.tax.cgst).toBeGreaterThan(0);
    expect(Number.isInteger(quote.total)).toBe(true);
    expect(quote.tax.roundOff).not.toBe(0);
  });

  it('inter-state (the site in another state): IGST', () => {
    const lines = [
      line({ price: 1000, quantity: 2 }),
      line({ price: 499, quantity: 1, gstRate: 5 }),
    ];
    const quote = expectSameAsBill(registered(TN), lines, 0, [200000, 49900]);
    expect(quote.tax.intraState).toBe(false);
    expect(quote.tax.placeOfSupply).toEqual({ code: TN, name: 'Tamil Nadu' });
    expect(quote.tax.cgst).toBe(0);
    expect(quote.tax.igst).toBe(360 + 24.95);
  });

  it('tax-inclusive prices are worked back as the bill works them', () => {
    const lines = [
      line({ price: 500, quantity: 1, priceIncludesTax: true }),
      line({ price: 1299, quantity: 3, priceIncludesTax: true, gstRate: 28 }),
    ];
    expectSameAsBill(registered(KA), lines, 0, [50000, 389700]);
    expectSameAsBill(registered(TN), lines, 0, [50000, 389700]);
  });

  it('line discounts and a whole discount spread by amount before tax', () => {
    const lines = [
      line({ price: 1000, quantity: 3, discount: 100 }),
      line({ price: 700, quantity: 1 }),
      line({ price: 250, quantity: 2, priceIncludesTax: true, gstRate: 12 }),
    ];
    // Amounts 2900, 700, 500 (₹4,100); ₹100 off the whole: 70.73, 17.07, 12.20 (largest remainder).
    expect(spreadDiscount(10000, [290000, 70000, 50000])).toEqual([7073, 1707, 1220]);
    const quote = expectSameAsBill(registered(KA), lines, 100, [
      290000 - 7073,
      70000 - 1707,
      50000 - 1220,
    ]);
    expect(quote.tax.taxable).toBeLessThan(4000);
  });

  it('a bill of supply charges no tax', () => {
    const unregistered: TaxSetting = { ...registered(KA), businessGstRegistered: false };
    const lines = [line({ price: 1000, quantity: 1 })];
    const quote = expectSameAsBill(unregistered, lines, 0, [100000]);
    expect(quoteTaxingOf(unregistered).kind).toBe('bill-of-supply');
    expect(quote.total).toBe(1000);
  });
});

describe('options and optional lines', () => {
  const setting = registered(KA);
  const common = line({ price: 1000, quantity: 1, gstRate: 18 });
  const good = line({ price: 10000, quantity: 1, option: 1 });
  const best = line({ price: 20000, quantity: 1, option: 2 });
  const extra = line({ price: 500, quantity: 2, optional: true });
  const quote = { lines: [common, good, best, extra], discount: 0, taxing: quoteTaxingOf(setting) };

  it('totals the chosen option and the common lines, not the other option', () => {
    expect(quoteTotals(quote, { option: 1, optionalLineIds: [] }).total).toBe(11000 * 1.18);
    expect(quoteTotals(quote, { option: 2, optionalLineIds: [] }).total).toBe(21000 * 1.18);
    expect(quoteTotals(quote, { option: 1, optionalLineIds: [] }).lines.map((l) => l._id)).toEqual([
      common._id,
      good._id,
    ]);
  });

  it('adds an optional line only when ticked', () => {
    expect(quoteTotals(quote, { option: 2, optionalLineIds: [extra._id] }).total).toBe(
      22000 * 1.18,
    );
    expect(quoteTotals(quote, { option: 2, optionalLineIds: ['not-a-line'] }).total).toBe(
      21000 * 1.18,
    );
  });

  it('spreads the whole discount over the included lines only', () => {
    const discounted = { ...quote, discount: 1100 };
    const chosen = quoteTotals(discounted, { option: 1, optionalLineIds: [] });
    expect(chosen.tax.taxable).toBe(9900);
    expect(chosen.lines.map((l) => l.taxable)).toEqual([900, 9000]);
  });

  it('never discounts below zero', () => {
    expect(spreadDiscount(500000, [1000, 3000])).toEqual([1000, 3000]);
    expect(spreadDiscount(100, [])).toEqual([]);
    expect(spreadDiscount(1, [1, 1, 1])).toEqual([1, 0, 0]);
  });
});

describe('numbers', () => {
  it('numbers per branch and year and marks revisions', async () => {
    const { formatQuotationNumber, quoteDisplayNumber } = await import('./quotation');
    expect(formatQuotationNumber('KOTH', '26-27', 1)).toBe('QKOTH/26-27/0001');
    expect(quoteDisplayNumber('QKOTH/26-27/0001', 1)).toBe('QKOTH/26-27/0001');
    expect(quoteDisplayNumber('QKOTH/26-27/0001', 2)).toBe('QKOTH/26-27/0001-R2');
    expect(quoteDisplayNumber(null, 3)).toBeNull();
  });
});
