import { type TaxSetting, taxBill } from './bill-tax';
import { stateName } from './gst-states';
import { invoiceTotals, lineTax, percentToBasisPoints } from './gst-tax';
import type { BillTax } from './invoice-schemas';
import { toPaise, toRupees } from './money';
import type { QuoteLine, QuoteTaxing } from './quotation-schemas';

/**
 * A quotation's totals (issue 35, decision 049): the bill's own tax (lineTax, invoiceTotals,
 * the kind and split taxBill decides), so a quote accepted and billed unchanged asks the
 * same rupees. Rupees in and out, paise inside.
 */

/** The line fields a total needs; a QuoteLine has them all. */
export type QuoteTotalLine = Pick<
  QuoteLine,
  '_id' | 'quantity' | 'price' | 'discount' | 'gstRate' | 'priceIncludesTax' | 'optional' | 'option'
>;

export interface QuoteChoice {
  /** The option the customer picked; null with no options (or for the common lines only). */
  option: number | null;
  optionalLineIds: readonly string[];
}

export interface QuoteLineTotal {
  _id: string;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

export interface QuoteTotals {
  lines: QuoteLineTotal[];
  tax: BillTax;
  total: number;
}

/**
 * price × quantity − discount, in paise, as the catalogue prices it (tax included or not).
 * Rounded to the paisa because a quantity may be a fraction (90.5 m of cable); never below 0.
 */
export function quoteLineAmountPaise(line: Pick<QuoteLine, 'quantity' | 'price' | 'discount'>) {
  return Math.max(0, Math.round(toPaise(line.price) * line.quantity) - toPaise(line.discount));
}

/** How a quote is taxed under a bill's tax setting: the kind, the split and the place. */
export function quoteTaxingOf(setting: TaxSetting): QuoteTaxing {
  const { kind, intraState, placeOfSupply } = taxBill(setting, []);
  const name = stateName(placeOfSupply);
  return {
    kind,
    intraState,
    placeOfSupply: placeOfSupply && name ? { code: placeOfSupply, name } : null,
  };
}

/** Whether a line is in the total of this choice. */
export function quoteLineIncluded(line: QuoteTotalLine, choice: QuoteChoice): boolean {
  if (line.option !== null && line.option !== choice.option) return false;
  return !line.optional || choice.optionalLineIds.includes(line._id);
}

/**
 * A whole discount spread over amounts in proportion (largest remainder), so the shares add
 * up to the discount to the paisa. Never more than the amounts together.
 */
export function spreadDiscount(discountPaise: number, amountsPaise: readonly number[]): number[] {
  const sum = amountsPaise.reduce((a, b) => a + b, 0);
  const discount = Math.min(Math.max(0, discountPaise), sum);
  if (discount === 0 || sum === 0) return amountsPaise.map(() => 0);
  const whole = BigInt(discount);
  const total = BigInt(sum);
  const shares = amountsPaise.map((amount) => {
    const exact = whole * BigInt(amount);
    return { floor: exact / total, remainder: exact % total };
  });
  let left = whole - shares.reduce((a, s) => a + s.floor, 0n);
  const order = shares
    .map((share, index) => ({ index, remainder: share.remainder }))
    .sort((a, b) =>
      a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
    );
  const result = shares.map((s) => s.floor);
  for (const { index } of order) {
    if (left === 0n) break;
    result[index] = (result[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return result.map(Number);
}

/**
 * The total of one choice: the lines of the chosen option and the common ones, optional
 * lines only when ticked; the whole discount spread over them by amount before tax; each line
 * taxed as the bill taxes it; the total rounded to the rupee with a round-off, as bills are.
 */
export function quoteTotals(
  quote: { lines: readonly QuoteTotalLine[]; discount: number; taxing: QuoteTaxing },
  choice: QuoteChoice,
): QuoteTotals {
  const included = quote.lines.filter((line) => quoteLineIncluded(line, choice));
  const amounts = included.map(quoteLineAmountPaise);
  const shares = spreadDiscount(toPaise(quote.discount), amounts);
  const taxed = included.map((line, index) =>
    lineTax({
      amountPaise: (amounts[index] ?? 0) - (shares[index] ?? 0),
      rateBp:
        quote.taxing.kind === 'tax-invoice' && line.gstRate !== null
          ? percentToBasisPoints(line.gstRate)
          : null,
      priceIncludesTax: line.priceIncludesTax,
      intraState: quote.taxing.intraState,
    }),
  );
  const totals = invoiceTotals(taxed);
  return {
    lines: included.map((line, index) => {
      const tax = taxed[index];
      if (!tax) throw new Error('a quote line lost its tax');
      return {
        _id: line._id,
        taxable: toRupees(tax.taxablePaise),
        cgst: toRupees(tax.cgstPaise),
        sgst: toRupees(tax.sgstPaise),
        igst: toRupees(tax.igstPaise),
        total: toRupees(tax.totalPaise),
      };
    }),
    tax: {
      intraState: quote.taxing.intraState,
      placeOfSupply: quote.taxing.placeOfSupply,
      taxable: toRupees(totals.taxablePaise),
      cgst: toRupees(totals.cgstPaise),
      sgst: toRupees(totals.sgstPaise),
      igst: toRupees(totals.igstPaise),
      roundOff: toRupees(totals.roundOffPaise),
    },
    total: toRupees(totals.totalPaise),
  };
}

/**
 * The totals a quote answers with: one per option (its lines and the common ones, no
 * optional line), or one for the whole quote when it has no options.
 */
export function quoteOptionTotals(quote: {
  lines: readonly QuoteTotalLine[];
  discount: number;
  taxing: QuoteTaxing;
  options: readonly { option: number; name: string }[];
}): Array<{ option: number | null; name: string | null; tax: BillTax; total: number }> {
  const choices =
    quote.options.length > 0
      ? quote.options.map((o) => ({ option: o.option, name: o.name }))
      : [{ option: null, name: null }];
  return choices.map(({ option, name }) => {
    const { tax, total } = quoteTotals(quote, { option, optionalLineIds: [] });
    return { option, name, tax, total };
  });
}

/**
 * 'QKOTH/26-27/0001': `Q` and the branch's invoice prefix, its own series per branch and
 * financial year. Four digits at least, more past 9999 (a quote is not a tax document, so
 * Rule 46's sixteen characters do not bind it).
 */
export function formatQuotationNumber(prefix: string, fyLabel: string, n: number): string {
  return `Q${prefix}/${fyLabel}/${String(n).padStart(4, '0')}`;
}

/** The number a version shows: the number itself for version 1, '…/0001-R2' from 2 on. */
export function quoteDisplayNumber(number: string | null, version: number): string | null {
  if (number === null) return null;
  return version >= 2 ? `${number}-R${version}` : number;
}
