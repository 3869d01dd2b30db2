import { eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { users, workOrderSignatures } from '../../db/schema';

type Db = Database | Tx;

/**
 * The order's signature row (the job-signatures module's table, read here as decision 034
 * says): who signed, when, the technician who took it and where its PNG is stored.
 */
export async function findSignatureRow(db: Db, workOrderId: string) {
  const [row] = await db
    .select({
      signerName: workOrderSignatures.signerName,
      signedAt: workOrderSignatures.signedAt,
      signedByName: sql<
        string | null
      >`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
      fileKey: workOrderSignatures.fileKey,
      contentType: workOrderSignatures.contentType,
      size: workOrderSignatures.size,
    })
    .from(workOrderSignatures)
    .leftJoin(users, eq(users.id, workOrderSignatures.signedBy))
    .where(eq(workOrderSignatures.workOrderId, workOrderId))
    .limit(1);
  return row ?? null;
}
