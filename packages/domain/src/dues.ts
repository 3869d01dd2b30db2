import { daysBetween } from './day-text';
import { indiaDate } from './financial-year';
import { rupeesDecimal } from './rupees-decimal';

/**
 * Collecting what customers still owe (issue 19): the UPI link, the WhatsApp link, the ageing.
 * The reminder's words are the 'dueReminder' customer update (customer-updates.ts).
 */

/**
 * The upi://pay link for exactly the due: the payee, the amount, and the invoice number as
 * the note (tn) so the payment names the invoice in the payee's statement. The VPA's '@' is
 * left as is, since some UPI apps read '%40' literally; all else is percent-encoded.
 */
export function buildUpiDueLink(input: {
  vpa: string;
  name: string;
  amountPaise: number;
  note: string;
}): string {
  if (!Number.isSafeInteger(input.amountPaise) || input.amountPaise <= 0)
    throw new RangeError(`A UPI due link needs a positive whole amount: ${input.amountPaise}`);
  const params = [
    `pa=${encodeURIComponent(input.vpa.trim()).replace(/%40/g, '@')}`,
    `pn=${encodeURIComponent(input.name)}`,
    `am=${rupeesDecimal(input.amountPaise)}`,
    'cu=INR',
    `tn=${encodeURIComponent(input.note)}`,
  ];
  return `upi://pay?${params.join('&')}`;
}

/**
 * A phone number as WhatsApp addresses it: digits only, with India's 91 in front of a
 * 10-digit number (and of an 11-digit one written with a leading 0).
 */
export function whatsappDigits(phone: string): string {
  let digits = phone.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  if (digits.length === 10) digits = `91${digits}`;
  return digits;
}

/** The number a contact is written to on WhatsApp: their WhatsApp number, else their phone. */
export const whatsappNumberOf = (whatsapp: string, phone: string): string =>
  whatsappDigits(whatsapp.trim() || phone);

/**
 * A wa.me link that opens a chat with the text typed in; without a number WhatsApp asks
 * whom to send it to.
 */
export function whatsappLink(phoneE164Digits: string, text: string): string {
  return `https://wa.me/${whatsappDigits(phoneE164Digits)}?text=${encodeURIComponent(text)}`;
}

export const AGEING_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

export function ageingBucketOf(daysOutstanding: number): AgeingBucket {
  if (daysOutstanding <= 30) return '0-30';
  if (daysOutstanding <= 60) return '31-60';
  if (daysOutstanding <= 90) return '61-90';
  return '90+';
}

/** An ISO day as is; a timestamp ('…T…') as its day in India. */
function indiaDay(iso: string): string {
  return iso.length > 10 ? indiaDate(new Date(iso)) : iso;
}

/**
 * Days from the invoice's date to today, both India days, so an invoice of 11 pm is a day old
 * at 1 am. Never negative: a clock behind the invoice counts as today.
 */
export function daysOutstanding(invoiceDate: string, today: string): number {
  return Math.max(0, daysBetween(indiaDay(invoiceDate), indiaDay(today)));
}
