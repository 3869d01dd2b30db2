import { atRiskAtOf, dueAtOf } from '@karya/domain/complaint-clock';
import type { ComplaintCoverage, ComplaintSource } from '@karya/domain/complaint-schemas';
import type { Tx } from '../../db/client';
import { complaintClocks } from '../../db/complaints-schema';
import { readWorkingHours } from '../schedule';
import { coverageOf } from './coverage';
import { readSlaTargets } from './settings.queries';

export interface ComplaintOpening {
  /** The complaint's own (Repair) work order. */
  workOrderId: string;
  branchId: string;
  source: ComplaintSource;
  /** The unit it is about, when known (the sticker, a serial). */
  serialNumber?: string | null | undefined;
  /** The installation (project order) it is about. */
  installationId: string;
  customerId: string;
  openedAt: Date;
}

export interface StartedClock {
  coverage: ComplaintCoverage;
  amcContractId: string | null;
  targetHours: number;
  dueAt: Date;
  atRiskAt: Date;
}

/**
 * Starts a complaint's response clock in the transaction that opens the complaint, whatever way
 * it came in: reads its coverage at opening, the branch's target for it (an AMC contract's own
 * first), and works out its due and amber instants once, so lists only compare instants.
 */
export async function startComplaintClock(
  tx: Tx,
  opening: ComplaintOpening,
): Promise<StartedClock> {
  const serialNumber = opening.serialNumber?.trim() || null;
  const targets = await readSlaTargets(tx, opening.branchId);
  const hours = await readWorkingHours(tx, opening.branchId);
  const covered = await coverageOf(tx, {
    customerId: opening.customerId,
    installationId: opening.installationId,
    serialNumber,
    at: opening.openedAt,
  });
  const targetHours =
    covered.coverage === 'amc'
      ? (covered.contractSlaHours ?? targets.hours.amc)
      : targets.hours[covered.coverage];
  const dueAt = dueAtOf(opening.openedAt, targetHours, targets.counting, hours);
  const atRiskAt = atRiskAtOf(opening.openedAt, targetHours, targets.counting, hours);
  await tx.insert(complaintClocks).values({
    workOrderId: opening.workOrderId,
    branchId: opening.branchId,
    source: opening.source,
    coverage: covered.coverage,
    serialNumber,
    installationId: opening.installationId,
    amcContractId: covered.amcContractId,
    targetHours,
    counting: targets.counting,
    openedAt: opening.openedAt,
    atRiskAt,
    dueAt,
  });
  return {
    coverage: covered.coverage,
    amcContractId: covered.amcContractId,
    targetHours,
    dueAt,
    atRiskAt,
  };
}
