import { describe, expect, it } from 'vitest';
import {
  basisPointsToPercent,
  DEFAULT_GST_RATES_PERCENT,
  formatRate,
  invoiceTotals,
  type LineTax,
  lineTax,
  percentToBasisPoints,
  roundToRupee,
} from './gst-tax';

describe('rates', () => {
  it('keeps rates as whole basis points', () => {
    expect(DEFAULT_GST_RATES_PERCENT.map(percentToBasisPoints)).toEqual([0, 500, 1200, 1800, 2800]);
    expect(percentToBasisPoints(0.25)).toBe(25);
    expect(percentToBasisPoints(3)).toBe(300);
    expect(percentToBasisPoints(0.29)).toBe(29);
    expect(basisPointsToPercent(1800)).toBe(18);
    expect(formatRate(1800)).toBe('18%');
    expect(formatRate(25)).toBe('0.25%');
    expect(formatRate(0)).toBe('0%');
    expect(() => percentToBasisPoints(-1)).toThrow(RangeError);
  });
});

describe('lineTax: worked examples', () => {
  it('takes 18 % out of ₹118.00 within a state and across states', () => {
    expect(
      lineTax({ amountPaise: 11800, rateBp: 1800, priceIncludesTax: true, intraState: true }),
    ).toEqual({
      taxablePaise: 10000,
      cgstPaise: 900,
      sgstPaise: 900,
      igstPaise: 0,
      taxPaise: 1800,
      totalPaise: 11800,
    });
    expect(
      lineTax({ amountPaise: 11800, rateBp: 1800, priceIncludesTax: true, intraState: false }),
    ).toEqual({
      taxablePaise: 10000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 1800,
      taxPaise: 1800,
      totalPaise: 11800,
    });
  });

  it('takes each head as its rate of the printed taxable value (issue 39 item 9)', () => {
    // ₹500 at 18 % within a state: 500 × 100 / 118 = 423.728…; 9 % of ₹423.73 is 38.1357 → 38.14
    // each, so a calculator agrees with the invoice. The old split printed ₹38.14 on ₹423.72,
    // whose 9 % is 38.13. No taxable value gives exactly ₹500 (₹423.72 gives 2 × 38.13 = 499.98),
    // so the line is ₹500.01 and the invoice's round off takes the paisa.
    expect(
      lineTax({ amountPaise: 50000, rateBp: 1800, priceIncludesTax: true, intraState: true }),
    ).toMatchObject({ taxablePaise: 42373, cgstPaise: 3814, sgstPaise: 3814, totalPaise: 50001 });
    expect(
      invoiceTotals([
        lineTax({ amountPaise: 50000, rateBp: 1800, priceIncludesTax: true, intraState: true }),
      ]),
    ).toMatchObject({ linesTotalPaise: 50001, roundOffPaise: -1, totalPaise: 50000 });
  });

  it('keeps the catalogue amount when a taxable value a paisa off the nearest gives it', () => {
    // ₹999.99 at 18 %: 999.99 × 100 / 118 = 847.449…; ₹847.45 × 9 % = 76.27 each → 999.99.
    expect(
      lineTax({ amountPaise: 99999, rateBp: 1800, priceIncludesTax: true, intraState: true }),
    ).toMatchObject({ taxablePaise: 84745, cgstPaise: 7627, sgstPaise: 7627, totalPaise: 99999 });
    expect(
      lineTax({ amountPaise: 99999, rateBp: 1800, priceIncludesTax: true, intraState: false }),
    ).toMatchObject({ taxablePaise: 84745, igstPaise: 15254, totalPaise: 99999 });
    // ₹40 at 5 % IGST: nearest 3809.52 → 3810 gives 190.5 → 191 (₹40.01); 3809 gives 190.45 →
    // 190, ₹39.99. Neither is ₹40, so the nearest stands.
    expect(
      lineTax({ amountPaise: 4000, rateBp: 500, priceIncludesTax: true, intraState: false }),
    ).toMatchObject({ taxablePaise: 3810, igstPaise: 191, totalPaise: 4001 });
  });

  it('adds tax on top of an exclusive price', () => {
    expect(
      lineTax({ amountPaise: 10000, rateBp: 2800, priceIncludesTax: false, intraState: true }),
    ).toEqual({
      taxablePaise: 10000,
      cgstPaise: 1400,
      sgstPaise: 1400,
      igstPaise: 0,
      taxPaise: 2800,
      totalPaise: 12800,
    });
  });

  it('rounds an exact half paisa away from zero', () => {
    // 20 × 2.5 % = 0.5 paise a half; 10 × 5 % = 0.5 paise of IGST.
    expect(
      lineTax({ amountPaise: 20, rateBp: 500, priceIncludesTax: false, intraState: true }),
    ).toMatchObject({ cgstPaise: 1, sgstPaise: 1, totalPaise: 22 });
    expect(
      lineTax({ amountPaise: 10, rateBp: 500, priceIncludesTax: false, intraState: false }),
    ).toMatchObject({ igstPaise: 1, totalPaise: 11 });
    // Inclusive: 105 paise at 5 % is taxable 100, whose 2.5 % is 2.5 paise a half → 3 each.
    expect(
      lineTax({ amountPaise: 105, rateBp: 500, priceIncludesTax: true, intraState: true }),
    ).toMatchObject({ taxablePaise: 100, cgstPaise: 3, sgstPaise: 3, totalPaise: 106 });
  });

  it('charges no tax when the rate is not set or is 0 %', () => {
    for (const rateBp of [null, 0])
      expect(
        lineTax({ amountPaise: 12345, rateBp, priceIncludesTax: false, intraState: false }),
      ).toEqual({
        taxablePaise: 12345,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 0,
        taxPaise: 0,
        totalPaise: 12345,
      });
  });

  it('has no float error on large amounts', () => {
    // ₹9,99,99,999.99 at 28 %: 9999999999 × 28 / 128 = 2187499999.78… → 2187500000.
    expect(
      lineTax({
        amountPaise: 9_999_999_999,
        rateBp: 2800,
        priceIncludesTax: true,
        intraState: false,
      }),
    ).toMatchObject({ igstPaise: 2_187_500_000, taxablePaise: 7_812_499_999 });
  });

  it('refuses fractional paise and rates', () => {
    expect(() =>
      lineTax({ amountPaise: 10.5, rateBp: 500, priceIncludesTax: true, intraState: true }),
    ).toThrow(RangeError);
    expect(() =>
      lineTax({ amountPaise: 10, rateBp: 2.5, priceIncludesTax: true, intraState: true }),
    ).toThrow(RangeError);
  });
});

describe('lineTax and invoiceTotals: a table that adds up to the paisa', () => {
  const rates = [0, 500, 1200, 1800, 2800, 25, 300];
  const prices = [1, 7, 99, 100, 333, 1001, 4999, 10001, 123457, 999999];
  const quantities = [1, 2, 3, 7, 40];

  for (const priceIncludesTax of [true, false])
    for (const intraState of [true, false])
      it(`${priceIncludesTax ? 'inclusive' : 'exclusive'}, ${intraState ? 'intra' : 'inter'}-state`, () => {
        const lines: LineTax[] = [];
        for (const rateBp of rates)
          for (const price of prices)
            for (const quantity of quantities) {
              const amountPaise = price * quantity;
              const t = lineTax({ amountPaise, rateBp, priceIncludesTax, intraState });
              const where = `${rateBp}bp ${price}×${quantity}`;
              expect(t.taxablePaise + t.cgstPaise + t.sgstPaise + t.igstPaise, where).toBe(
                t.totalPaise,
              );
              expect(t.cgstPaise + t.sgstPaise + t.igstPaise, where).toBe(t.taxPaise);
              expect(t.cgstPaise, where).toBe(t.sgstPaise);
              if (intraState) expect(t.igstPaise, where).toBe(0);
              else expect(t.cgstPaise, where).toBe(0);
              // An inclusive line is the catalogue amount, or a paisa off it for the round off.
              if (priceIncludesTax)
                expect(Math.abs(t.totalPaise - amountPaise), where).toBeLessThanOrEqual(1);
              else expect(t.taxablePaise, where).toBe(amountPaise);
              // Each head is within half a paisa of its rate of the printed taxable value.
              const headRate = intraState ? rateBp / 2 : rateBp;
              const head = intraState ? t.cgstPaise : t.igstPaise;
              expect(
                Math.abs(head - (t.taxablePaise * headRate) / 10_000),
                where,
              ).toBeLessThanOrEqual(0.5);
              expect(t.taxablePaise, where).toBeGreaterThanOrEqual(0);
              lines.push(t);
            }

        const totals = invoiceTotals(lines);
        const sum = (pick: (l: LineTax) => number) => lines.reduce((s, l) => s + pick(l), 0);
        expect(totals.taxablePaise).toBe(sum((l) => l.taxablePaise));
        expect(totals.cgstPaise).toBe(sum((l) => l.cgstPaise));
        expect(totals.sgstPaise).toBe(sum((l) => l.sgstPaise));
        expect(totals.igstPaise).toBe(sum((l) => l.igstPaise));
        expect(totals.linesTotalPaise).toBe(sum((l) => l.totalPaise));
        expect(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise + totals.igstPaise).toBe(
          totals.linesTotalPaise,
        );
        expect(totals.totalPaise % 100).toBe(0);
        expect(totals.linesTotalPaise + totals.roundOffPaise).toBe(totals.totalPaise);
        expect(totals.roundOffPaise).toBeGreaterThanOrEqual(-49);
        expect(totals.roundOffPaise).toBeLessThanOrEqual(50);
      });
});

describe('invoiceTotals: round off to the rupee', () => {
  const only = (totalPaise: number) =>
    invoiceTotals([
      {
        taxablePaise: totalPaise,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 0,
        taxPaise: 0,
        totalPaise,
      },
    ]);

  it('rounds 50 paise up and 49 down, with the round-off line signed', () => {
    expect(only(105050)).toMatchObject({ totalPaise: 105100, roundOffPaise: 50 });
    expect(only(105049)).toMatchObject({ totalPaise: 105000, roundOffPaise: -49 });
    expect(only(105000)).toMatchObject({ totalPaise: 105000, roundOffPaise: 0 });
    expect(only(0)).toMatchObject({ totalPaise: 0, roundOffPaise: 0 });
  });

  it('adds a two-line bill, one intra-state line per rate', () => {
    const lines = [
      lineTax({ amountPaise: 249900, rateBp: 1800, priceIncludesTax: true, intraState: true }),
      lineTax({ amountPaise: 35050, rateBp: 500, priceIncludesTax: true, intraState: true }),
    ];
    const totals = invoiceTotals(lines);
    expect(totals.linesTotalPaise).toBe(284950);
    expect(totals.totalPaise).toBe(285000);
    expect(totals.roundOffPaise).toBe(50);
    expect(totals.cgstPaise).toBe(totals.sgstPaise);
  });

  it('rounds a negative amount (a credit) symmetrically', () => {
    expect(roundToRupee(-150)).toBe(-200);
    expect(roundToRupee(-149)).toBe(-100);
  });
});
