import type { AmcOrderCoverage } from '@karya/domain/amc-schemas';

/**
 * What a maintenance visit's bill says before the server prices it (issue 23): the contract and
 * what it covers when known, else (no signal, not read yet) that covered lines come to ₹0.
 */
export function maintenanceBillNote(coverage: AmcOrderCoverage | undefined): string {
  if (!coverage) {
    return 'A maintenance contract visit: the labour and parts the contract covers are billed at ₹0 on the Bill Summary.';
  }
  const covered = [
    ...(coverage.labourCovered ? ['labour'] : []),
    ...coverage.coveredItems.map((item) => item.name),
  ];
  const visit = `Visit ${coverage.visitNumber} of ${coverage.visitsPerTerm} under maintenance contract ${coverage.contractNumber}`;
  if (covered.length === 0) return `${visit}: it covers nothing on this bill.`;
  const list =
    covered.length === 1
      ? covered[0]
      : `${covered.slice(0, -1).join(', ')} and ${covered[covered.length - 1]}`;
  return `${visit}: ${list} ${covered.length === 1 ? 'is' : 'are'} billed at ₹0.`;
}

/**
 * The technician's van stock as a maintenance visit's bill prices it (issue 23): the contract's
 * covered parts and, when it covers labour, every service at ₹0, as the server's
 * coveredUnitPrice does, so Select Items, its total and a bill worked out with no signal show
 * what the customer will be charged. Unknown coverage (not read yet): the catalogue's prices.
 */
export function contractPricedItems<
  Item extends { itemId: string; type: string; salePrice: number },
>(items: readonly Item[], coverage: AmcOrderCoverage | null | undefined): readonly Item[] {
  if (!coverage) return items;
  const covered = new Set(coverage.coveredItems.map((item) => item.itemId));
  return items.map((item) =>
    (item.type === 'service' ? coverage.labourCovered : covered.has(item.itemId))
      ? { ...item, salePrice: 0 }
      : item,
  );
}
