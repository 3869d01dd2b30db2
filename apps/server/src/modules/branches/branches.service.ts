import { AUTH_MESSAGES } from '@karya/domain/auth-schemas';
import {
  type AddBranchInput,
  BRANCH_MESSAGES,
  type BranchDetail,
  type BranchSummary,
  type UpdateBranchInput,
} from '@karya/domain/branch-schemas';
import { INVOICE_MESSAGES } from '@karya/domain/invoice-schemas';
import { taxStateOf } from '@karya/domain/tax-fields';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import { inScope, type Scope } from '../../auth/scope';
import type { Database, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { technicianOverview } from '../dashboard';
import {
  findBranchSummary,
  insertBranch,
  listBranchSummaries,
  updateBranchRow,
} from './branches.queries';
import { findBranchTaxIdentity, INVOICE_PREFIX_KEY } from './tax-identity';

export function listBranches(db: Database): Promise<BranchSummary[]> {
  return listBranchSummaries(db);
}

/** Admins see any branch; an active manager only their own. With its Technicians Overview. */
export async function getBranch(
  db: Database,
  scope: Scope,
  branchId: string,
): Promise<BranchDetail> {
  if (!inScope(scope, branchId)) throw forbidden(AUTH_MESSAGES.forbidden);
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
  const tax = taxIdentityOf({ gstin: null, stateCode: null }, input);
  const id = await withUniquePrefix(db, async (tx) => {
    const created = await insertBranch(tx, {
      name: input.name,
      location: input.location,
      address: input.address ?? '',
      phone: input.phone ?? '',
      status: input.status ?? 'active',
      upiVpa: input.upiVpa ?? null,
      upiName: input.upiName ?? null,
      ...tax,
      invoicePrefix: input.invoicePrefix ?? null,
      requireSignature: input.requireSignature ?? true,
      createdBy: actor.id,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'branch.create',
      entityType: 'branch',
      entityId: created.id,
      summary: `Added branch ${input.name}`,
      changes: {
        name: input.name,
        location: input.location,
        ...tax,
        invoicePrefix: input.invoicePrefix ?? null,
      },
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
  await withUniquePrefix(db, async (tx) => {
    if (changes.gstin !== undefined || changes.stateCode !== undefined) {
      const current = await findBranchTaxIdentity(tx, branchId);
      if (!current) throw notFound(BRANCH_MESSAGES.branchNotFound);
      Object.assign(changes, taxIdentityOf(current, changes));
    }
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

/**
 * The GSTIN and state a change leaves the branch with: a GSTIN sent without a state sets the
 * state from its first two digits; a state sent alone must still be the saved GSTIN's.
 */
function taxIdentityOf(
  current: { gstin: string | null; stateCode: string | null },
  input: { gstin?: string | null; stateCode?: string | null },
): { gstin: string | null; stateCode: string | null } {
  const gstin = input.gstin !== undefined ? input.gstin : current.gstin;
  const stateCode =
    input.stateCode !== undefined ? input.stateCode : input.gstin ? null : current.stateCode;
  const state = taxStateOf(gstin, stateCode);
  if (state === 'mismatch')
    throw badRequest(INVOICE_MESSAGES.gstinStateMismatch, [
      { field: 'gstin', message: INVOICE_MESSAGES.gstinStateMismatch },
    ]);
  return { gstin, stateCode: state.stateCode };
}

/** A transaction that may set an invoice prefix: another branch's is a 409, not a 500. */
async function withUniquePrefix<T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error, INVOICE_PREFIX_KEY))
      throw conflict(INVOICE_MESSAGES.invoicePrefixTaken);
    throw error;
  }
}
