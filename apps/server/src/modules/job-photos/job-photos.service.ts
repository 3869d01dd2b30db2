import type { Readable } from 'node:stream';
import {
  type JobPhoto,
  PHOTO_MESSAGES as M,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_SIDE,
  type PhotoStage,
} from '@karya/domain/job-photos';
import { isUuid } from '@karya/domain/user-schemas';
import { WORK_ORDER_MESSAGES } from '@karya/domain/work-order-schemas';
import type { Actor } from '../../auth/guard';
import { type Scope, seesWork } from '../../auth/scope';
import type { Database } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { FileStorage } from '../../storage';
import { ImageRefused, type ReencodedImage, reencodePhoto } from '../../storage/images';
import { findWorkOrderRow, lockWorkOrder } from '../work-orders';
import { deletePhotoRow, findPhotoFile, insertPhotoRow, listPhotoRows } from './job-photos.queries';

export interface PhotoUpload {
  orderId: string;
  stage: PhotoStage;
  caption: string;
  bytes: Buffer;
}

const photoOf = (row: Awaited<ReturnType<typeof listPhotoRows>>[number]): JobPhoto => ({
  ...row,
  stage: row.stage as PhotoStage,
  takenAt: row.takenAt.toISOString(),
});

/**
 * GET /api/work-order-photos: an order's photos in the order taken, for whoever sees the
 * order (its technician, the branch's managers, admins); another's reads as absent.
 */
export async function listJobPhotos(
  db: Database,
  scope: Scope,
  reference: string,
): Promise<JobPhoto[]> {
  const order = await findWorkOrderRow(db, reference);
  if (!order || !seesWork(scope, order)) throw notFound(WORK_ORDER_MESSAGES.workOrderNotFound);
  return (await listPhotoRows(db, order.id)).map(photoOf);
}

/**
 * The photo as it is kept: decoded and encoded again (upright, at most PHOTO_MAX_SIDE px,
 * JPEG, no EXIF), never the bytes sent; a name or a declared type proves nothing.
 */
async function storedPhotoOf(bytes: Buffer): Promise<ReencodedImage> {
  if (bytes.length === 0) throw badRequest(M.fileRequired);
  if (bytes.length > PHOTO_MAX_BYTES) throw badRequest(M.tooLarge);
  try {
    return await reencodePhoto(bytes, PHOTO_MAX_SIDE);
  } catch (error) {
    if (!(error instanceof ImageRefused)) throw error;
    throw badRequest(error.reason === 'notAllowed' ? M.notAnImage : M[error.reason]);
  }
}

/**
 * POST /api/work-order-photos: the order's technician adds a photo while the order is in
 * progress. The bytes are stored first (outside the transaction, which must stay short) and
 * removed again when the order turns out not to take them.
 */
export async function addJobPhoto(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  scope: Scope,
  upload: PhotoUpload,
): Promise<JobPhoto[]> {
  const order = await findWorkOrderRow(db, upload.orderId);
  if (!order || !seesWork(scope, order) || order.technicianId !== actor.id) {
    throw notFound(WORK_ORDER_MESSAGES.workOrderNotFound);
  }
  if (order.status !== 'in-progress') throw conflict(M.notInProgress);
  const photo = await storedPhotoOf(upload.bytes);
  const fileKey = await storage.put(photo.bytes, photo.contentType);
  try {
    await db.transaction(async (tx) => {
      const locked = await lockWorkOrder(tx, order.id);
      if (!locked || locked.technicianId !== actor.id) {
        throw notFound(WORK_ORDER_MESSAGES.workOrderNotFound);
      }
      if (locked.status !== 'in-progress') throw conflict(M.notInProgress);
      await insertPhotoRow(tx, {
        workOrderId: order.id,
        stage: upload.stage,
        caption: upload.caption,
        fileKey,
        contentType: photo.contentType,
        size: photo.bytes.length,
        takenBy: actor.id,
      });
    });
  } catch (error) {
    await storage.delete(fileKey);
    throw error;
  }
  return (await listPhotoRows(db, order.id)).map(photoOf);
}

/** GET /api/job-photos/:photoId/file: the bytes, for whoever sees the photo's order. */
export async function openJobPhoto(
  db: Database,
  storage: FileStorage,
  scope: Scope,
  photoId: string,
): Promise<{ stream: Readable; contentType: string; size: number }> {
  const photo = isUuid(photoId) ? await findPhotoFile(db, photoId) : null;
  if (!photo || !seesWork(scope, photo)) throw notFound(M.photoNotFound);
  const stream = await storage.get(photo.fileKey);
  if (!stream) throw notFound(M.photoNotFound);
  return { stream, contentType: photo.contentType, size: photo.size };
}

/**
 * DELETE /api/work-order-photos: the order's technician takes back a photo (blurred, the
 * wrong wall) while the order is in progress; once sent for approval the photos are the
 * job's evidence and stay. The file goes after the row, so no row ever names a missing file.
 */
export async function removeJobPhoto(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  scope: Scope,
  photoId: string,
): Promise<JobPhoto[]> {
  const photo = isUuid(photoId) ? await findPhotoFile(db, photoId) : null;
  if (!photo || !seesWork(scope, photo) || photo.technicianId !== actor.id) {
    throw notFound(M.photoNotFound);
  }
  const fileKey = await db.transaction(async (tx) => {
    const locked = await lockWorkOrder(tx, photo.workOrderId);
    if (!locked || locked.technicianId !== actor.id) throw notFound(M.photoNotFound);
    if (locked.status !== 'in-progress') throw conflict(M.removeNotInProgress);
    const key = await deletePhotoRow(tx, photoId, photo.workOrderId);
    if (!key) throw notFound(M.photoNotFound);
    return key;
  });
  await storage.delete(fileKey);
  return (await listPhotoRows(db, photo.workOrderId)).map(photoOf);
}
