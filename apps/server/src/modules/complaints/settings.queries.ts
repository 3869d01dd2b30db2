import {
  type ComplaintCoverage,
  DEFAULT_SLA_HOURS,
  type SlaCounting,
} from '@karya/domain/complaint-schemas';
import { eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { complaintSlaSettings } from '../../db/complaints-schema';

type Db = Database | Tx;

export interface SlaTargets {
  hours: Record<ComplaintCoverage, number>;
  counting: SlaCounting;
  saved: boolean;
  updatedAt: Date | null;
}

/** The branch's response targets, or DEFAULT_SLA_HOURS counted in working hours until it sets its own. */
export async function readSlaTargets(db: Db, branchId: string): Promise<SlaTargets> {
  const [row] = await db
    .select()
    .from(complaintSlaSettings)
    .where(eq(complaintSlaSettings.branchId, branchId));
  if (!row) return { hours: DEFAULT_SLA_HOURS, counting: 'working', saved: false, updatedAt: null };
  return {
    hours: { amc: row.amcHours, warranty: row.warrantyHours, chargeable: row.chargeableHours },
    counting: row.counting === 'calendar' ? 'calendar' : 'working',
    saved: true,
    updatedAt: row.updatedAt,
  };
}

export async function saveSlaTargets(
  db: Db,
  branchId: string,
  targets: {
    amcHours: number;
    warrantyHours: number;
    chargeableHours: number;
    counting: SlaCounting;
  },
  updatedBy: string,
) {
  const values = { ...targets, updatedBy };
  await db
    .insert(complaintSlaSettings)
    .values({ branchId, ...values })
    .onConflictDoUpdate({
      target: complaintSlaSettings.branchId,
      set: { ...values, updatedAt: sql`now()` },
    });
}
