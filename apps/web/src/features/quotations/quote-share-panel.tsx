import { whatsappLink } from '@karya/domain/dues';
import type { Quotation } from '@karya/domain/quotation-schemas';
import { Check, Copy, Send } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { useNotify } from '../../ui/notification-context';
import { contactOf, whatsappQuoteText } from './quote-display';

/** The customer's link as an address to share: the server may answer a path. */
export function absoluteUrl(url: string): string {
  return url.startsWith('/') ? `${window.location.origin}${url}` : url;
}

const WHATSAPP_BUTTON =
  'inline-flex h-10 items-center gap-2 rounded-lg bg-green-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-green-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-600';

/**
 * After sending: 'Send quote on WhatsApp' (click-to-send from the manager's own WhatsApp, a
 * link so no phone blocks it as a pop-up) with the number, total, validity and the link
 * typed in, and 'Copy link'. Where the server already sent it by template, it says so.
 */
export function QuoteSharePanel({
  quote,
  url,
  businessName,
  sentAutomatically,
}: {
  quote: Quotation;
  url: string;
  businessName: string;
  sentAutomatically: boolean;
}) {
  const notify = useNotify();
  const [copied, setCopied] = useState(false);
  const link = absoluteUrl(url);
  const text = whatsappQuoteText({
    displayNumber: quote.displayNumber ?? quote.number ?? '',
    contactName: contactOf(quote).name,
    businessName,
    // With options, the cheapest: the message says 'from'.
    total:
      quote.optionTotals.length > 0
        ? Math.min(...quote.optionTotals.map((option) => option.total))
        : quote.total,
    hasOptions: quote.options.length > 1,
    validUntil: quote.validUntil,
    url: link,
  });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      notify.success('Link copied');
    } catch {
      // A browser that refuses the clipboard: the link is on screen to select by hand.
      notify.info('Could not copy: select the link and copy it');
    }
  };

  return (
    <div className="space-y-3">
      {sentAutomatically ? <Alert tone="success">Sent on WhatsApp automatically</Alert> : null}
      <p className="break-all rounded-lg bg-slate-50 p-2 font-mono text-xs text-slate-700">
        {link}
      </p>
      <div className="flex flex-wrap gap-2">
        <a
          href={whatsappLink(quote.sendTo, text)}
          target="_blank"
          rel="noreferrer"
          className={WHATSAPP_BUTTON}
        >
          <Send aria-hidden="true" className="size-4" />
          Send quote on WhatsApp
        </a>
        <Button
          variant="secondary"
          icon={
            copied ? (
              <Check aria-hidden="true" className="size-4" />
            ) : (
              <Copy aria-hidden="true" className="size-4" />
            )
          }
          onClick={() => void copy()}
        >
          Copy link
        </Button>
      </div>
    </div>
  );
}
