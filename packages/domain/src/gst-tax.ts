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
 * The tax of one bill line. With tax-inclusive prices (retail's default) the customer pays the
 * catalogue amount exactly and the tax is taken out of it; within a state CGST and SGST are
 * each rounded from the half rate, so the two heads are always equal, and taxable value is
 * what remains, so taxable + tax is the amount to the paisa.
 */
export function lineTax(input: LineTaxInput): LineTax {
  const { amountPaise, rateBp, priceIncludesTax, intraState } = input;
  if (!Number.isSafeInteger(amountPaise))
    throw new RangeError(`amountPaise must be whole paise: ${amountPaise}`);
  if (rateBp !== null && (!Number.isSafeInteger(rateBp) || rateBp < 0))
    throw new RangeError(`rateBp must be whole basis points: ${rateBp}`);

  if (rateBp === null || rateBp === 0) return line(amountPaise, 0, 0);

  if (priceIncludesTax) {
    if (intraState) {
      const half = share(amountPaise, rateBp, 2 * (10_000 + rateBp));
      return line(amountPaise - 2 * half, half, 0);
    }
    const igst = share(amountPaise, rateBp, 10_000 + rateBp);
    return line(amountPaise - igst, 0, igst);
  }
  if (intraState) return line(amountPaise, share(amountPaise, rateBp, 20_000), 0);
  return line(amountPaise, 0, share(amountPaise, rateBp, 10_000));
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
