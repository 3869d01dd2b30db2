import { describe, expect, it } from 'vitest';
import { placeOfSupplyOf, taxSplitRows } from './bill-tax-split';
import { IGST_BILL, INTRA_STATE_BILL, LEGACY_BILL } from './test-bills';

describe("the Bill Summary's tax split, before payment (issue 19)", () => {
  it('shows IGST with its rate for a customer in another state, and the round-off', () => {
    expect(taxSplitRows(IGST_BILL)).toEqual([
      { key: 'taxable', label: 'Taxable value', amount: '₹2,537.50' },
      { key: 'igst', label: 'IGST @ 18%', amount: '₹450.00' },
      { key: 'round-off', label: 'Round off', amount: '₹0.50' },
    ]);
    expect(placeOfSupplyOf(IGST_BILL)).toBe('Karnataka (29)');
  });

  it('shows CGST and SGST at half the rate each within the state', () => {
    expect(taxSplitRows(INTRA_STATE_BILL).map((row) => [row.label, row.amount])).toEqual([
      ['Taxable value', '₹2,537.50'],
      ['CGST @ 9%', '₹225.00'],
      ['SGST @ 9%', '₹225.00'],
      ['Round off', '₹0.50'],
    ]);
  });

  it('lists every rate when lines are taxed differently, and a negative round-off', () => {
    const [camera, cable] = IGST_BILL.items;
    if (!camera || !cable) throw new Error('lines missing');
    const bill = {
      ...IGST_BILL,
      items: [camera, { ...cable, gstRate: 5, igst: 1.79 }],
      tax: { ...IGST_BILL.tax, igst: 451.79, roundOff: -0.29 },
    };
    expect(taxSplitRows(bill).slice(1)).toEqual([
      { key: 'igst', label: 'IGST @ 5%, 18%', amount: '₹451.79' },
      { key: 'round-off', label: 'Round off', amount: '-₹0.29' },
    ]);
  });

  it('shows no tax rows on a bill that charges none', () => {
    expect(taxSplitRows(LEGACY_BILL)).toEqual([]);
    expect(placeOfSupplyOf(LEGACY_BILL)).toBeNull();
  });
});
