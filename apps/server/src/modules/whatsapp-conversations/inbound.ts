import { isOptOut } from '@karya/domain/whatsapp-conversations';
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { recordAudit } from '../../audit/record-audit';
import type { Database, Tx } from '../../db/client';
import {
  branches,
  customers,
  leadRemarks,
  leads,
  whatsappMessages,
  whatsappNationalOf,
  whatsappNumbers,
  whatsappSettings,
} from '../../db/schema';
import { itemsOf, nationalOf } from '../customer-updates';
import { raiseLiveEvent } from '../live-events';

/** One message a customer wrote, as Meta's webhook carries it. */
export interface InboundMessage {
  id: string;
  /** The customer's number as Meta writes it: country code and digits, no '+'. */
  from: string;
  /** The name on the customer's WhatsApp profile, when Meta sends one. */
  profileName: string | null;
  body: string;
  at: Date;
}

const textOf = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value : null;

/**
 * What a customer's message says: a text's body, a button's label; anything Karya does not
 * show (an image, a voice note, a location) a placeholder naming it, so the thread still shows
 * that the customer wrote and the window still opens.
 */
function bodyOf(message: Record<string, unknown>): string {
  const type = typeof message.type === 'string' ? message.type : 'unknown';
  if (type === 'text') return textOf((message.text as { body?: unknown })?.body) ?? '[text]';
  if (type === 'button') return textOf((message.button as { text?: unknown })?.text) ?? '[button]';
  const caption = textOf((message[type] as { caption?: unknown } | undefined)?.caption);
  return caption ? `[${type}] ${caption}` : `[${type}]`;
}

/** How far ahead of ours Meta's clock may be before its time is not believed. */
const CLOCK_SKEW_MS = 60_000;

/**
 * When the customer wrote: Meta's timestamp (seconds), else now. A time past Date's range
 * (a signed body can carry any number) is now, not an Invalid Date that fails the request; a
 * clock ahead of ours beyond a small skew must not hold a window open past 24 hours of ours.
 */
export function sentAtOf(timestamp: unknown, now = new Date()): Date {
  const seconds = Number(timestamp);
  const at = Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : now;
  if (!Number.isFinite(at.getTime())) return now;
  return at.getTime() > now.getTime() + CLOCK_SKEW_MS ? now : at;
}

/**
 * The messages a webhook call carries: entry[].changes[].value.messages[], each with the
 * profile name of value.contacts[] whose wa_id is its sender. Anything else in the body (the
 * webhook is public, though signed) reads as no messages, never as a server error.
 */
export function messagesOfWebhook(body: unknown): InboundMessage[] {
  if (typeof body !== 'object' || body === null) return [];
  return itemsOf(body, 'entry').flatMap((entry) =>
    itemsOf(entry, 'changes').flatMap((change) => {
      const value = (change as { value?: unknown } | null)?.value;
      const names = new Map<string, string>();
      for (const contact of itemsOf(value, 'contacts')) {
        const { wa_id: waId, profile } = (contact ?? {}) as { wa_id?: unknown; profile?: unknown };
        const name = textOf((profile as { name?: unknown } | undefined)?.name);
        if (typeof waId === 'string' && name) names.set(waId, name.trim().slice(0, 100));
      }
      return itemsOf(value, 'messages').flatMap((item) => {
        if (typeof item !== 'object' || item === null) return [];
        const message = item as Record<string, unknown>;
        const { id, from, timestamp } = message;
        if (typeof id !== 'string' || !id || id.length > 200) return [];
        if (typeof from !== 'string' || !/^\d{8,15}$/.test(from)) return [];
        return [
          {
            id,
            from,
            profileName: names.get(from) ?? null,
            body: bodyOf(message).slice(0, 4096),
            at: sentAtOf(timestamp),
          },
        ];
      });
    }),
  );
}

interface ContactMatch {
  type: 'lead' | 'customer';
  id: string;
  branchId: string;
}

/**
 * The contact a number belongs to, compared as Karya's phone search compares (the
 * national digits of the phone, or of the WhatsApp number typed; each side of the OR has its
 * index, whatsappNationalOf's an expression index): a customer first, the most recently
 * changed when two branches have one; else an open lead; else the lead this number's first
 * message made (its phone since edited).
 */
async function contactOfNumber(tx: Tx, national: string, leadId: string | null) {
  const [customer] = await tx
    .select({ id: customers.id, branchId: customers.branchId })
    .from(customers)
    .where(
      or(
        eq(customers.phoneNational, national),
        sql`${whatsappNationalOf(customers.whatsappNumber)} = ${national}`,
      ),
    )
    .orderBy(desc(customers.updatedAt))
    .limit(1);
  if (customer) return { type: 'customer', ...customer } satisfies ContactMatch;
  const [lead] = await tx
    .select({ id: leads.id, branchId: leads.branchId })
    .from(leads)
    .where(
      and(
        isNull(leads.convertedAt),
        or(
          eq(leads.phoneNational, national),
          sql`${whatsappNationalOf(leads.whatsappNumber)} = ${national}`,
          leadId ? eq(leads.id, leadId) : sql`false`,
        ),
      ),
    )
    .orderBy(desc(leads.updatedAt))
    .limit(1);
  return lead ? ({ type: 'lead', ...lead } satisfies ContactMatch) : null;
}

/** The branch a new number's lead goes to: the admin's choice while active, else the first. */
export async function inboundBranchOf(db: Database | Tx): Promise<string | null> {
  const [chosen] = await db
    .select({ id: branches.id })
    .from(whatsappSettings)
    .innerJoin(branches, eq(branches.id, whatsappSettings.inboundBranchId))
    .where(and(eq(whatsappSettings.id, 1), eq(branches.status, 'active')));
  if (chosen) return chosen.id;
  const [first] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(eq(branches.status, 'active'))
    .orderBy(asc(branches.createdAt), asc(branches.id))
    .limit(1);
  return first?.id ?? null;
}

/** A lead from a number Karya did not know: its profile name or number, the message as remark. */
async function createWhatsappLead(tx: Tx, message: InboundMessage, national: string) {
  const branchId = await inboundBranchOf(tx);
  if (!branchId) return null;
  const typed = `+${message.from}`;
  const name = message.profileName ?? typed;
  const [lead] = await tx
    .insert(leads)
    .values({
      name,
      phoneNumber: typed,
      phoneNormalized: typed,
      phoneNational: national,
      whatsappNumber: typed,
      source: 'WhatsApp',
      initialRemark: message.body,
      branchId,
    })
    .returning({ id: leads.id, branchId: leads.branchId });
  if (!lead) return null;
  await tx.insert(leadRemarks).values({ leadId: lead.id, text: message.body, status: 'neutral' });
  await recordAudit(tx, {
    actorId: null,
    action: 'lead.create',
    entityType: 'lead',
    entityId: lead.id,
    summary: `Added lead ${name} from a WhatsApp message`,
    changes: { name, phoneNumber: typed, source: 'WhatsApp' },
  });
  return { type: 'lead', ...lead } satisfies ContactMatch;
}

/**
 * Stores one message (issue 40): once by Meta's id (Meta delivers a webhook again until it is
 * answered 200), on the contact its number matches, or on a new lead. The number's row is
 * locked first, so two deliveries from a new number at the same instant make one lead: the
 * second waits, then finds the lead the first made. Opens the number's 24-hour window, and a
 * STOP marks it opted out. Returns whether the message was new.
 */
async function recordOne(db: Database, message: InboundMessage): Promise<boolean> {
  const national = nationalOf(message.from);
  return db.transaction(async (tx) => {
    await tx.insert(whatsappNumbers).values({ national }).onConflictDoNothing();
    const [number] = await tx
      .select()
      .from(whatsappNumbers)
      .where(eq(whatsappNumbers.national, national))
      .for('update');
    const [seen] = await tx
      .select({ id: whatsappMessages.id })
      .from(whatsappMessages)
      .where(eq(whatsappMessages.providerMessageId, message.id));
    if (seen) return false;
    let contact = await contactOfNumber(tx, national, number?.leadId ?? null);
    let madeLead = false;
    if (!contact) {
      contact = await createWhatsappLead(tx, message, national);
      madeLead = contact !== null;
    }
    // The window and STOP are the number's, kept even when the message itself cannot be:
    // with no active branch at all there is no thread to show it in, and the webhook is
    // answered 200, so Meta does not deliver it again; a STOP must still stop updates.
    const optOut = isOptOut(message.body);
    await tx
      .update(whatsappNumbers)
      .set({
        lastInboundAt: sql`greatest(${whatsappNumbers.lastInboundAt}, ${message.at})`,
        ...(optOut ? { optedOutAt: sql`coalesce(${whatsappNumbers.optedOutAt}, now())` } : {}),
        ...(madeLead && contact ? { leadId: contact.id } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(whatsappNumbers.national, national));
    if (optOut) {
      await recordAudit(tx, {
        actorId: null,
        action: 'whatsapp.opt-out',
        entityType: contact?.type ?? 'whatsapp-number',
        entityId: contact?.id ?? null,
        summary: `+${message.from} replied '${message.body.trim()}': no more automatic WhatsApp updates`,
      });
    }
    const branchId = contact?.branchId ?? (await inboundBranchOf(tx));
    if (!branchId) return false;
    await tx.insert(whatsappMessages).values({
      national,
      leadId: contact?.type === 'lead' ? contact.id : null,
      customerId: contact?.type === 'customer' ? contact.id : null,
      branchId,
      direction: 'in',
      body: message.body,
      providerMessageId: message.id,
      status: 'received',
      at: message.at,
    });
    // The contact rises to the top of the contact book, as any change of it does.
    if (contact?.type === 'customer')
      await tx.update(customers).set({ updatedAt: sql`now()` }).where(eq(customers.id, contact.id));
    else if (contact?.type === 'lead' && !madeLead)
      await tx.update(leads).set({ updatedAt: sql`now()` }).where(eq(leads.id, contact.id));
    if (contact) await raiseLiveEvent(tx, { type: 'whatsapp', branchId, contactId: contact.id });
    return true;
  });
}

/** POST /api/whatsapp-webhook's messages: each stored once; answers how many were new. */
export async function recordInboundMessages(db: Database, body: unknown): Promise<number> {
  let stored = 0;
  for (const message of messagesOfWebhook(body)) if (await recordOne(db, message)) stored += 1;
  return stored;
}
