import { slaStateOf } from '@karya/domain/complaint-clock';
import type { ComplaintCoverage, WorkOrderSla } from '@karya/domain/complaint-schemas';
import type { SlaTuple } from './work-orders.queries';

/**
 * A complaint's response clock as its answer carries it (issue 37), its state read at `now`:
 * the instants were worked out when it opened, so this is a comparison, cheap for every row.
 */
export function workOrderSlaOf(
  clock: SlaTuple | null,
  now: Date = new Date(),
): WorkOrderSla | null {
  if (!clock) return null;
  const [dueAt, atRiskAt, startedAt, coverage, serialNumber] = clock;
  return {
    dueAt,
    atRiskAt,
    startedAt,
    state: slaStateOf({ dueAt, atRiskAt, startedAt }, now),
    coverage: coverage as ComplaintCoverage,
    serialNumber,
  };
}
