import { AUTH_MESSAGES } from '@karya/domain/auth-schemas';
import { BRANCH_MESSAGES } from '@karya/domain/branch-schemas';
import type {
  ComplaintSlaSettings,
  ComplaintSlaSettingsInput,
} from '@karya/domain/complaint-schemas';
import { SCHEDULE_MESSAGES } from '@karya/domain/schedule-schemas';
import { isUuid } from '@karya/domain/user-schemas';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import type { Scope } from '../../auth/scope';
import type { Database, Tx } from '../../db/client';
import { branches } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { readSlaTargets, saveSlaTargets } from './settings.queries';

type Db = Database | Tx;

/**
 * The branch whose targets a desk user reads or sets: a manager's own (another named reads as
 * absent, as every other branch's record does), the one an admin names. Technicians have none.
 */
async function targetBranch(db: Db, scope: Scope, asked: string | undefined) {
  if (scope.kind === 'own') throw forbidden(AUTH_MESSAGES.forbidden);
  const branchId = scope.kind === 'branch' ? (asked ?? scope.branchId) : asked;
  if (!branchId) throw badRequest(SCHEDULE_MESSAGES.branchRequired);
  if (scope.kind === 'branch' && branchId !== scope.branchId) {
    throw notFound(BRANCH_MESSAGES.branchNotFound);
  }
  if (!isUuid(branchId)) throw notFound(BRANCH_MESSAGES.branchNotFound);
  const [branch] = await db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(eq(branches.id, branchId));
  if (!branch) throw notFound(BRANCH_MESSAGES.branchNotFound);
  return branch;
}

async function settingsOf(db: Db, branch: { id: string; name: string }) {
  const targets = await readSlaTargets(db, branch.id);
  return {
    branch: { _id: branch.id, name: branch.name },
    amcHours: targets.hours.amc,
    warrantyHours: targets.hours.warranty,
    chargeableHours: targets.hours.chargeable,
    counting: targets.counting,
    saved: targets.saved,
    updatedAt: targets.updatedAt?.toISOString() ?? null,
  } satisfies ComplaintSlaSettings;
}

/** GET /api/complaint-sla-settings[?branch=]. */
export async function getSlaSettings(
  db: Database,
  scope: Scope,
  asked: string | undefined,
): Promise<ComplaintSlaSettings> {
  return settingsOf(db, await targetBranch(db, scope, asked));
}

/**
 * PUT /api/complaint-sla-settings: the targets new complaints are held to. A clock already
 * running keeps the due time it was given when it opened: the promise made then.
 */
export async function putSlaSettings(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: ComplaintSlaSettingsInput,
): Promise<ComplaintSlaSettings> {
  const branch = await targetBranch(db, scope, input.branchId || undefined);
  const { branchId: _named, ...targets } = input;
  await db.transaction(async (tx) => {
    await saveSlaTargets(tx, branch.id, targets, actor.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'complaints.sla-settings',
      entityType: 'branch',
      entityId: branch.id,
      summary: `Complaint response times of ${branch.name} set`,
      changes: targets,
    });
  });
  return settingsOf(db, branch);
}
