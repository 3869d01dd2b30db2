import {
  COMPLAINT_MESSAGES as M,
  type UnitComplaintAnswer,
  type UnitComplaintInput,
} from '@karya/domain/complaint-schemas';
import { PHOTO_MAX_SIDE } from '@karya/domain/job-photos';
import { JOB_STATUS_MESSAGES, samePhone } from '@karya/domain/job-status';
import { recordAudit } from '../../audit/record-audit';
import type { Clock } from '../../clock';
import type { Database, Tx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { FileStorage } from '../../storage';
import { ImageRefused, type ReencodedImage, reencodePhoto } from '../../storage/images';
import { startComplaintClock } from '../complaints';
import { insertPhotoRow } from '../job-photos';
import { ensureStatusLink } from '../job-status';
import { appendHistory, lockWorkOrder, openWorkOrder, touchWorkOrder } from '../work-orders';
import { installedUnitOf, isTokenShaped, type LinkedUnit } from './linked-unit';
import { findLinkOfToken, findOpenComplaint, lockLinkOfToken } from './unit-links.queries';

/** A customer's photo may be a phone's full-size shot; it is kept as job photos are. */
export const UNIT_PHOTO_MAX_BYTES = 10 * 1024 * 1024;

export interface UnitComplaint extends UnitComplaintInput {
  /** The photo's bytes as sent; null or empty: none (a form's empty file field). */
  photo: Buffer | null;
}

/**
 * The installed unit of a token's link: an unknown token is the page's 404, a real link whose
 * unit is not (yet) at a customer a 409.
 */
async function linkedUnitOf(
  db: Database | Tx,
  link: { serialNumber: string } | null,
): Promise<LinkedUnit> {
  if (!link) throw notFound(M.unitNotFound);
  const linked = await installedUnitOf(db, link.serialNumber);
  if (!linked) throw conflict(M.unitNotFound);
  return linked;
}

/**
 * The photo as it is kept: decoded and encoded again (upright, at most PHOTO_MAX_SIDE px, JPEG,
 * no EXIF, so no location of the customer's house), never the bytes sent.
 */
async function storedPhotoOf(bytes: Buffer): Promise<ReencodedImage> {
  if (bytes.length > UNIT_PHOTO_MAX_BYTES) throw badRequest(M.photoInvalid);
  try {
    return await reencodePhoto(bytes, PHOTO_MAX_SIDE);
  } catch (error) {
    if (error instanceof ImageRefused) throw badRequest(M.photoInvalid);
    throw error;
  }
}

/** The refusals a complaint gets before anything is stored: the unit, its state, the phone. */
function assertComplainable({ installation }: LinkedUnit, phone: string) {
  if (!samePhone(phone, installation.customerPhone, installation.customerWhatsapp)) {
    throw badRequest(M.phoneMismatch);
  }
  if (installation.status !== 'completed') throw conflict(JOB_STATUS_MESSAGES.notComplainable);
}

/** A new Repair order on the unit's installation, in the branch's pending list, on its clock. */
async function openComplaint(
  tx: Tx,
  clock: Clock,
  { unit, installation }: LinkedUnit,
  description: string,
) {
  const opened = await openWorkOrder(tx, {
    customerId: installation.customerId,
    branchId: installation.branchId,
    projectType: installation.projectType,
    initialRemark: description,
    createdBy: null,
    complaintAbout: installation.id,
  });
  await startComplaintClock(tx, {
    workOrderId: opened.id,
    branchId: installation.branchId,
    source: 'unit-page',
    serialNumber: unit.serialNumber,
    installationId: installation.id,
    customerId: installation.customerId,
    openedAt: clock.now(),
  });
  const order = await lockWorkOrder(tx, opened.id);
  await recordAudit(tx, {
    actorId: null,
    action: 'work-order.complaint',
    entityType: 'work-order',
    entityId: opened.id,
    summary: `${installation.customerName} raised a complaint on ${unit.serialNumber} (${installation.orderId}) from the unit's sticker`,
    changes: {
      existingProjectId: installation.id,
      serialNumber: unit.serialNumber,
      source: 'unit-page',
    },
  });
  return { id: opened.id, orderId: order?.orderId ?? '' };
}

/** The description as a remark on the complaint already open on the unit. */
async function joinComplaint(
  tx: Tx,
  { unit }: LinkedUnit,
  open: { id: string; orderId: string },
  description: string,
) {
  await appendHistory(tx, {
    workOrderId: open.id,
    status: 'remark',
    remark: `The customer wrote again from the unit's sticker (${unit.serialNumber}): ${description}`,
    updatedBy: null,
  });
  await touchWorkOrder(tx, open.id);
  await recordAudit(tx, {
    actorId: null,
    action: 'work-order.remark',
    entityType: 'work-order',
    entityId: open.id,
    summary: `${open.orderId}: the customer added to the open complaint from the unit's sticker`,
    changes: { serialNumber: unit.serialNumber, remark: description },
  });
  return open;
}

/**
 * POST /api/unit/:token/complaint: the customer's complaint from the sticker. The phone must be
 * the customer's, as on the status page. A Repair order opens in the branch's pending list with
 * the unit's serial on its response clock, and the customer is given its job-status page; while
 * one is open on the unit a new complaint joins it as a remark instead. The link's row is
 * locked for the whole transaction, so two complaints sent at once make one order and a remark.
 *
 * The cheap checks run first and again under the lock; the photo is decoded and stored between
 * (outside the transaction, which must stay short) and removed when the complaint is refused.
 */
export async function raiseUnitComplaint(
  db: Database,
  storage: FileStorage,
  clock: Clock,
  token: string,
  complaint: UnitComplaint,
): Promise<UnitComplaintAnswer> {
  if (!isTokenShaped(token)) throw notFound(M.unitNotFound);
  assertComplainable(await linkedUnitOf(db, await findLinkOfToken(db, token)), complaint.phone);
  const photo = complaint.photo?.length ? await storedPhotoOf(complaint.photo) : null;
  const fileKey = photo ? await storage.put(photo.bytes, photo.contentType) : null;
  try {
    return await db.transaction(async (tx) => {
      const linked = await linkedUnitOf(tx, await lockLinkOfToken(tx, token));
      assertComplainable(linked, complaint.phone);
      const open = await findOpenComplaint(tx, linked.installation, linked.serials);
      const order = open
        ? await joinComplaint(tx, linked, open, complaint.description)
        : await openComplaint(tx, clock, linked, complaint.description);
      if (photo && fileKey) {
        await insertPhotoRow(tx, {
          workOrderId: order.id,
          stage: 'before',
          caption: `From the customer, unit ${linked.unit.serialNumber}`,
          fileKey,
          contentType: photo.contentType,
          size: photo.bytes.length,
          takenBy: null,
        });
      }
      const status = await ensureStatusLink(tx, order.id);
      return { orderId: order.orderId, statusPath: status.path, joined: open !== null };
    });
  } catch (error) {
    if (fileKey) await storage.delete(fileKey);
    throw error;
  }
}
