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
  return `${visit}: ${list} ${covered.length === 1 ? 'is' : 'are'} billed at ₹0 on the Bill Summary.`;
}
