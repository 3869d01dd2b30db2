/**
 * GST on a bill: rates in basis points (1800 = 18 %) so that 0.25 % or 3 % stay integers, and
 * every amount in integer paise, divided with BigInt so no float ever decides a paisa.
 */

/**
 * The seed of the rate list (issue 19); the live list is a database table the server owns.
 * Note: from 22 September 2025 the GST Council moved most goods to 5 % and 18 % and added a
 * 40 % rate; 12 % and 28 % remain for few goods. The table, not this seed, follows the law.
 */
export const DEFAULT_GST_RATES_PERCENT: readonly number[] = [0, 5, 12, 18, 28];

export function percentToBasisPoints(percent: number): number {
  const bp = Math.round(percent * 100);
  if (!Number.isFinite(percent) || bp < 0) throw new RangeError(`Not a GST rate: ${percent}`);
  return bp;
}

export function basisPointsToPercent(bp: number): number {
  return bp / 100;
}

/** '18%', '0.25%', '12.5%'. */
export function formatRate(bp: number): string {
  return `${basisPointsToPercent(bp)}%`;
}

/** n / d rounded half away from zero, d > 0: the rounding printed invoices use. */
function roundDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < d) return q;
  return n < 0n ? q - 1n : q + 1n;
}

/** round(amount × rateBp / divisor) in exact integers. */
function share(amountPaise: number, rateBp: number, divisor: number): number {
  return Number(roundDiv(BigInt(amountPaise) * BigInt(rateBp), BigInt(divisor)));
}

export interface LineTaxInput {
  /** price × quantity as the catalogue says: tax-inclusive or not per priceIncludesTax. */
  amountPaise: number;
  /** null: the item's rate is not set yet, so the line carries no tax. */
  rateBp: number | null;
  priceIncludesTax: boolean;
  intraState: boolean;
}

export interface LineTax {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** cgst + sgst + igst. */
  taxPaise: number;
  /** taxable + tax, to the paisa. */
  totalPaise: number;
}

/**
 * The tax of one bill line. Every head is its rate of the printed taxable value, rounded to the
 * paisa, so anyone checking the invoice with a calculator gets the same CGST, SGST or IGST
 * (issue 39 item 9; decision 044). With tax-inclusive prices (retail's default) the taxable
 * value is worked back out of the catalogue amount first, amount × 100 / (100 + rate), and the
 * heads are then taken from it exactly as for an exclusive price. Of the taxable values within
 * a paisa of that, one whose tax makes the line the catalogue amount exactly is taken; often
 * none does (₹500 at 18 %: ₹423.72 gives 2 × ₹38.13, ₹423.73 gives 2 × ₹38.14), and then the
 * line is a paisa or two off the catalogue amount. That lands in one place, the invoice's
 * 'Round off', since the invoice total is rounded to the rupee anyway.
 */
export function lineTax(input: LineTaxInput): LineTax {
  const { amountPaise, rateBp, priceIncludesTax, intraState } = input;
  if (!Number.isSafeInteger(amountPaise))
    throw new RangeError(`amountPaise must be whole paise: ${amountPaise}`);
  if (rateBp !== null && (!Number.isSafeInteger(rateBp) || rateBp < 0))
    throw new RangeError(`rateBp must be whole basis points: ${rateBp}`);

  if (rateBp === null || rateBp === 0) return line(amountPaise, 0, 0);

  if (!priceIncludesTax) return taxedOn(amountPaise, rateBp, intraState);
  // The nearest taxable value, or a paisa either side of it when that one's tax brings the line
  // back to the catalogue amount exactly; when none does, the nearest.
  const nearest = share(amountPaise, 10_000, 10_000 + rateBp);
  for (const taxablePaise of [nearest, nearest - 1, nearest + 1]) {
    const taxed = taxedOn(taxablePaise, rateBp, intraState);
    if (taxed.totalPaise === amountPaise && taxablePaise >= 0) return taxed;
  }
  return taxedOn(nearest, rateBp, intraState);
}

/** Tax on a taxable value: each head its rate of it, rounded half away from zero. */
function taxedOn(taxablePaise: number, rateBp: number, intraState: boolean): LineTax {
  if (intraState) return line(taxablePaise, share(taxablePaise, rateBp, 20_000), 0);
  return line(taxablePaise, 0, share(taxablePaise, rateBp, 10_000));
}

function line(taxablePaise: number, halfPaise: number, igstPaise: number): LineTax {
  const taxPaise = 2 * halfPaise + igstPaise;
  return {
    taxablePaise,
    cgstPaise: halfPaise,
    sgstPaise: halfPaise,
    igstPaise,
    taxPaise,
    totalPaise: taxablePaise + taxPaise,
  };
}

export interface InvoiceTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** The lines' totals added up, to the paisa. */
  linesTotalPaise: number;
  /** totalPaise − linesTotalPaise: the 'Round off' line, between −49 and +50 paise. */
  roundOffPaise: number;
  /** What the invoice asks for: the lines' total to the nearest rupee, 50 paise going up. */
  totalPaise: number;
}

/** The invoice's sums: each head added from its lines (never re-taxed on the total). */
export function invoiceTotals(lines: readonly LineTax[]): InvoiceTotals {
  let taxablePaise = 0;
  let cgstPaise = 0;
  let sgstPaise = 0;
  let igstPaise = 0;
  let linesTotalPaise = 0;
  for (const l of lines) {
    taxablePaise += l.taxablePaise;
    cgstPaise += l.cgstPaise;
    sgstPaise += l.sgstPaise;
    igstPaise += l.igstPaise;
    linesTotalPaise += l.totalPaise;
  }
  const totalPaise = roundToRupee(linesTotalPaise);
  return {
    taxablePaise,
    cgstPaise,
    sgstPaise,
    igstPaise,
    linesTotalPaise,
    roundOffPaise: totalPaise - linesTotalPaise,
    totalPaise,
  };
}

/** Paise to the nearest rupee, half away from zero (₹10.50 → ₹11). */
export function roundToRupee(paise: number): number {
  return Number(roundDiv(BigInt(paise), 100n)) * 100;
}
