import {
  CUSTOMER_UPDATE_EVENT_LABELS,
  type CustomerUpdateEvent,
  UPDATE_LANGUAGE_LABELS,
  type UpdateLanguage,
} from '@karya/domain/customer-updates';
import { whatsappNumberOf } from '@karya/domain/dues';
import {
  type Conversation,
  type ConversationMessage,
  CONVERSATION_MESSAGES as M,
  type WhatsappReplyInput,
  type WhatsappSettings,
  type WhatsappSettingsInput,
} from '@karya/domain/whatsapp-conversations';
import { and, count, desc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import { deskBranchOf, inScope, type Scope } from '../../auth/scope';
import type { WhatsAppCloudConfig } from '../../config';
import type { Database } from '../../db/client';
import {
  branches,
  customers,
  customerUpdateMessages,
  leads,
  whatsappMessages,
  whatsappNumbers,
  whatsappOutbox,
  whatsappSettings,
  workOrders,
} from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import {
  CloudSendError,
  nationalOf,
  numberStateOf,
  sendCloudText,
  windowOpenUntil,
} from '../customer-updates';
import { inboundBranchOf } from './inbound';

interface Contact {
  type: 'lead' | 'customer';
  id: string;
  branchId: string;
  phoneNumber: string;
  whatsappNumber: string;
}

/**
 * A lead or a customer by its id, in the caller's scope: another branch's answers as absent
 * (404), so its existence does not leak. Technicians never reach here (the routes are the
 * desk's).
 */
async function contactInScope(db: Database, scope: Scope, id: string): Promise<Contact> {
  const columns = {
    id: customers.id,
    branchId: customers.branchId,
    phoneNumber: customers.phoneNumber,
    whatsappNumber: customers.whatsappNumber,
  };
  const [customer] = await db.select(columns).from(customers).where(eq(customers.id, id));
  const [lead] = customer
    ? []
    : await db
        .select({
          id: leads.id,
          branchId: leads.branchId,
          phoneNumber: leads.phoneNumber,
          whatsappNumber: leads.whatsappNumber,
        })
        .from(leads)
        .where(eq(leads.id, id));
  const contact = customer
    ? { type: 'customer' as const, ...customer }
    : lead
      ? { type: 'lead' as const, ...lead }
      : null;
  if (!contact || !inScope(scope, contact.branchId)) throw notFound(M.contactNotFound);
  return contact;
}

const whatsappOf = (contact: Contact) =>
  whatsappNumberOf(contact.whatsappNumber, contact.phoneNumber);

/** Every number of the contact, by national digits: its thread is theirs. */
const nationalsOf = (contact: Contact) =>
  [
    ...new Set(
      [contact.phoneNumber, contact.whatsappNumber].filter((n) => n.trim()).map(nationalOf),
    ),
  ].filter(Boolean);

/**
 * The contact's thread: its numbers' messages in its own branch. A number alone is not enough,
 * since anyone may type any number on a lead: another branch's customer's thread stays theirs.
 */
const threadOf = (contact: Contact, nationals: string[]) =>
  and(
    inArray(whatsappMessages.national, nationals),
    eq(whatsappMessages.branchId, contact.branchId),
  );

const label = (event: string, language: string) =>
  `${CUSTOMER_UPDATE_EVENT_LABELS[event as CustomerUpdateEvent] ?? event} (${UPDATE_LANGUAGE_LABELS[language as UpdateLanguage] ?? language})`;

/**
 * GET /api/contact-conversation?contactId=: what the customer wrote and the replies (by the
 * contact's numbers), the updates Karya sent about the customer's orders
 * (customer_update_messages), and those still queued or held back in the outbox, oldest first;
 * the window and the opt-out of the number Karya writes to.
 */
export async function conversationOf(
  db: Database,
  scope: Scope,
  contactId: string,
  cloud: WhatsAppCloudConfig | null,
): Promise<Conversation> {
  const contact = await contactInScope(db, scope, contactId);
  const nationals = nationalsOf(contact);
  const [number, chat, updates, queued] = await Promise.all([
    numberStateOf(db, whatsappOf(contact)),
    nationals.length
      ? db
          .select()
          .from(whatsappMessages)
          .where(threadOf(contact, nationals))
          // The newest 500, not the oldest: a long thread must show what was written today;
          // read newest first (the (national, at) index backwards), shown oldest first.
          .orderBy(desc(whatsappMessages.at))
          .limit(500)
          .then((rows) => rows.reverse())
      : [],
    contact.type === 'customer'
      ? db
          .select({
            event: customerUpdateMessages.event,
            language: customerUpdateMessages.language,
            kind: customerUpdateMessages.kind,
            status: customerUpdateMessages.status,
            error: customerUpdateMessages.error,
            at: customerUpdateMessages.createdAt,
          })
          .from(customerUpdateMessages)
          .innerJoin(workOrders, eq(workOrders.id, customerUpdateMessages.workOrderId))
          .where(eq(workOrders.customerId, contact.id))
          // The newest 500 (the thread is sorted by time below).
          .orderBy(desc(customerUpdateMessages.createdAt))
          .limit(500)
      : [],
    contact.type === 'customer'
      ? db
          .select({
            event: whatsappOutbox.event,
            status: whatsappOutbox.status,
            error: whatsappOutbox.lastError,
            at: whatsappOutbox.createdAt,
          })
          .from(whatsappOutbox)
          .innerJoin(workOrders, eq(workOrders.id, whatsappOutbox.workOrderId))
          .where(
            and(
              eq(workOrders.customerId, contact.id),
              inArray(whatsappOutbox.status, ['pending', 'sending', 'skipped']),
              notExists(
                db
                  .select({ one: sql`1` })
                  .from(customerUpdateMessages)
                  .where(eq(customerUpdateMessages.outboxId, whatsappOutbox.id)),
              ),
            ),
          )
          .limit(500)
      : [],
  ]);
  const messages: (ConversationMessage & { time: number })[] = [
    ...chat.map((row) => ({
      direction: row.direction as 'in' | 'out',
      kind: 'text' as const,
      body: row.body,
      status: row.direction === 'in' ? (row.readAt ? 'read' : 'received') : row.status,
      error: row.error,
      at: row.at.toISOString(),
      time: row.at.getTime(),
    })),
    ...updates.map((row) => ({
      direction: 'out' as const,
      kind: row.kind === 'template' ? ('template' as const) : ('text' as const),
      body: `Update: ${label(row.event, row.language)}`,
      status: row.status,
      error: row.error,
      at: row.at.toISOString(),
      time: row.at.getTime(),
    })),
    ...queued.map((row) => ({
      direction: 'out' as const,
      kind: 'template' as const,
      body: `Update: ${CUSTOMER_UPDATE_EVENT_LABELS[row.event as CustomerUpdateEvent] ?? row.event}`,
      status: row.status === 'skipped' ? 'not sent' : 'queued',
      error: row.status === 'skipped' ? row.error : null,
      at: row.at.toISOString(),
      time: row.at.getTime(),
    })),
  ];
  messages.sort((a, b) => a.time - b.time);
  const until = windowOpenUntil(number);
  return {
    contactId: contact.id,
    contactType: contact.type,
    windowOpenUntil: until?.toISOString() ?? null,
    optedOut: number.optedOutAt !== null,
    optedOutAt: number.optedOutAt?.toISOString() ?? null,
    canReply: cloud !== null,
    messages: messages.map(({ time: _time, ...message }) => message),
  };
}

/**
 * POST /api/whatsapp-reply: free-form text, which Meta delivers only inside the customer's
 * 24-hour window; outside it 409 and nothing is sent (a template is the way then). A customer
 * who replied STOP is written to only when they write again, which reopens the window: a reply
 * to their own message is not an automatic update, so STOP does not block it.
 */
export async function replyTo(
  db: Database,
  actor: Actor,
  scope: Scope,
  cloud: WhatsAppCloudConfig | null,
  input: WhatsappReplyInput,
  send: typeof fetch = fetch,
) {
  const contact = await contactInScope(db, scope, input.contactId);
  if (!cloud) throw conflict(M.notConfigured);
  const to = whatsappOf(contact);
  const national = nationalOf(to);
  if (!national) throw badRequest(M.contactNotFound);
  const number = await numberStateOf(db, to);
  if (!windowOpenUntil(number)) throw conflict(M.windowClosed);
  let messageId: string;
  try {
    ({ messageId } = await sendCloudText(cloud, to, input.text, send));
  } catch (error) {
    if (!(error instanceof CloudSendError)) throw error;
    // Meta's word wins over our clock: a 131047 is the window closed as WhatsApp counts it.
    if (error.code === 131047) throw conflict(M.windowClosed);
    throw new HttpError(502, error.message);
  }
  await db.transaction(async (tx) => {
    await tx.insert(whatsappMessages).values({
      national,
      leadId: contact.type === 'lead' ? contact.id : null,
      customerId: contact.type === 'customer' ? contact.id : null,
      branchId: contact.branchId,
      direction: 'out',
      body: input.text,
      providerMessageId: messageId,
      status: 'sent',
      sentBy: actor.id,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'whatsapp.reply',
      entityType: contact.type,
      entityId: contact.id,
      summary: `Replied on WhatsApp to ${to}`,
      changes: { messageId },
    });
  });
  return { status: 'sent', messageId };
}

/** POST /api/whatsapp-thread-read: the contact's inbound messages are read (the badge drops). */
export async function markThreadRead(db: Database, scope: Scope, contactId: string) {
  const contact = await contactInScope(db, scope, contactId);
  const nationals = nationalsOf(contact);
  if (!nationals.length) return { read: 0 };
  const read = await db
    .update(whatsappMessages)
    .set({ readAt: sql`now()` })
    .where(
      and(
        threadOf(contact, nationals),
        eq(whatsappMessages.direction, 'in'),
        isNull(whatsappMessages.readAt),
      ),
    )
    .returning({ id: whatsappMessages.id });
  return { read: read.length };
}

/** GET /api/whatsapp-unread: unread inbound messages of the manager's branch (an admin: all). */
export async function unreadCount(db: Database, scope: Scope) {
  const branchId = deskBranchOf(scope);
  const [row] = await db
    .select({ n: count() })
    .from(whatsappMessages)
    .where(
      and(
        eq(whatsappMessages.direction, 'in'),
        isNull(whatsappMessages.readAt),
        branchId ? eq(whatsappMessages.branchId, branchId) : undefined,
      ),
    );
  return { unread: Number(row?.n ?? 0) };
}

/**
 * POST /api/whatsapp-opt-in (managers and admins, the contact's branch): automatic updates
 * again after a STOP, which only the customer's own asking justifies (the screen says so).
 * The opt-out is the number's, shared by every branch, so only a number that has written to
 * the contact's branch is turned back on: typing another branch's customer's number on a lead
 * does not undo that customer's STOP.
 */
export async function optIn(db: Database, actor: Actor, scope: Scope, contactId: string) {
  const contact = await contactInScope(db, scope, contactId);
  const all = nationalsOf(contact);
  const nationals = all.length
    ? (
        await db
          .selectDistinct({ national: whatsappMessages.national })
          .from(whatsappMessages)
          .where(and(threadOf(contact, all), eq(whatsappMessages.direction, 'in')))
      ).map((row) => row.national)
    : [];
  if (all.length && !nationals.length) throw conflict(M.optInElsewhere);
  await db.transaction(async (tx) => {
    if (nationals.length)
      await tx
        .update(whatsappNumbers)
        .set({ optedOutAt: null, updatedAt: sql`now()` })
        .where(inArray(whatsappNumbers.national, nationals));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'whatsapp.opt-in',
      entityType: contact.type,
      entityId: contact.id,
      summary: 'Turned automatic WhatsApp updates back on at the customer’s request',
    });
  });
  return { optedOut: false };
}

/** GET /api/whatsapp-settings (admins): the branch new numbers' leads go to. */
export async function settingsOf(db: Database): Promise<WhatsappSettings> {
  const [row] = await db
    .select({ inboundBranchId: whatsappSettings.inboundBranchId })
    .from(whatsappSettings)
    .where(eq(whatsappSettings.id, 1));
  return {
    inboundBranchId: row?.inboundBranchId ?? null,
    effectiveBranchId: await inboundBranchOf(db),
  };
}

/** PUT /api/whatsapp-settings (admins): an active branch, or null for the first active one. */
export async function saveSettings(db: Database, actor: Actor, input: WhatsappSettingsInput) {
  if (input.inboundBranchId) {
    const [branch] = await db
      .select({ status: branches.status })
      .from(branches)
      .where(eq(branches.id, input.inboundBranchId));
    if (branch?.status !== 'active') throw badRequest(M.branchInvalid);
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(whatsappSettings)
      .values({ id: 1, inboundBranchId: input.inboundBranchId, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: whatsappSettings.id,
        set: { inboundBranchId: input.inboundBranchId, updatedBy: actor.id, updatedAt: sql`now()` },
      });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'whatsapp.settings',
      entityType: 'whatsapp-settings',
      summary: 'Chose the branch of leads from new WhatsApp numbers',
      changes: { ...input },
    });
  });
  return settingsOf(db);
}
