import { whatsappLink } from '@karya/domain/dues';
import type { PublicQuote } from '@karya/domain/quotation-schemas';
import { MessageCircle, Phone } from 'lucide-react';
import type { QuotePageText } from './quote-page-text';

const BUTTON =
  'inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-lg px-4 text-sm font-medium text-white';

/** The branch's number, else the business's: whom the customer calls about the quote. */
export function shopPhoneOf(quote: Pick<PublicQuote, 'branch' | 'business'>): string {
  return quote.branch.phone || quote.business.phone;
}

/** Call or WhatsApp the shop, with the quote's number typed in the message. */
export function ShopContact({
  quote,
  number,
  text,
}: {
  quote: PublicQuote;
  number: string;
  text: QuotePageText;
}) {
  const phone = shopPhoneOf(quote);
  if (!phone) return null;
  return (
    <div className="flex gap-2">
      <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={`${BUTTON} bg-blue-600`}>
        <Phone aria-hidden="true" className="size-4" />
        {text.call}
      </a>
      <a
        href={whatsappLink(phone, text.whatsappText(number))}
        target="_blank"
        rel="noreferrer"
        className={`${BUTTON} bg-green-600`}
      >
        <MessageCircle aria-hidden="true" className="size-4" />
        {text.whatsapp}
      </a>
    </div>
  );
}
