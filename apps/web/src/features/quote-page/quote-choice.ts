import { buildUpiDueLink } from '@karya/domain/dues';
import { toPaise } from '@karya/domain/money';
import { type QuoteChoice, quoteLineIncluded, quoteTotals } from '@karya/domain/quotation';
import type { PublicQuote } from '@karya/domain/quotation-schemas';
import { quoteDisplayNumber } from '../../shared/quote-number';

/**
 * What the customer's page works out from the quote and their choice (issue 35): which lines
 * it shows, the total of what they picked and ticked (the bill's own tax, quoteTotals), what
 * they may still do, and the advance they may pay.
 */

export type PublicLine = PublicQuote['lines'][number];

/** 'QKOTH/26-27/0001', or '…-R2' from the second version on, as the desk names it. */
export function quoteNumberOf(quote: Pick<PublicQuote, 'number' | 'version'>): string {
  return quoteDisplayNumber(quote.number, quote.version);
}

/** The page opens on the first option (or none without options) and no optional line ticked. */
export function initialChoice(quote: Pick<PublicQuote, 'options' | 'acceptance'>): QuoteChoice {
  if (quote.acceptance) {
    return {
      option: quote.acceptance.option,
      optionalLineIds: [...quote.acceptance.optionalLineIds],
    };
  }
  return { option: quote.options[0]?.option ?? null, optionalLineIds: [] };
}

/** The lines of the chosen option and the common ones, without the optional extras. */
export function chosenLines(quote: Pick<PublicQuote, 'lines'>, choice: QuoteChoice): PublicLine[] {
  return quote.lines.filter((line) => !line.optional && quoteLineIncluded(line, choice));
}

/** The optional lines the customer may tick under this option (its own and the common ones). */
export function optionalLines(
  quote: Pick<PublicQuote, 'lines'>,
  choice: Pick<QuoteChoice, 'option'>,
): PublicLine[] {
  return quote.lines.filter(
    (line) => line.optional && (line.option === null || line.option === choice.option),
  );
}

/**
 * Another option: ticks of lines that belong to the option left behind are dropped, so the
 * total (and what is sent) never counts a line the customer can no longer see.
 */
export function chooseOption(
  quote: Pick<PublicQuote, 'lines'>,
  choice: QuoteChoice,
  option: number,
): QuoteChoice {
  const visible = new Set(optionalLines(quote, { option }).map((line) => line._id));
  return { option, optionalLineIds: choice.optionalLineIds.filter((id) => visible.has(id)) };
}

export function toggleOptional(choice: QuoteChoice, lineId: string, ticked: boolean): QuoteChoice {
  const others = choice.optionalLineIds.filter((id) => id !== lineId);
  return { ...choice, optionalLineIds: ticked ? [...others, lineId] : others };
}

/** The total of the choice, taxed as the bill will be. */
export function choiceTotals(
  quote: Pick<PublicQuote, 'lines' | 'discount' | 'taxing'>,
  choice: QuoteChoice,
) {
  return quoteTotals(quote, choice);
}

/** What the page offers: answering the quote, or reading what became of it. */
export type QuoteStanding = 'open' | 'accepted' | 'declined' | 'expired';

export function standingOf(quote: Pick<PublicQuote, 'status' | 'acceptance'>): QuoteStanding {
  if (quote.acceptance || quote.status === 'accepted') return 'accepted';
  if (quote.status === 'declined') return 'declined';
  if (quote.status === 'expired') return 'expired';
  return 'open';
}

/** The accept request: the option only where there are options, the ticks as they stand. */
export function acceptBody(
  quote: Pick<PublicQuote, 'options' | 'version'>,
  choice: QuoteChoice,
  name: string,
  signature: string | null,
) {
  return {
    name: name.trim(),
    ...(quote.options.length > 0 && choice.option !== null ? { option: choice.option } : {}),
    optionalLineIds: choice.optionalLineIds,
    ...(signature ? { signature } : {}),
    version: quote.version,
  };
}
export type AcceptBody = ReturnType<typeof acceptBody>;

/** The advance asked for, in paise: the percent of the accepted total, to the paisa. */
export function advancePaise(totalRupees: number, percent: number): number {
  return Math.round((toPaise(totalRupees) * percent) / 100);
}

/**
 * The upi://pay link for exactly the advance, noted with the quote's number so the shop can
 * match the payment; null where the branch takes no UPI or nothing is to be paid.
 */
export function advanceLink(
  quote: Pick<PublicQuote, 'upiPayee' | 'acceptance' | 'advancePercent' | 'number' | 'version'>,
): { amountPaise: number; link: string } | null {
  if (!quote.upiPayee || !quote.acceptance || quote.advancePercent <= 0) return null;
  const amountPaise = advancePaise(quote.acceptance.total, quote.advancePercent);
  if (amountPaise <= 0) return null;
  return {
    amountPaise,
    link: buildUpiDueLink({
      vpa: quote.upiPayee.vpa,
      name: quote.upiPayee.name,
      amountPaise,
      note: `Advance ${quoteNumberOf(quote)}`,
    }),
  };
}
