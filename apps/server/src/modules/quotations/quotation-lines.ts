import { randomUUID } from 'node:crypto';
import { isStateCode } from '@karya/domain/gst-states';
import { toPaise, toRupees } from '@karya/domain/money';
import { quoteLineAmountPaise } from '@karya/domain/quotation';
import {
  QUOTE_MESSAGES,
  type QuoteLine,
  type QuoteLineInput,
  type QuoteOption,
} from '@karya/domain/quotation-schemas';
import type { Tx } from '../../db/client';
import { badRequest } from '../../http/errors';
import { findItemRow } from '../inventory';

/** A line's own _id: the builder's when it is one we could have made, else a new one. */
const LINE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The lines of a version from the builder's input: a catalogue line copies the item's name,
 * unit, HSN/SAC, rate and sale price now (a given price overrides the sale price); a free line
 * gives its own. Never the purchase price. Each line keeps its _id across edits, so the
 * customer's ticks and the planned items can name it.
 */
export async function resolveQuoteLines(
  tx: Tx,
  inputs: readonly QuoteLineInput[],
  options: readonly QuoteOption[],
): Promise<QuoteLine[]> {
  const optionNumbers = new Set(options.map((o) => o.option));
  const seen = new Set<string>();
  const lines: QuoteLine[] = [];
  for (const input of inputs) {
    const option = input.option ?? null;
    if (option !== null && !optionNumbers.has(option))
      throw badRequest(QUOTE_MESSAGES.optionUnknown);
    const id =
      input._id && LINE_ID.test(input._id) && !seen.has(input._id) ? input._id : randomUUID();
    seen.add(id);
    const quantity = input.quantity;
    const discount = input.discount ?? 0;
    let line: QuoteLine;
    if (input.itemId) {
      const item = await findItemRow(tx, input.itemId);
      if (!item) throw badRequest(QUOTE_MESSAGES.itemNotFound);
      const price = input.price ?? toRupees(item.salePricePaise);
      line = {
        _id: id,
        itemId: item.code,
        itemObjectId: item.id,
        name: item.name,
        type: item.type,
        unit: item.type === 'service' ? 'Service' : item.unit || 'Piece',
        hsnSac: item.hsnSac,
        gstRate: item.gstRateBp === null ? null : item.gstRateBp / 100,
        priceIncludesTax: item.priceIncludesTax,
        quantity,
        price,
        discount,
        optional: input.optional ?? false,
        option,
        amount: 0,
      };
    } else {
      const name = input.name?.trim();
      if (!name) throw badRequest(QUOTE_MESSAGES.freeLineNameRequired);
      line = {
        _id: id,
        itemId: null,
        itemObjectId: null,
        name,
        type: 'custom',
        unit: input.unit?.trim() || 'Piece',
        hsnSac: input.hsnSac?.trim() || null,
        gstRate: input.gstRate ?? null,
        priceIncludesTax: input.priceIncludesTax ?? true,
        quantity,
        price: input.price ?? 0,
        discount,
        optional: input.optional ?? false,
        option,
        amount: 0,
      };
    }
    if (toPaise(discount) > Math.round(toPaise(line.price) * quantity))
      throw badRequest(QUOTE_MESSAGES.discountOverAmount);
    line.amount = toRupees(quoteLineAmountPaise(line));
    lines.push(line);
  }
  return lines;
}

/** Options numbered once each; the builder's names. */
export function checkOptions(options: readonly QuoteOption[]): void {
  const numbers = new Set(options.map((o) => o.option));
  if (numbers.size !== options.length) throw badRequest(QUOTE_MESSAGES.optionUnknown);
}

/**
 * The whole discount may not be more than the smallest total it could come off: the amounts
 * of the common lines and the cheapest option's (no optional line ticked).
 */
export function checkWholeDiscount(
  lines: readonly QuoteLine[],
  options: readonly QuoteOption[],
  discount: number,
): void {
  const amountOf = (option: number | null) =>
    lines
      .filter((l) => !l.optional && (l.option === null || l.option === option))
      .reduce((sum, l) => sum + quoteLineAmountPaise(l), 0);
  const smallest =
    options.length > 0 ? Math.min(...options.map((o) => amountOf(o.option))) : amountOf(null);
  if (toPaise(discount) > smallest) throw badRequest(QUOTE_MESSAGES.discountOverAmount);
}

export function checkSiteState(code: string | null | undefined): void {
  if (code !== null && code !== undefined && !isStateCode(code))
    throw badRequest('Please choose a valid state');
}
