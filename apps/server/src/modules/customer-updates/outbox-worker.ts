import type { CustomerUpdateEvent, UpdateLanguage } from '@karya/domain/customer-updates';
import { WHATSAPP_TEMPLATE_MESSAGES as WA } from '@karya/domain/whatsapp-templates';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { WhatsAppCloudConfig } from '../../config';
import type { Database, Tx } from '../../db/client';
import { whatsappOutbox } from '../../db/schema';
import { PollLoop } from '../../poll-loop';
import { appendHistory, touchWorkOrder } from '../work-orders';
import { findMessageOfOutbox, insertMessageRow } from './customer-updates.queries';
import {
  deliverQuoteMessage,
  deliverUpdate,
  deliveryRemark,
  findOrderForUpdate,
  recordQuoteMessage,
  statusLinkForWorker,
} from './customer-updates.service';
import { updateNumberOf } from './customer-window';
import { CloudSendError } from './whatsapp-cloud';

/**
 * The worker that sends queued updates (issue 40, decision 047). One runs in every server
 * process; they share the whatsapp_outbox table and never the same row: a row is claimed with
 * FOR UPDATE SKIP LOCKED and leased for LEASE_MS, so a process that dies holding one gives it
 * up when the lease runs out, and another claims it again.
 */

export interface OutboxOptions {
  /** How often the table is read besides the wake after each change; 0: only drain() (tests). */
  pollMs: number;
  /** How long a claimed row is another process's before it may be claimed again. */
  leaseMs?: number;
  /** Attempts before a message WhatsApp keeps failing with a 5xx or timeout is given up. */
  maxAttempts?: number;
  /** The worker's clock: tests move it past a lease or a backoff instead of waiting. */
  now?: () => Date;
  send?: typeof fetch;
  log?: FastifyBaseLogger;
}

const LEASE_MS = 2 * 60 * 1000;
const MAX_ATTEMPTS = 6;

/** 30 s, 1, 2, 4, 8 min … after each failed attempt, capped at an hour. */
export const backoffMs = (attempts: number) =>
  Math.min(60 * 60 * 1000, 30_000 * 2 ** Math.max(0, attempts - 1));

type OutboxRow = typeof whatsappOutbox.$inferSelect;

/**
 * Claims the next due row: pending and due, or sending with its lease run out (its process
 * died). SKIP LOCKED passes over a row another process is claiming this instant; the lease is
 * what keeps a claimed row from a second worker after that transaction ends.
 */
async function claimNext(
  db: Database,
  now: Date,
  leaseMs: number,
): Promise<{ row: OutboxRow; reclaimed: boolean } | null> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select()
      .from(whatsappOutbox)
      .where(
        sql`(${whatsappOutbox.status} = 'pending' and ${whatsappOutbox.nextAt} <= ${now})
          or (${whatsappOutbox.status} = 'sending' and ${whatsappOutbox.leaseUntil} < ${now})`,
      )
      .orderBy(whatsappOutbox.nextAt)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    const [row] = await tx
      .update(whatsappOutbox)
      .set({
        status: 'sending',
        attempts: due.attempts + 1,
        leaseUntil: new Date(now.getTime() + leaseMs),
        updatedAt: now,
      })
      .where(eq(whatsappOutbox.id, due.id))
      .returning();
    return row ? { row, reclaimed: due.status === 'sending' } : null;
  });
}

async function finish(
  db: Database | Tx,
  id: string,
  status: 'sent' | 'failed' | 'skipped',
  error: string | null,
  now: Date,
) {
  await db
    .update(whatsappOutbox)
    .set({ status, lastError: error, leaseUntil: null, updatedAt: now })
    .where(eq(whatsappOutbox.id, id));
}

/** Why an opted-out customer's update was skipped: the outbox row's last_error. */
const OPTED_OUT = 'Opted out';
export const OPTED_OUT_REMARK =
  'WhatsApp updates not sent by themselves: the customer replied STOP. A manager can turn them back on when the customer asks.';

/** Whether an earlier update of the order was already held back by the customer's STOP. */
async function optOutNoted(db: Database, workOrderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: whatsappOutbox.id })
    .from(whatsappOutbox)
    .where(
      and(
        eq(whatsappOutbox.workOrderId, workOrderId),
        eq(whatsappOutbox.status, 'skipped'),
        eq(whatsappOutbox.lastError, OPTED_OUT),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A history entry of the worker's, by whoever caused the event. */
async function noteInHistory(
  db: Database,
  workOrderId: string,
  actorId: string | null,
  remark: string,
) {
  await db.transaction(async (tx) => {
    await appendHistory(tx, {
      workOrderId,
      status: 'communication',
      remark,
      updatedBy: actorId as string,
    });
    await touchWorkOrder(tx, workOrderId);
  });
}

export class OutboxWorker {
  private readonly loop: PollLoop;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly cloud: WhatsAppCloudConfig,
    private readonly options: OutboxOptions,
  ) {
    this.leaseMs = options.leaseMs ?? LEASE_MS;
    this.maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
    this.now = options.now ?? (() => new Date());
    this.loop = new PollLoop(
      options.pollMs,
      () => this.runToEmpty(),
      (error) => this.options.log?.error({ err: error }, 'WhatsApp outbox run failed'),
    );
  }

  /** Polls every pollMs (other processes' rows, retries come due); 0 polls never. */
  start() {
    this.loop.start();
  }

  /** Stops polling and waits for the row in hand, so a closing server leaves none half sent. */
  stop() {
    return this.loop.stop();
  }

  /**
   * Runs the queue soon: after a request that may have queued an update commits. A wake while
   * a run is under way makes it read the table once more at its end, so none is missed.
   */
  wake() {
    this.loop.wake();
  }

  /** Sends every row due now, then resolves: what tests call instead of waiting for a poll. */
  async drain(): Promise<number> {
    return this.runToEmpty();
  }

  private async runToEmpty(): Promise<number> {
    let handled = 0;
    for (;;) {
      // A closing server waits for the row in hand, not for the whole queue: what is left is
      // still pending, for the next process (or this one's next start) to send.
      if (this.loop.stopped) return handled;
      const claimed = await claimNext(this.db, this.now(), this.leaseMs);
      if (!claimed) return handled;
      await this.handle(claimed.row, claimed.reclaimed);
      handled += 1;
    }
  }

  /** Claims one row and stops there, as a process killed before sending would (tests). */
  async claimOnly(): Promise<string | null> {
    return (await claimNext(this.db, this.now(), this.leaseMs))?.row.id ?? null;
  }

  /** Puts a row back for later after WhatsApp was down or slow; true when it will be tried again. */
  private async retryLater(row: OutboxRow, error: unknown, now: Date): Promise<boolean> {
    const reason = error instanceof Error ? error.message : String(error);
    const retry =
      (!(error instanceof CloudSendError) || error.retryable) && row.attempts < this.maxAttempts;
    if (!retry) return false;
    await this.db
      .update(whatsappOutbox)
      .set({
        status: 'pending',
        lastError: reason,
        leaseUntil: null,
        nextAt: new Date(now.getTime() + backoffMs(row.attempts)),
        updatedAt: now,
      })
      .where(eq(whatsappOutbox.id, row.id));
    return true;
  }

  /**
   * A quotation's message (issue 35): sent with what the send fixed, and said in the quote's
   * audit trail (it has no order history). The audit line and the row's 'sent' commit in one
   * transaction, so a row claimed again after its lease was never recorded as sent.
   */
  private async handleQuote(row: OutboxRow) {
    const now = this.now();
    const request = {
      quotationId: row.quotationId as string,
      event: row.event as CustomerUpdateEvent,
      payload: row.payload ?? {},
      actorId: row.actorId,
      outboxId: row.id,
    };
    try {
      const delivery = await deliverQuoteMessage(
        this.db,
        this.cloud,
        { ...request, alsoOnSent: (tx) => finish(tx, row.id, 'sent', null, now) },
        this.options.send,
      );
      if (delivery.outcome === 'sent') return;
      const reason = delivery.outcome === 'opted-out' ? OPTED_OUT : 'No approved template';
      await this.db.transaction(async (tx) => {
        await finish(tx, row.id, 'skipped', reason, now);
        await recordQuoteMessage(tx, request, 'skipped', { reason });
      });
    } catch (error) {
      if (await this.retryLater(row, error, now)) return;
      const reason = error instanceof Error ? error.message : String(error);
      await this.db.transaction(async (tx) => {
        await finish(tx, row.id, 'failed', reason, now);
        await recordQuoteMessage(tx, request, 'failed', { reason });
      });
    }
  }

  private async handle(row: OutboxRow, reclaimed: boolean) {
    const now = this.now();
    // A row claimed again after its process died: if that process recorded the message (the
    // same transaction marks the row sent, so only a failure between the two could leave
    // this), it went; never send it twice. What is left is decision 047's edge: Meta took it
    // and the process died before the transaction committed.
    const recorded = reclaimed ? await findMessageOfOutbox(this.db, row.id) : null;
    if (recorded) {
      const failed = recorded.status === 'failed';
      await finish(this.db, row.id, failed ? 'failed' : 'sent', null, now);
      return;
    }
    if (row.workOrderId === null) {
      await this.handleQuote(row);
      return;
    }
    const order = await findOrderForUpdate(this.db, row.workOrderId);
    if (!order) {
      await finish(this.db, row.id, 'skipped', 'The work order no longer exists', now);
      return;
    }
    const event = row.event as CustomerUpdateEvent;
    const language = order.customerLanguage as UpdateLanguage;
    try {
      const statusLink = await statusLinkForWorker(this.db, this.cloud, row.actorId, order.id);
      const delivery = await deliverUpdate(
        this.db,
        this.cloud,
        {
          order,
          event,
          language,
          actorId: row.actorId,
          statusLink,
          outboxId: row.id,
          alsoOnSent: (tx) => finish(tx, row.id, 'sent', null, now),
        },
        this.options.send,
      );
      if (delivery.outcome === 'opted-out') {
        // Said in the order's history once, not at every update the STOP holds back.
        const told = await optOutNoted(this.db, order.id);
        await finish(this.db, row.id, 'skipped', OPTED_OUT, now);
        if (!told) await noteInHistory(this.db, order.id, row.actorId, OPTED_OUT_REMARK);
        return;
      }
      if (delivery.outcome === 'no-template') {
        await finish(this.db, row.id, 'skipped', 'No approved template', now);
        await noteInHistory(this.db, order.id, row.actorId, WA.noTemplate(event, language));
      }
    } catch (error) {
      // WhatsApp was down or slow, or this process met an error of its own: later, again.
      if (await this.retryLater(row, error, now)) return;
      const reason = error instanceof Error ? error.message : String(error);
      await insertMessageRow(this.db, {
        workOrderId: order.id,
        event,
        language,
        toPhone: updateNumberOf(order),
        sentBy: row.actorId,
        kind: 'template',
        outboxId: row.id,
        status: 'failed',
        error: reason,
      });
      await finish(this.db, row.id, 'failed', reason, now);
      await noteInHistory(
        this.db,
        order.id,
        row.actorId,
        deliveryRemark(event, language, 'failed', reason),
      );
    }
  }
}
