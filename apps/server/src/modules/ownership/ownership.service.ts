import {
  type AcceptTransferInput,
  type InitiateTransferInput,
  type ManagerStatusData,
  type NewManagerCandidate,
  OWNERSHIP_MESSAGES,
  type OwnershipTransfer,
  type RejectTransferInput,
} from '@karya/domain/ownership-schemas';
import { fullName } from '@karya/domain/user';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import { managerBranchOf, type Scope } from '../../auth/scope';
import type { Database, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { lockBranch } from '../branches';
import {
  acceptedFrom,
  findTransfer,
  findTransfers,
  insertTransfer,
  listPendingManagers,
  lockManager,
  lockTransfer,
  pendingFor,
  pendingInBranch,
  rejectedFrom,
  setManagerState,
  unacknowledgedRejectionsFrom,
  updateTransfer,
} from './ownership.queries';

export async function managerStatus(db: Database, actor: Actor): Promise<ManagerStatusData> {
  const [transfer] = await findTransfers(db, pendingFor(actor.id));
  const [completedTransfer] = await findTransfers(db, acceptedFrom(actor.id));
  return {
    activeManagerStatus: actor.activeManagerStatus,
    transfer: transfer ?? null,
    completedTransfer: completedTransfer ?? null,
    rejectedTransfers: await findTransfers(db, unacknowledgedRejectionsFrom(actor.id)),
  };
}

export function newManagers(db: Database, scope: Scope): Promise<NewManagerCandidate[]> {
  return listPendingManagers(db, managerBranchOf(scope));
}

/** Every rejected request the manager made, acknowledged or not, newest first. */
export function rejectedTransfers(db: Database, actor: Actor): Promise<OwnershipTransfer[]> {
  return findTransfers(db, rejectedFrom(actor.id));
}

async function mustFindTransfer(db: Database, transferId: string): Promise<OwnershipTransfer> {
  const transfer = await findTransfer(db, transferId);
  if (!transfer) throw notFound(OWNERSHIP_MESSAGES.transferNotFound);
  return transfer;
}

export interface TransferResult {
  transfer: OwnershipTransfer;
  message: string;
}

/**
 * The active manager offers the branch to a pending manager of the same branch and waits
 * as 'transferring'. One open request per branch: checked here, guaranteed by an index.
 */
export async function initiateTransfer(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: InitiateTransferInput,
): Promise<TransferResult> {
  const branchId = managerBranchOf(scope);
  const transferId = await db
    .transaction(async (tx) => {
      await lockBranch(tx, branchId);
      const me = await lockManager(tx, actor.id);
      if (me?.activeManagerStatus !== 'active') {
        throw forbidden(OWNERSHIP_MESSAGES.ownershipTransferred);
      }
      if ((await findTransfers(tx, pendingInBranch(branchId))).length > 0) {
        throw conflict(OWNERSHIP_MESSAGES.transferAlreadyOpen);
      }
      if ((await findTransfers(tx, unacknowledgedRejectionsFrom(actor.id))).length > 0) {
        throw conflict(OWNERSHIP_MESSAGES.acknowledgeRejectionFirst);
      }
      const candidate = await lockManager(tx, input.newManagerId);
      if (
        candidate?.role !== 'manager' ||
        candidate.branchId !== branchId ||
        candidate.status !== 'active' ||
        candidate.activeManagerStatus !== 'pending'
      ) {
        throw badRequest(OWNERSHIP_MESSAGES.candidateNotFound);
      }
      const created = await insertTransfer(tx, {
        branchId,
        oldManagerId: actor.id,
        newManagerId: candidate.id,
        message: input.message ?? '',
      });
      await setManagerState(tx, actor.id, 'transferring');
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'ownership.initiate',
        entityType: 'ownership_transfer',
        entityId: created.id,
        summary: `Offered branch ownership to ${fullName(candidate)}`,
        changes: { branchId, newManagerId: candidate.id },
      });
      return created.id;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'ownership_transfers_one_pending_per_branch')) {
        throw conflict(OWNERSHIP_MESSAGES.transferAlreadyOpen);
      }
      throw error;
    });
  const transfer = await mustFindTransfer(db, transferId);
  return {
    transfer,
    message: OWNERSHIP_MESSAGES.transferRequestSent(fullName(transfer.newManager)),
  };
}

/** Locks a pending transfer addressed to the actor; anyone else's is 'not found'. */
async function lockPendingTransferFor(tx: Tx, actor: Actor, transferId: string) {
  const transfer = await lockTransfer(tx, transferId);
  if (!transfer || transfer.newManagerId !== actor.id) {
    throw notFound(OWNERSHIP_MESSAGES.transferNotFound);
  }
  if (transfer.status !== 'pending') throw conflict(OWNERSHIP_MESSAGES.transferNotPending);
  return transfer;
}

/** The candidate accepts: old manager transferred, new one active, request closed, at once. */
export async function acceptTransfer(
  db: Database,
  actor: Actor,
  transferId: string,
  input: AcceptTransferInput,
): Promise<TransferResult> {
  await db.transaction(async (tx) => {
    const transfer = await lockPendingTransferFor(tx, actor, transferId);
    const now = new Date();
    await updateTransfer(tx, transfer.id, {
      status: 'accepted',
      responseMessage: input.responseMessage,
      respondedAt: now,
    });
    // Old owner first: the one-owner-per-branch index must never see two at once.
    await setManagerState(tx, transfer.oldManagerId, 'transferred');
    await setManagerState(tx, actor.id, 'active');
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'ownership.accept',
      entityType: 'ownership_transfer',
      entityId: transfer.id,
      summary: 'Accepted branch ownership',
      changes: { branchId: transfer.branchId, oldManagerId: transfer.oldManagerId },
    });
  });
  return {
    transfer: await mustFindTransfer(db, transferId),
    message: OWNERSHIP_MESSAGES.transferAccepted,
  };
}

/** The candidate rejects with a reason; the old manager gets full access back. */
export async function rejectTransfer(
  db: Database,
  actor: Actor,
  transferId: string,
  input: RejectTransferInput,
): Promise<TransferResult> {
  await db.transaction(async (tx) => {
    const transfer = await lockPendingTransferFor(tx, actor, transferId);
    const now = new Date();
    await updateTransfer(tx, transfer.id, {
      status: 'rejected',
      rejectReason: input.rejectReason,
      rejectedAt: now,
      respondedAt: now,
    });
    await setManagerState(tx, transfer.oldManagerId, 'active');
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'ownership.reject',
      entityType: 'ownership_transfer',
      entityId: transfer.id,
      summary: 'Rejected branch ownership',
      changes: { branchId: transfer.branchId, rejectReason: input.rejectReason },
    });
  });
  return {
    transfer: await mustFindTransfer(db, transferId),
    message: OWNERSHIP_MESSAGES.transferRejected,
  };
}

/** The initiator's 'Understood' on a rejection; after it a new request may start. */
export async function acknowledgeRejection(
  db: Database,
  actor: Actor,
  transferId: string,
): Promise<TransferResult> {
  await db.transaction(async (tx) => {
    const transfer = await lockTransfer(tx, transferId);
    if (!transfer || transfer.oldManagerId !== actor.id || transfer.status !== 'rejected') {
      throw notFound(OWNERSHIP_MESSAGES.transferNotFound);
    }
    if (transfer.acknowledgedAt) return;
    await updateTransfer(tx, transfer.id, { acknowledgedAt: new Date() });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'ownership.acknowledge',
      entityType: 'ownership_transfer',
      entityId: transfer.id,
      summary: 'Acknowledged a rejected transfer',
    });
  });
  return {
    transfer: await mustFindTransfer(db, transferId),
    message: OWNERSHIP_MESSAGES.rejectionAcknowledged,
  };
}
