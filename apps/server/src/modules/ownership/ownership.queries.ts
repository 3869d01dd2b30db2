import type { NewManagerCandidate, OwnershipTransfer } from '@karya/domain/ownership-schemas';
import type { ManagerAccessStatus } from '@karya/domain/roles';
import { and, asc, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/client';
import { branches, ownershipTransfers, users } from '../../db/schema';

type Db = Database | Tx;

const oldManager = alias(users, 'old_manager');
const newManager = alias(users, 'new_manager');

function selectTransfers(db: Db) {
  return db
    .select({
      transfer: ownershipTransfers,
      branchName: branches.name,
      oldFirstName: oldManager.firstName,
      oldLastName: oldManager.lastName,
      newFirstName: newManager.firstName,
      newLastName: newManager.lastName,
    })
    .from(ownershipTransfers)
    .innerJoin(branches, eq(branches.id, ownershipTransfers.branchId))
    .innerJoin(oldManager, eq(oldManager.id, ownershipTransfers.oldManagerId))
    .innerJoin(newManager, eq(newManager.id, ownershipTransfers.newManagerId))
    .$dynamic();
}

type TransferRow = Awaited<ReturnType<typeof selectTransfers>>[number];

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toTransfer(row: TransferRow): OwnershipTransfer {
  const t = row.transfer;
  return {
    _id: t.id,
    branch: { _id: t.branchId, name: row.branchName },
    oldManager: { _id: t.oldManagerId, firstName: row.oldFirstName, lastName: row.oldLastName },
    newManager: { _id: t.newManagerId, firstName: row.newFirstName, lastName: row.newLastName },
    message: t.message,
    status: t.status,
    responseMessage: t.responseMessage,
    rejectReason: t.rejectReason,
    rejectedAt: iso(t.rejectedAt),
    acknowledgedAt: iso(t.acknowledgedAt),
    respondedAt: iso(t.respondedAt),
    createdAt: t.createdAt.toISOString(),
  };
}

export async function findTransfers(db: Db, where: SQL | undefined): Promise<OwnershipTransfer[]> {
  const rows = await selectTransfers(db).where(where).orderBy(desc(ownershipTransfers.createdAt));
  return rows.map(toTransfer);
}

export async function findTransfer(db: Db, transferId: string) {
  const [row] = await findTransfers(db, eq(ownershipTransfers.id, transferId));
  return row ?? null;
}

export const pendingFor = (managerId: string) =>
  and(eq(ownershipTransfers.newManagerId, managerId), eq(ownershipTransfers.status, 'pending'));
export const acceptedFrom = (managerId: string) =>
  and(eq(ownershipTransfers.oldManagerId, managerId), eq(ownershipTransfers.status, 'accepted'));
export const rejectedFrom = (managerId: string) =>
  and(eq(ownershipTransfers.oldManagerId, managerId), eq(ownershipTransfers.status, 'rejected'));
export const unacknowledgedRejectionsFrom = (managerId: string) =>
  and(rejectedFrom(managerId), isNull(ownershipTransfers.acknowledgedAt));
export const pendingInBranch = (branchId: string) =>
  and(eq(ownershipTransfers.branchId, branchId), eq(ownershipTransfers.status, 'pending'));

/** The transfer row, locked until the transaction ends, so one answer wins. */
export async function lockTransfer(tx: Tx, transferId: string) {
  const [row] = await tx
    .select()
    .from(ownershipTransfers)
    .where(eq(ownershipTransfers.id, transferId))
    .for('update');
  return row ?? null;
}

/** The manager's row, locked: their access state decides what they may still do. */
export async function lockManager(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      id: users.id,
      role: users.role,
      status: users.status,
      branchId: users.branchId,
      firstName: users.firstName,
      lastName: users.lastName,
      activeManagerStatus: users.activeManagerStatus,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

/** Managers of the branch still waiting for ownership (active accounts only). */
export async function listPendingManagers(
  db: Db,
  branchId: string,
): Promise<NewManagerCandidate[]> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(
      and(
        eq(users.branchId, branchId),
        eq(users.role, 'manager'),
        eq(users.status, 'active'),
        eq(users.activeManagerStatus, 'pending'),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName));
  return rows.map(({ id, ...rest }) => ({ _id: id, ...rest }));
}

export async function insertTransfer(tx: Tx, values: typeof ownershipTransfers.$inferInsert) {
  const [row] = await tx
    .insert(ownershipTransfers)
    .values(values)
    .returning({ id: ownershipTransfers.id });
  if (!row) throw new Error('transfer insert returned no row');
  return row;
}

export async function updateTransfer(
  tx: Tx,
  transferId: string,
  values: Partial<typeof ownershipTransfers.$inferInsert>,
): Promise<void> {
  await tx.update(ownershipTransfers).set(values).where(eq(ownershipTransfers.id, transferId));
}

export async function setManagerState(
  tx: Tx,
  userId: string,
  state: ManagerAccessStatus,
): Promise<void> {
  await tx
    .update(users)
    .set({ activeManagerStatus: state, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
