import { describe, expect, it } from 'vitest';
import { creditNoteReversal } from './credit-note';
import { formatCreditNoteNumber, formatRefundVoucherNumber } from './financial-year';
import { invoiceTotals, lineTax } from './gst-tax';

const camera = { pricePaise: 1_180_000, quantity: 1, gstRateBp: 1800, priceIncludesTax: true };
const cable = { pricePaise: 9_999, quantity: 3, gstRateBp: 1800, priceIncludesTax: false };
const unrated = { pricePaise: 50_000, quantity: 2, gstRateBp: null, priceIncludesTax: true };

describe('creditNoteReversal', () => {
  it('takes back each head of each line within the state: CGST and SGST, no IGST', () => {
    const { lines, totals } = creditNoteReversal([camera, cable, unrated], true);
    expect(lines[0]).toMatchObject({
      taxablePaise: 1_000_000,
      cgstPaise: 90_000,
      sgstPaise: 90_000,
      igstPaise: 0,
    });
    // 3 m at ₹99.99 before tax: ₹299.97 taxable, 9 % of it each way.
    expect(lines[1]).toMatchObject({ taxablePaise: 29_997, cgstPaise: 2_700, sgstPaise: 2_700 });
    expect(lines[2]).toMatchObject({ taxablePaise: 100_000, cgstPaise: 0, igstPaise: 0 });
    expect(totals).toMatchObject({
      taxablePaise: 1_129_997,
      cgstPaise: 92_700,
      sgstPaise: 92_700,
      igstPaise: 0,
    });
    // The customer was asked for the rounded total; the note gives back exactly that.
    expect(totals.totalPaise).toBe(1_315_400);
    expect(totals.roundOffPaise).toBe(totals.totalPaise - totals.linesTotalPaise);
  });

  it('takes back IGST alone on an inter-state invoice', () => {
    const { lines, totals } = creditNoteReversal([camera], false);
    expect(lines[0]).toMatchObject({
      taxablePaise: 1_000_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 180_000,
    });
    expect(totals.totalPaise).toBe(1_180_000);
  });

  it('is what the one tax function charged for the same lines, head by head', () => {
    const invoiced = [camera, cable, unrated].map((line) =>
      lineTax({
        amountPaise: line.pricePaise * line.quantity,
        rateBp: line.gstRateBp,
        priceIncludesTax: line.priceIncludesTax,
        intraState: true,
      }),
    );
    const reversal = creditNoteReversal([camera, cable, unrated], true);
    expect(reversal.lines).toEqual(invoiced);
    expect(reversal.totals).toEqual(invoiceTotals(invoiced));
  });

  it('gives back what the invoice printed when the tax function now works a line out apart', () => {
    const service = { pricePaise: 50_000, quantity: 1, gstRateBp: 1800, priceIncludesTax: true };
    const worked = creditNoteReversal([service], true).lines[0];
    // Heads an older rounding printed: a paisa moved from the taxable value to each tax head.
    const printed = {
      taxablePaise: (worked?.taxablePaise ?? 0) - 2,
      cgstPaise: (worked?.cgstPaise ?? 0) + 1,
      sgstPaise: (worked?.sgstPaise ?? 0) + 1,
      igstPaise: 0,
    };
    const { lines, totals } = creditNoteReversal([{ ...service, printed }], true);
    expect(lines[0]).toMatchObject({ ...printed, totalPaise: worked?.totalPaise });
    expect(totals.totalPaise).toBe(50_000);
    // Printed heads that agree change nothing.
    expect(creditNoteReversal([{ ...service, printed: worked }], true).lines[0]).toEqual(worked);
  });
});

describe('credit note and refund voucher numbers', () => {
  it('run in series of their own within Rule 53’s sixteen characters', () => {
    expect(formatCreditNoteNumber('PUNE', '26-27', 1)).toBe('CPUNE/26-27/0001');
    expect(formatCreditNoteNumber('PUNE', '26-27', 9_999)).toHaveLength(16);
    expect(() => formatCreditNoteNumber('PUNE', '26-27', 10_000)).toThrow();
    expect(formatRefundVoucherNumber('KOTH', '26-27', 12)).toBe('VKOTH/26-27/0012');
  });
});
