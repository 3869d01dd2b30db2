import { FilePlus2 } from 'lucide-react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { StatusPill } from '../../ui/status-pill';
import { useQuotationList } from './api';
import { dayText, money, numberText, QUOTE_STATUS_TONES, statusLabel } from './quote-display';

const SHOWN = 10;

/**
 * 'Quotations' on Lead Details and Customer Details: the contact's quotes, newest first, each
 * opening its details, and 'New quotation' for them.
 */
export function ContactQuotationsSection({
  leadId,
  customerId,
}: {
  leadId?: string;
  customerId?: string;
}) {
  const list = useQuotationList(
    {
      status: null,
      search: '',
      branch: null,
      leadId: leadId ?? null,
      customerId: customerId ?? null,
    },
    1,
    SHOWN,
  );
  const contactQuery = customerId
    ? `customerId=${encodeURIComponent(customerId)}`
    : `leadId=${encodeURIComponent(leadId ?? '')}`;
  const rows = list.data?.items ?? [];

  return (
    <section aria-labelledby="quotations-heading" className="rounded-lg border border-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h3 id="quotations-heading" className="text-base font-semibold text-slate-900">
          Quotations
        </h3>
        <Link
          to={`/quotations/new?${contactQuery}`}
          className="inline-flex h-8 items-center gap-1.5 rounded-lg bg-blue-600 px-3 text-sm font-medium text-white shadow-sm hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          <FilePlus2 aria-hidden="true" className="size-4" />
          New quotation
        </Link>
      </div>
      {list.isError && !list.data ? (
        <p className="p-4 text-sm text-red-700">
          {errorMessage(list.error, 'Failed to load quotations')}
        </p>
      ) : list.isPending ? (
        <p className="p-4 text-sm text-slate-500">Loading quotations...</p>
      ) : rows.length === 0 ? (
        <p className="p-4 text-sm text-slate-500">
          No quotations yet. 'New quotation' makes one from the catalogue in a couple of minutes.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {rows.map((quote) => (
            <li key={quote._id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2.5">
              <Link
                to={`/quotations/${quote._id}`}
                className="font-medium text-blue-700 hover:underline"
              >
                {numberText(quote)}
              </Link>
              <span className="text-sm tabular-nums text-slate-700">{money(quote.total)}</span>
              <span className="text-xs text-slate-500">
                valid until {dayText(quote.validUntil)}
              </span>
              <StatusPill tone={QUOTE_STATUS_TONES[quote.status]} className="ml-auto">
                {statusLabel(quote.status)}
              </StatusPill>
            </li>
          ))}
        </ul>
      )}
      {(list.data?.total ?? 0) > SHOWN ? (
        <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-500">
          The newest {SHOWN} of {list.data?.total}; search the rest under Quotations.
        </p>
      ) : null}
    </section>
  );
}
