/**
 * Meta's customer-service window (issue 40): a business may send free-form text to a
 * customer only within 24 hours of the customer's last message; outside it, only an approved
 * template. The inbound webhook (modules/whatsapp-conversations) keeps when each number last
 * wrote in whatsapp_numbers: the window is that time plus 24 hours, and the same row says
 * whether the customer asked for no more automatic updates (STOP).
 */
import { normalizePhone } from '@karya/domain/contact-schemas';
import { whatsappNumberOf } from '@karya/domain/dues';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { whatsappNumbers } from '../../db/schema';

export const WINDOW_HOURS = 24;

/** The number an order's updates go to: the customer's WhatsApp number, else their phone. */
export const updateNumberOf = (order: { customerWhatsapp: string; customerPhone: string }) =>
  whatsappNumberOf(order.customerWhatsapp, order.customerPhone);

export interface WindowContact {
  /** When the customer last wrote to the business's number; null: never, or not known. */
  lastInboundAt?: Date | null;
}

/** Until when a free-form message may be sent to the contact; null: the window is closed. */
export function windowOpenUntil(contact: WindowContact, now: Date = new Date()): Date | null {
  const last = contact.lastInboundAt;
  if (!last) return null;
  const until = new Date(last.getTime() + WINDOW_HOURS * 60 * 60 * 1000);
  return until > now ? until : null;
}

/** The national digits a WhatsApp number is kept by, as contacts' phone_national holds them. */
export function nationalOf(phoneOrDigits: string): string {
  const digits = phoneOrDigits.replace(/\D/g, '');
  // Meta writes numbers with their country code and no '+' (919876543210).
  return normalizePhone(digits.length > 10 ? `+${digits}` : phoneOrDigits).national;
}

export interface NumberState {
  lastInboundAt: Date | null;
  optedOutAt: Date | null;
}

/** What Karya knows of a number: when it last wrote, whether it opted out. */
export async function numberStateOf(
  db: Database | Tx,
  phoneOrDigits: string,
): Promise<NumberState> {
  const national = nationalOf(phoneOrDigits);
  if (!national) return { lastInboundAt: null, optedOutAt: null };
  const [row] = await db
    .select({
      lastInboundAt: whatsappNumbers.lastInboundAt,
      optedOutAt: whatsappNumbers.optedOutAt,
    })
    .from(whatsappNumbers)
    .where(eq(whatsappNumbers.national, national));
  return row ?? { lastInboundAt: null, optedOutAt: null };
}
