import { printedDate } from '@karya/domain/format';
import { formatRupees, toPaise } from '@karya/domain/money';
import {
  QUOTE_STATUS_LABELS,
  QUOTE_STATUSES,
  type Quotation,
  type QuoteStatus,
} from '@karya/domain/quotation-schemas';
import type { PillTone } from '../../ui/status-pill';

export const QUOTE_STATUS_TONES: Record<QuoteStatus, PillTone> = {
  draft: 'slate',
  sent: 'blue',
  viewed: 'indigo',
  'changes-requested': 'amber',
  accepted: 'green',
  declined: 'red',
  expired: 'orange',
};

export function quoteStatusOf(text: string | null): QuoteStatus | null {
  return (QUOTE_STATUSES as readonly string[]).includes(text ?? '') ? (text as QuoteStatus) : null;
}

export const statusLabel = (status: QuoteStatus) => QUOTE_STATUS_LABELS[status];

export const money = (rupees: number) => formatRupees(toPaise(rupees));

/** 'YYYY-MM-DD' as the invoices print it, '23 Nov 2026'. */
export const dayText = (day: string) => printedDate(day.slice(0, 10));

/** 'QKOTH/26-27/0001-R2', or 'Draft' before the first send. */
export const numberText = (quote: { displayNumber: string | null }) =>
  quote.displayNumber ?? 'Draft';

export function contactOf(quote: Pick<Quotation, 'lead' | 'customer'>) {
  const contact = quote.customer ?? quote.lead;
  return {
    name: contact?.name ?? '—',
    phone: contact?.phoneNumber ?? '',
    kind: quote.customer ? ('customer' as const) : ('lead' as const),
  };
}

/**
 * What 'Send quote on WhatsApp' types for the manager: the number, the total (the first
 * option's, or 'from' when there are options), the validity and the link.
 */
export function whatsappQuoteText(quote: {
  displayNumber: string;
  contactName: string;
  businessName: string;
  total: number;
  hasOptions: boolean;
  validUntil: string;
  url: string;
}): string {
  const total = `${quote.hasOptions ? 'from ' : ''}${money(quote.total)}`;
  return [
    `Namaste ${quote.contactName},`,
    `your quotation ${quote.displayNumber}${quote.businessName ? ` from ${quote.businessName}` : ''}: ${total}, valid until ${dayText(quote.validUntil)}.`,
    `See it and accept it here: ${quote.url}`,
  ].join('\n');
}
