import { randomBytes } from 'node:crypto';
import { statusLinkPath } from '@karya/domain/job-status';
import type { Tx } from '../../db/client';
import { lockOrderLink, saveNewLink } from './job-status.queries';

/**
 * The order's live job-status link, made by the system when it has none (issue 37: the
 * customer who raised a complaint from a unit's sticker is given the new order's page at
 * once). The same rules as staff's statusLinkOf: a live link is kept, a revoked one is
 * replaced by a new token of 192 random bits (STATUS_LINK_TOKEN). In the caller's
 * transaction, with the order's link row locked, so two callers agree on one token.
 */
export async function ensureStatusLink(
  tx: Tx,
  workOrderId: string,
): Promise<{ token: string; path: string }> {
  const link = await lockOrderLink(tx, workOrderId);
  if (link && link.revokedAt === null)
    return { token: link.token, path: statusLinkPath(link.token) };
  const token = randomBytes(24).toString('base64url');
  await saveNewLink(tx, workOrderId, token, null);
  return { token, path: statusLinkPath(token) };
}
