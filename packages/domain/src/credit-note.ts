import { type InvoiceTotals, invoiceTotals, type LineTax, lineTax } from './gst-tax';

/**
 * The credit note that takes back a cancelled Tax Invoice (CGST Act section 34, decision 041):
 * every line of the invoice, its taxable value and each tax head reversed. Each line is taxed
 * again by the one tax function, lineTax, from what the invoice charged for it (price ×
 * quantity, its rate, tax included or not, within the state or not), and the totals by
 * invoiceTotals, so the note reverses exactly what an invoice of those lines prints.
 */

export interface InvoicedLine {
  /** The unit price as billed, in paise: tax included or not per priceIncludesTax. */
  pricePaise: number;
  quantity: number;
  /** The rate charged; null: not set, no tax. */
  gstRateBp: number | null;
  priceIncludesTax: boolean;
  /**
   * The heads the invoice printed for the line. A credit note gives back what was charged:
   * should the tax function's rounding have changed since the invoice was issued, so that it
   * now works out a paisa apart, the printed heads are taken back instead.
   */
  printed?: { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number };
}

export interface CreditNoteReversal {
  /** Per invoice line, in its order: the amounts taken back (positive). */
  lines: LineTax[];
  totals: InvoiceTotals;
}

export function creditNoteReversal(
  lines: readonly InvoicedLine[],
  intraState: boolean,
): CreditNoteReversal {
  const reversed = lines.map((line) => {
    const worked = lineTax({
      amountPaise: line.pricePaise * line.quantity,
      rateBp: line.gstRateBp,
      priceIncludesTax: line.priceIncludesTax,
      intraState,
    });
    const { printed } = line;
    if (!printed || sameHeads(worked, printed)) return worked;
    const taxPaise = printed.cgstPaise + printed.sgstPaise + printed.igstPaise;
    return { ...printed, taxPaise, totalPaise: printed.taxablePaise + taxPaise };
  });
  return { lines: reversed, totals: invoiceTotals(reversed) };
}

function sameHeads(
  a: NonNullable<InvoicedLine['printed']>,
  b: NonNullable<InvoicedLine['printed']>,
) {
  return (
    a.taxablePaise === b.taxablePaise &&
    a.cgstPaise === b.cgstPaise &&
    a.sgstPaise === b.sgstPaise &&
    a.igstPaise === b.igstPaise
  );
}
