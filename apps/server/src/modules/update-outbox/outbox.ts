import type {
  CustomerUpdateEvent,
  UpdateLanguage,
  UpdatePlaceholder,
} from '@karya/domain/customer-updates';
import { AUTO_SEND_DEFAULTS } from '@karya/domain/whatsapp-templates';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { whatsappAutoSend, whatsappOutbox } from '../../db/schema';

/**
 * What happened, for the outbox's unique key: the bill confirmed, the payment taken, the new
 * time of a visit, the moment of an assignment. The same event about the same thing is one
 * message, however often the request that caused it is replayed.
 */
export interface OutboxEvent {
  event: CustomerUpdateEvent;
  workOrderId: string;
  discriminator: string;
  actorId: string;
}

/**
 * Whether this process sends WhatsApp itself: set when the app is built with the Cloud API
 * configured (outbox-plugin.ts). The configuration is the process's (main.ts builds one app),
 * so a shop that sends by wa.me links queues nothing it would never send. Tests that build
 * several apps in one process may queue a few rows in an app without it: harmless, unsent.
 */
let queueing = false;

/** One message per event about the same thing: the outbox's unique key. */
const outboxKey = (entry: Omit<OutboxEvent, 'actorId'>) =>
  `${entry.event}:${entry.workOrderId}:${entry.discriminator}`;

/** Whether this event's update is queued to go by itself: the desk then offers no second send. */
export async function isQueued(db: Database, entry: Omit<OutboxEvent, 'actorId'>) {
  const [row] = await db
    .select({ id: whatsappOutbox.id })
    .from(whatsappOutbox)
    .where(eq(whatsappOutbox.dedupeKey, outboxKey(entry)));
  return row !== undefined;
}

/**
 * Whether a queued update will really go rather than be skipped by the worker: customer-updates
 * answers it (willGoByItself), registered with the worker, since that module imports the ones
 * that queue and they cannot import it back (decision 018: no cycles).
 */
type GoesByItself = (
  db: Database,
  workOrderId: string,
  event: CustomerUpdateEvent,
) => Promise<boolean>;
let goesByItself: GoesByItself | null = null;

export function judgeQueuedUpdatesWith(judge: GoesByItself) {
  goesByItself = judge;
}

/**
 * Whether the customer hears of this event without the desk: queued, and the worker will send
 * it (a template mapped for their language, or the window open; not opted out). A board that
 * says "Karya sends the customer the new time" must not say it of an update that will be skipped.
 */
export async function isSentAutomatically(db: Database, entry: Omit<OutboxEvent, 'actorId'>) {
  if (!goesByItself || !(await isQueued(db, entry))) return false;
  return goesByItself(db, entry.workOrderId, entry.event);
}

/**
 * A quotation's message (issue 35): the quote has no work order until it is accepted, so the
 * row names the quotation and carries what the message says, fixed at the send: the number it
 * goes to, the customer's language and the values of its placeholders.
 */
export interface QuoteOutboxEvent {
  event: CustomerUpdateEvent;
  quotationId: string;
  /** The version sent: a revision sent later is a message of its own. */
  discriminator: string;
  actorId: string;
  to: string;
  language: UpdateLanguage;
  values: Partial<Record<UpdatePlaceholder, string>>;
}

/**
 * Whether the worker, reaching a message to this number in this language, would send it: the
 * plan customer-updates sends by (deliveryPlanOf), registered like goesByItself.
 */
type QuoteGoesByItself = (
  db: Database | Tx,
  to: string,
  event: CustomerUpdateEvent,
  language: UpdateLanguage,
) => Promise<boolean>;
let quoteGoesByItself: QuoteGoesByItself | null = null;

export function judgeQueuedQuotesWith(judge: QuoteGoesByItself) {
  quoteGoesByItself = judge;
}

/**
 * Queues a quotation's message in the send's own transaction, when it will go: the Cloud API
 * configured, the event's automatic sending on, and the worker's plan sends it (a template
 * mapped for the customer's language, or their window open; not opted out). Answers whether
 * it did: the send's sentAutomatically. The same quote's same version is queued once.
 */
export async function enqueueQuoteMessage(tx: Tx, entry: QuoteOutboxEvent): Promise<boolean> {
  if (!queueing || !quoteGoesByItself || !entry.to) return false;
  if (!(await autoSendOf(tx, entry.event))) return false;
  if (!(await quoteGoesByItself(tx, entry.to, entry.event, entry.language))) return false;
  const inserted = await tx
    .insert(whatsappOutbox)
    .values({
      dedupeKey: `${entry.event}:quotation:${entry.quotationId}:${entry.discriminator}`,
      quotationId: entry.quotationId,
      event: entry.event,
      actorId: entry.actorId,
      payload: { to: entry.to, language: entry.language, ...entry.values },
    })
    .onConflictDoNothing({ target: whatsappOutbox.dedupeKey })
    .returning({ id: whatsappOutbox.id });
  return inserted.length > 0;
}

export function queueUpdatesInThisProcess() {
  queueing = true;
}

/** Whether an event goes at the moment it happens: the admin's switch, else Karya's default. */
export async function autoSendOf(tx: Tx, event: CustomerUpdateEvent): Promise<boolean> {
  const [row] = await tx
    .select({ enabled: whatsappAutoSend.enabled })
    .from(whatsappAutoSend)
    .where(eq(whatsappAutoSend.event, event));
  return row?.enabled ?? AUTO_SEND_DEFAULTS[event];
}

/**
 * Queues an update inside the event's own transaction (issue 40, decision 047): it commits
 * with the assignment, bill or payment, or not at all, and the worker sends it after. An
 * event whose automatic sending is off queues nothing (it stays one tap). A second enqueue of
 * the same key (a replayed request, a transaction run again) is ignored. Without the Cloud
 * API nothing is queued.
 */
export async function enqueueCustomerUpdate(tx: Tx, entry: OutboxEvent): Promise<void> {
  if (!queueing || !(await autoSendOf(tx, entry.event))) return;
  await tx
    .insert(whatsappOutbox)
    .values({
      dedupeKey: outboxKey(entry),
      workOrderId: entry.workOrderId,
      event: entry.event,
      actorId: entry.actorId,
    })
    .onConflictDoNothing({ target: whatsappOutbox.dedupeKey });
}
