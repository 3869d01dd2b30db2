/**
 * Meta's customer-service window (issue 40): a business may send free-form text to a
 * customer only within 24 hours of the customer's last message; outside it, only an approved
 * template. Karya does not yet store inbound messages (the conversation half of issue 40), so
 * no window is known to be open and every update goes as a template. The inbound webhook
 * plugs in here: the contact's last inbound time plus 24 hours.
 */
export const WINDOW_HOURS = 24;

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
