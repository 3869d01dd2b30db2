import { decideOccurredAt, type OccurredAtDecision } from '@karya/domain/occurred-at';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { appendHistory, lastHistoryAt } from './work-orders.queries';

/**
 * When a queued action happened (issue 39 item 3, decision 043): the phone's occurredAt when
 * it is believable against the server's clock and the order's previous event, else the
 * server's time with a note. Read inside the action's transaction, with the order locked, so
 * that no other entry lands between the check and the write.
 */
export async function timeOfAction(
  tx: Tx,
  clock: Clock,
  workOrderId: string,
  occurredAt: string | undefined,
): Promise<OccurredAtDecision | null> {
  if (occurredAt === undefined) return null;
  return decideOccurredAt(occurredAt, clock.now(), await lastHistoryAt(tx, workOrderId));
}

/**
 * The history entry of an action at its time: without occurredAt as before (the database's
 * now); with it, at the decided time, followed by a remark saying why the phone's time was
 * not used when it was not.
 */
export async function appendTimedHistory(
  tx: Tx,
  entry: { workOrderId: string; status: string; remark: string; updatedBy: string },
  time: OccurredAtDecision | null,
): Promise<void> {
  if (time === null) {
    await appendHistory(tx, entry);
    return;
  }
  await appendHistory(tx, { ...entry, updatedAt: time.at });
  if (!time.taken) {
    await appendHistory(tx, {
      workOrderId: entry.workOrderId,
      status: 'remark',
      remark: time.note,
      updatedBy: entry.updatedBy,
      updatedAt: time.at,
    });
  }
}
