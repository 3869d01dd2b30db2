import type { Bill } from '@karya/domain/bill-schemas';
import { formatRupees, toPaise } from '@karya/domain/money';
import { percentLabel, stateLabel } from './tax-labels';

/** One row of the Bill Summary's tax split; amounts formatted. */
export interface TaxSplitRow {
  key: 'taxable' | 'cgst' | 'sgst' | 'igst' | 'round-off';
  label: string;
  amount: string;
}

/** '@ 9%', or '@ 5%, 18%' when lines are taxed at different rates. */
function ratesOf(bill: Bill, head: 'cgst' | 'sgst' | 'igst', share: number): string {
  const rates = [
    ...new Set(
      bill.items.flatMap((line) =>
        line[head] > 0 && line.gstRate !== null ? [line.gstRate * share] : [],
      ),
    ),
  ].sort((a, b) => a - b);
  return rates.length > 0 ? ` @ ${rates.map(percentLabel).join(', ')}` : '';
}

/**
 * The tax split the technician shows before payment (issue 19), from the bill the server
 * made: taxable value, CGST + SGST or IGST with their rates, and the round-off to the rupee.
 * A bill that charges no tax (a bill of supply, or no rates set) shows only the round-off.
 */
export function taxSplitRows(bill: Bill): TaxSplitRow[] {
  const { tax } = bill;
  const money = (rupees: number) => formatRupees(toPaise(rupees));
  const rows: TaxSplitRow[] = [];
  if (tax.cgst + tax.sgst + tax.igst > 0) {
    rows.push({ key: 'taxable', label: 'Taxable value', amount: money(tax.taxable) });
    if (tax.intraState) {
      rows.push({
        key: 'cgst',
        label: `CGST${ratesOf(bill, 'cgst', 0.5)}`,
        amount: money(tax.cgst),
      });
      rows.push({
        key: 'sgst',
        label: `SGST${ratesOf(bill, 'sgst', 0.5)}`,
        amount: money(tax.sgst),
      });
    } else
      rows.push({ key: 'igst', label: `IGST${ratesOf(bill, 'igst', 1)}`, amount: money(tax.igst) });
  }
  if (tax.roundOff !== 0) {
    const paise = toPaise(tax.roundOff);
    rows.push({
      key: 'round-off',
      label: 'Round off',
      amount: paise < 0 ? `-${formatRupees(-paise)}` : formatRupees(paise),
    });
  }
  return rows;
}

/** 'Karnataka (29)', or null while the bill has no place of supply. */
export const placeOfSupplyOf = (bill: Bill): string | null =>
  bill.tax.placeOfSupply ? stateLabel(bill.tax.placeOfSupply) : null;
