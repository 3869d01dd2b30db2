import { formatRupees } from '@karya/domain/money';
import type { PublicQuote } from '@karya/domain/quotation-schemas';
import { QR_SIZE, UpiQr } from '../../shared/upi-qr';
import { advanceLink } from './quote-choice';
import type { QuotePageText } from './quote-page-text';

/**
 * 'Pay 30% advance' once accepted, where the branch takes UPI: a QR for exactly that amount
 * (another phone scans it) and the same link as a button (this phone's UPI app opens it).
 * Nothing here records a payment: the shop confirms it against the UPI transaction id.
 */
export function AdvancePayment({ quote, text }: { quote: PublicQuote; text: QuotePageText }) {
  const advance = advanceLink(quote);
  if (!advance) return null;
  const amount = formatRupees(advance.amountPaise);
  return (
    <section
      className="space-y-3 rounded-xl bg-white p-4 shadow-sm"
      aria-label={text.advanceTitle(quote.advancePercent)}
    >
      <h2 className="text-base font-semibold text-slate-900">
        {text.advanceTitle(quote.advancePercent)}
      </h2>
      <p className="text-sm text-slate-600">{text.advanceHelp}</p>
      <div className="flex justify-center">
        <UpiQr value={advance.link} size={QR_SIZE.wizard} label={text.advanceQr(amount)} />
      </div>
      <a
        href={advance.link}
        className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-green-600 px-4 font-medium text-white"
      >
        {text.payByUpi(amount)}
      </a>
      <p className="text-xs text-slate-500">{text.advanceNote}</p>
    </section>
  );
}
