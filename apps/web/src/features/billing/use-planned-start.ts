import type { TechnicianInventoryItem } from '@karya/domain/inventory-answers';
import { useMemo } from 'react';
import { usePlannedItems } from '../../shared/planned-items';
import { quoteDisplayNumber } from '../../shared/quote-number';
import {
  type BillPlan,
  billPlanOf,
  linesFromPlanned,
  type PlannedStart,
} from './planned-bill-lines';

export interface PlannedBill {
  /** The lines the bill starts with, once both the plan and the van stock are read. */
  start: PlannedStart | null;
  /** 'QKOTH/26-27/0001' (or '…-R2'): the quotation the order came from; null for none. */
  quoteNumber: string | null;
  planned: ReturnType<typeof usePlannedItems>['data'];
  /** The planned units at the quoted prices, by which the lines are priced. */
  plan: BillPlan;
}

/**
 * The order's planned items (issue 35) as the bill's first lines. Nothing until the van stock
 * is read, since what is held decides the generic quantities; nothing for an order without.
 */
export function usePlannedStart(
  orderId: string,
  items: readonly TechnicianInventoryItem[],
  stockRead: boolean,
): PlannedBill {
  const planned = usePlannedItems(orderId).data;
  const start = useMemo(
    () =>
      planned && planned.items.length > 0 && stockRead
        ? linesFromPlanned(planned.items, items)
        : null,
    [planned, items, stockRead],
  );
  const plan = useMemo(() => billPlanOf(planned?.items), [planned]);
  const quote = planned?.quotation ?? null;
  return {
    start,
    quoteNumber: quote ? quoteDisplayNumber(quote.number, quote.version) : null,
    planned,
    plan,
  };
}
