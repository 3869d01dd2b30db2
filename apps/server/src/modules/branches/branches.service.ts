import { AUTH_MESSAGES } from '@karya/domain/auth-schemas';
import {
  type AddBranchInput,
  BRANCH_MESSAGES,
  type BranchDetail,
  type BranchSummary,
  type UpdateBranchInput,
} from '@karya/domain/branch-schemas';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import type { Database } from '../../db/client';
import { forbidden, notFound } from '../../http/errors';
import { technicianOverview } from '../dashboard';
import {
  findBranchSummary,
  insertBranch,
  listBranchSummaries,
  updateBranchRow,
} from './branches.queries';

export function listBranches(db: Database): Promise<BranchSummary[]> {
  return listBranchSummaries(db);
}

/** Admins see any branch; an active manager only their own. With its Technicians Overview. */
export async function getBranch(
  db: Database,
  actor: Actor,
  branchId: string,
): Promise<BranchDetail> {
  if (actor.role !== 'admin' && actor.branchId !== branchId) {
    throw forbidden(AUTH_MESSAGES.forbidden);
  }
  const [branch, overview] = await Promise.all([
    findBranchSummary(db, branchId),
    technicianOverview(db, branchId),
  ]);
  if (!branch) throw notFound(BRANCH_MESSAGES.branchNotFound);
  return { ...branch, techniciansOverview: { rows: overview.rows, total: overview.total } };
}

export async function addBranch(
  db: Database,
  actor: Actor,
  input: AddBranchInput,
): Promise<BranchSummary> {
  const id = await db.transaction(async (tx) => {
    const created = await insertBranch(tx, {
      name: input.name,
      location: input.location,
      address: input.address ?? '',
      phone: input.phone ?? '',
      status: input.status ?? 'active',
      upiVpa: input.upiVpa ?? null,
      upiName: input.upiName ?? null,
      createdBy: actor.id,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'branch.create',
      entityType: 'branch',
      entityId: created.id,
      summary: `Added branch ${input.name}`,
      changes: { name: input.name, location: input.location },
    });
    return created.id;
  });
  const branch = await findBranchSummary(db, id);
  if (!branch) throw notFound(BRANCH_MESSAGES.branchNotFound);
  return branch;
}

/** Admins change a branch's details and its UPI payee; fields not sent stay as they are. */
export async function updateBranch(
  db: Database,
  actor: Actor,
  branchId: string,
  input: UpdateBranchInput,
): Promise<BranchSummary> {
  const changes = Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  ) as UpdateBranchInput;
  await db.transaction(async (tx) => {
    if (!(await updateBranchRow(tx, branchId, changes))) {
      throw notFound(BRANCH_MESSAGES.branchNotFound);
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'branch.update',
      entityType: 'branch',
      entityId: branchId,
      summary: `Updated branch ${changes.name ?? branchId}`,
      changes,
    });
  });
  const branch = await findBranchSummary(db, branchId);
  if (!branch) throw notFound(BRANCH_MESSAGES.branchNotFound);
  return branch;
}
