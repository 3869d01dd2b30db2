import { eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { users, workOrderSignatures } from '../../db/schema';

type Db = Database | Tx;

/** The order's signature with the name of the technician who took it. */
export async function findSignatureRow(db: Db, workOrderId: string) {
  const [row] = await db
    .select({
      signerName: workOrderSignatures.signerName,
      fileKey: workOrderSignatures.fileKey,
      contentType: workOrderSignatures.contentType,
      size: workOrderSignatures.size,
      signedBy: workOrderSignatures.signedBy,
      signedByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      signedAt: workOrderSignatures.signedAt,
    })
    .from(workOrderSignatures)
    .leftJoin(users, eq(users.id, workOrderSignatures.signedBy))
    .where(eq(workOrderSignatures.workOrderId, workOrderId))
    .limit(1);
  return row ?? null;
}

/** Whether the order has a signature (the completion rule, inside its transaction). */
export async function hasSignature(tx: Tx, workOrderId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: workOrderSignatures.workOrderId })
    .from(workOrderSignatures)
    .where(eq(workOrderSignatures.workOrderId, workOrderId))
    .limit(1);
  return row !== undefined;
}

/**
 * Puts the order's one signature in place, replacing the one before: the replaced row's file
 * key (to delete once committed), or null when it is the first.
 */
export async function replaceSignatureRow(
  tx: Tx,
  row: typeof workOrderSignatures.$inferInsert,
): Promise<string | null> {
  const [old] = await tx
    .delete(workOrderSignatures)
    .where(eq(workOrderSignatures.workOrderId, row.workOrderId))
    .returning({ fileKey: workOrderSignatures.fileKey });
  await tx.insert(workOrderSignatures).values(row);
  return old?.fileKey ?? null;
}
