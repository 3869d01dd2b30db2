import type { Tx } from '../../db/client';

/**
 * What a maintenance contract covers on one order (issue 23, decision 035): its labour (the
 * services billed) and the listed parts. A covered line is priced at ₹0 on the bill; its
 * stock still moves on the ledger when the bill is confirmed, so the owner sees the
 * contract's true cost. Handed in by app.ts from the amc module, so billing imports none.
 */
export interface OrderCoverage {
  contractNumber: string;
  labour: boolean;
  itemIds: ReadonlySet<string>;
}

export type CoverageOf = (tx: Tx, workOrderId: string) => Promise<OrderCoverage | null>;

export const noCoverage: CoverageOf = async () => null;

/** The unit price a bill line takes: the catalogue's, or 0 when the contract covers it. */
export function coveredUnitPrice(
  coverage: OrderCoverage | null,
  item: { id: string; type: string; salePricePaise: number },
): number {
  if (!coverage) return item.salePricePaise;
  const covered = item.type === 'service' ? coverage.labour : coverage.itemIds.has(item.id);
  return covered ? 0 : item.salePricePaise;
}
