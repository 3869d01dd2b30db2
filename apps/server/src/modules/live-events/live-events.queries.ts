import { and, asc, desc, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { liveEvents } from '../../db/schema';

/** The NOTIFY channel of every process of one database; the payload is an event's row id. */
export const LIVE_CHANNEL = 'karya_live';
/** How long a row is kept for a browser that reconnects with Last-Event-ID. */
export const KEEP_HOURS = 24;

/** What a stream sends: the row id as the SSE id, the data with its time. */
export interface LiveEvent {
  id: number;
  branchId: string;
  data: Record<string, unknown>;
}

/** The branches a stream may hear of: every one (an admin) or a list. */
export type Branches = 'all' | readonly string[];

/**
 * Something a branch's boards show changed: a work order's status or time, or the branch's
 * working hours or a technician's leave.
 */
export type LiveChange =
  | { type: 'work-order'; workOrderId: string }
  | { type: 'schedule'; branchId: string; technicianId?: string }
  /** A customer wrote on WhatsApp (issue 40): the unread badge and the open thread refetch. */
  | { type: 'whatsapp'; branchId: string; contactId: string };

/**
 * Records the change and notifies every process, in the caller's transaction: PostgreSQL
 * delivers the NOTIFY only on commit, so a rolled-back change tells nobody, and a board that
 * refetches on the event reads the committed rows. One statement: a work order's branch and
 * order id are read by the insert itself.
 */
export async function raiseLiveEvent(tx: Tx, change: LiveChange): Promise<void> {
  const recorded =
    change.type === 'work-order'
      ? sql`insert into live_events (branch_id, type, data)
          select branch_id, 'work-order', jsonb_build_object(
            'type', 'work-order', 'orderId', order_id, 'workOrderId', id, 'branchId', branch_id)
          from work_orders where id = ${change.workOrderId}
          returning id`
      : sql`insert into live_events (branch_id, type, data)
          values (${change.branchId}, ${change.type}, ${JSON.stringify(change)}::jsonb)
          returning id`;
  await tx.execute(
    sql`with event as (${recorded}) select pg_notify(${LIVE_CHANNEL}, id::text) from event`,
  );
}

const columns = {
  id: liveEvents.id,
  branchId: liveEvents.branchId,
  data: liveEvents.data,
  at: liveEvents.at,
};

function asEvent(row: { id: number; branchId: string; data: Record<string, unknown>; at: Date }) {
  return { id: row.id, branchId: row.branchId, data: { ...row.data, at: row.at.toISOString() } };
}

/** The events of these ids (the ids one round of NOTIFY brought), in id order. */
export async function eventsByIds(db: Database, ids: readonly number[]): Promise<LiveEvent[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(columns)
    .from(liveEvents)
    .where(inArray(liveEvents.id, [...ids]))
    .orderBy(asc(liveEvents.id));
  return rows.map(asEvent);
}

/**
 * The latest `limit` events after `afterId` of these branches, oldest first: what a browser
 * missed while it was away. Beyond the limit the newest are kept, since the board refetches
 * on any of them.
 */
export async function eventsAfter(
  db: Database,
  branches: Branches,
  afterId: number,
  limit: number,
): Promise<LiveEvent[]> {
  if (branches !== 'all' && branches.length === 0) return [];
  const rows = await db
    .select(columns)
    .from(liveEvents)
    .where(
      and(
        gt(liveEvents.id, afterId),
        branches === 'all' ? undefined : inArray(liveEvents.branchId, [...branches]),
      ),
    )
    .orderBy(desc(liveEvents.id))
    .limit(limit);
  return rows.reverse().map(asEvent);
}

/** Drops the events older than the replay window (live_events_at_idx makes it a range). */
export async function pruneLiveEvents(db: Database): Promise<void> {
  await db
    .delete(liveEvents)
    .where(lt(liveEvents.at, sql`now() - make_interval(hours => ${KEEP_HOURS})`));
}
