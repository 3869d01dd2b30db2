import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { users, workOrderPhotos, workOrders } from '../../db/schema';

type Db = Database | Tx;

const photoColumns = {
  id: workOrderPhotos.id,
  stage: workOrderPhotos.stage,
  caption: workOrderPhotos.caption,
  contentType: workOrderPhotos.contentType,
  size: workOrderPhotos.size,
  takenBy: workOrderPhotos.takenBy,
  takenByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
  takenAt: workOrderPhotos.takenAt,
};

export function listPhotoRows(db: Db, workOrderId: string) {
  return (
    db
      .select(photoColumns)
      .from(workOrderPhotos)
      .leftJoin(users, eq(users.id, workOrderPhotos.takenBy))
      .where(eq(workOrderPhotos.workOrderId, workOrderId))
      // Before, during, after: the story of the job, whatever order they were taken in.
      .orderBy(
        sql`case ${workOrderPhotos.stage} when 'before' then 0 when 'during' then 1 else 2 end`,
        asc(workOrderPhotos.takenAt),
        asc(workOrderPhotos.id),
      )
  );
}

/** A photo with what its route needs to decide who may read it. */
export async function findPhotoFile(db: Db, photoId: string) {
  const [row] = await db
    .select({
      fileKey: workOrderPhotos.fileKey,
      workOrderId: workOrderPhotos.workOrderId,
      contentType: workOrderPhotos.contentType,
      size: workOrderPhotos.size,
      branchId: workOrders.branchId,
      technicianId: workOrders.technicianId,
    })
    .from(workOrderPhotos)
    .innerJoin(workOrders, eq(workOrders.id, workOrderPhotos.workOrderId))
    .where(eq(workOrderPhotos.id, photoId))
    .limit(1);
  return row ?? null;
}

export async function insertPhotoRow(tx: Tx, row: typeof workOrderPhotos.$inferInsert) {
  await tx.insert(workOrderPhotos).values(row);
}

/** Removes the photo's row; the file key it held, or null when there was no such row. */
export async function deletePhotoRow(tx: Tx, photoId: string, workOrderId: string) {
  const [row] = await tx
    .delete(workOrderPhotos)
    .where(and(eq(workOrderPhotos.id, photoId), eq(workOrderPhotos.workOrderId, workOrderId)))
    .returning({ fileKey: workOrderPhotos.fileKey });
  return row?.fileKey ?? null;
}
