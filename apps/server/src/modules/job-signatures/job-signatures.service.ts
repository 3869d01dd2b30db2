import type { Readable } from 'node:stream';
import { signatureRefusalOf } from '@karya/domain/completion-rule';
import {
  type JobSignature,
  SIGNATURE_MESSAGES as M,
  SIGNATURE_MAX_BYTES,
  SIGNATURE_TYPE,
  type SignatureAnswer,
  signatureFilePath,
} from '@karya/domain/job-signatures';
import { WORK_ORDER_MESSAGES } from '@karya/domain/work-order-schemas';
import type { Actor } from '../../auth/guard';
import { type Scope, seesWork } from '../../auth/scope';
import type { Database, Tx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { FileStorage } from '../../storage';
import { ImageRefused, reencodeSignature } from '../../storage/images';
import { branchRequiresSignature } from '../branches';
import { findWorkOrderRow, lockWorkOrder } from '../work-orders';
import { findSignatureRow, hasSignature, replaceSignatureRow } from './job-signatures.queries';

export interface SignatureUpload {
  orderId: string;
  signerName: string;
  bytes: Buffer;
}

/** The order, for whoever sees it (its technician, the branch's managers, admins); else 404. */
async function seenOrder(db: Database, scope: Scope, reference: string) {
  const order = await findWorkOrderRow(db, reference);
  if (!order || !seesWork(scope, order)) throw notFound(WORK_ORDER_MESSAGES.workOrderNotFound);
  return order;
}

async function signatureOf(
  db: Database,
  order: { id: string; orderId: string },
): Promise<JobSignature | null> {
  const row = await findSignatureRow(db, order.id);
  if (!row) return null;
  return {
    signerName: row.signerName,
    signedAt: row.signedAt.toISOString(),
    signedBy:
      row.signedBy !== null ? { id: row.signedBy, name: (row.signedByName ?? '').trim() } : null,
    // The time in the address: a signature taken again is a new image, not a cached one.
    fileUrl: `${signatureFilePath(order.orderId)}?v=${row.signedAt.getTime()}`,
  };
}

/**
 * GET /api/work-order-signature: the order's signature (or null) and whether its branch needs
 * one before the project is sent for approval, for whoever sees the order.
 */
export async function getJobSignature(
  db: Database,
  scope: Scope,
  reference: string,
): Promise<SignatureAnswer> {
  const order = await seenOrder(db, scope, reference);
  const [signature, required] = await Promise.all([
    signatureOf(db, order),
    branchRequiresSignature(db, order.branchId),
  ]);
  return { signature, required };
}

/**
 * The signature as it is kept: its PNG decoded and encoded again, never the bytes sent; a
 * name or a declared type proves nothing.
 */
async function storedSignatureOf(bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0) throw badRequest(M.fileRequired);
  if (bytes.length > SIGNATURE_MAX_BYTES) throw badRequest(M.tooLarge);
  try {
    return (await reencodeSignature(bytes)).bytes;
  } catch (error) {
    if (!(error instanceof ImageRefused)) throw error;
    throw badRequest(error.reason === 'notAllowed' ? M.notPng : M[error.reason]);
  }
}

/**
 * POST /api/work-order-signature: the order's technician saves the customer's signature while
 * the order is in progress. Signing again replaces it; the old file is deleted once the new
 * row is committed, the new file again if the row is refused.
 */
export async function saveJobSignature(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  scope: Scope,
  upload: SignatureUpload,
): Promise<SignatureAnswer> {
  const order = await findWorkOrderRow(db, upload.orderId);
  if (!order || !seesWork(scope, order) || order.technicianId !== actor.id) {
    throw notFound(WORK_ORDER_MESSAGES.workOrderNotFound);
  }
  if (order.status !== 'in-progress') throw conflict(M.notInProgress);
  const png = await storedSignatureOf(upload.bytes);
  const fileKey = await storage.put(png, SIGNATURE_TYPE);
  let replaced: string | null;
  try {
    replaced = await db.transaction(async (tx) => {
      const locked = await lockWorkOrder(tx, order.id);
      if (!locked || locked.technicianId !== actor.id) {
        throw notFound(WORK_ORDER_MESSAGES.workOrderNotFound);
      }
      if (locked.status !== 'in-progress') throw conflict(M.notInProgress);
      return replaceSignatureRow(tx, {
        workOrderId: order.id,
        signerName: upload.signerName,
        fileKey,
        contentType: SIGNATURE_TYPE,
        size: png.length,
        signedBy: actor.id,
        signedAt: new Date(),
      });
    });
  } catch (error) {
    await storage.delete(fileKey);
    throw error;
  }
  if (replaced) await storage.delete(replaced);
  return {
    signature: await signatureOf(db, order),
    required: await branchRequiresSignature(db, order.branchId),
  };
}

/** GET /api/work-order-signature/:orderId/file: the PNG, for whoever sees the order. */
export async function openJobSignature(
  db: Database,
  storage: FileStorage,
  scope: Scope,
  reference: string,
): Promise<{ stream: Readable; contentType: string; size: number }> {
  const order = await findWorkOrderRow(db, reference);
  if (!order || !seesWork(scope, order)) throw notFound(M.signatureNotFound);
  const row = await findSignatureRow(db, order.id);
  const stream = row ? await storage.get(row.fileKey) : null;
  if (!row || !stream) throw notFound(M.signatureNotFound);
  return { stream, contentType: row.contentType, size: row.size };
}

/**
 * The completion rule (app.ts hands it to the work-orders routes): an order of a branch that
 * requires the customer's signature is not sent for approval without one. Run inside the
 * send-for-approval transaction with the order locked.
 */
export async function signatureRefusal(
  tx: Tx,
  order: { id: string; branchId: string },
): Promise<string | null> {
  if (!(await branchRequiresSignature(tx, order.branchId))) return null;
  // The rule and its words are the phone's too (packages/domain/src/completion-rule.ts).
  return signatureRefusalOf(true, await hasSignature(tx, order.id));
}
