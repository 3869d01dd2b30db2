import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { workOrderStatusLinks } from '../../db/schema';

type Db = Database | Tx;

const linkFields = {
  workOrderId: workOrderStatusLinks.workOrderId,
  token: workOrderStatusLinks.token,
  lastComplaintOrderId: workOrderStatusLinks.lastComplaintOrderId,
  lastComplaintAt: workOrderStatusLinks.lastComplaintAt,
};

/**
 * The live (unrevoked) link of a token. A revoked token and a guessed one take the same one
 * index lookup and both find nothing, so neither answers faster than the other.
 */
export async function findLiveLink(db: Db, token: string) {
  const [row] = await db
    .select(linkFields)
    .from(workOrderStatusLinks)
    .where(and(eq(workOrderStatusLinks.token, token), isNull(workOrderStatusLinks.revokedAt)));
  return row ?? null;
}

/** The same, locked: two complaints sent at once from one page wait for each other. */
export async function lockLiveLink(tx: Tx, token: string) {
  const [row] = await tx
    .select(linkFields)
    .from(workOrderStatusLinks)
    .where(and(eq(workOrderStatusLinks.token, token), isNull(workOrderStatusLinks.revokedAt)))
    .for('update');
  return row ?? null;
}

/** An order's link, live or revoked, locked; none yet: null. */
export async function lockOrderLink(tx: Tx, workOrderId: string) {
  const [row] = await tx
    .select({ token: workOrderStatusLinks.token, revokedAt: workOrderStatusLinks.revokedAt })
    .from(workOrderStatusLinks)
    .where(eq(workOrderStatusLinks.workOrderId, workOrderId))
    .for('update');
  return row ?? null;
}

/** A new token for the order: its first link, or the one after a revoked link. */
export async function saveNewLink(
  tx: Tx,
  workOrderId: string,
  token: string,
  /** Null: made by the system (a complaint from a unit's sticker, issue 37). */
  by: string | null,
) {
  await tx
    .insert(workOrderStatusLinks)
    .values({ workOrderId, token, createdBy: by })
    .onConflictDoUpdate({
      target: workOrderStatusLinks.workOrderId,
      set: {
        token,
        createdBy: by,
        createdAt: new Date(),
        revokedAt: null,
        lastComplaintOrderId: null,
        lastComplaintAt: null,
      },
    });
}

/** Revokes the order's live link; false when it had none. */
export async function revokeLink(db: Db, workOrderId: string): Promise<boolean> {
  const revoked = await db
    .update(workOrderStatusLinks)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(workOrderStatusLinks.workOrderId, workOrderId),
        isNull(workOrderStatusLinks.revokedAt),
      ),
    )
    .returning({ workOrderId: workOrderStatusLinks.workOrderId });
  return revoked.length > 0;
}

export async function recordComplaint(tx: Tx, workOrderId: string, complaintOrderId: string) {
  await tx
    .update(workOrderStatusLinks)
    .set({ lastComplaintOrderId: complaintOrderId, lastComplaintAt: new Date() })
    .where(eq(workOrderStatusLinks.workOrderId, workOrderId));
}
