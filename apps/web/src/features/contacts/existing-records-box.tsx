import { formatPhone } from '@karya/domain/phone-rules';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { Spinner } from '../../ui/spinner';
import { useSearchContacts } from './api/search-contacts';
import { ContactTypeBadge, LeadStatusBadge } from './lead-status-badge';

const DEBOUNCE_MS = 400;

/** Spec 1 §2.10: the box listing existing records found for the entered phone. */
export function ExistingRecordsBox({
  phoneDigits,
  immediate,
}: {
  phoneDigits: string;
  immediate: boolean;
}) {
  const [query, setQuery] = useState(immediate ? phoneDigits : '');
  useEffect(() => {
    if (immediate) {
      setQuery(phoneDigits);
      return;
    }
    const timer = setTimeout(() => setQuery(phoneDigits), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [phoneDigits, immediate]);

  const search = useSearchContacts(query, query.length > 0);
  const leads = search.data?.leads ?? [];
  const customers = search.data?.customers ?? [];
  const rows = [
    ...customers.map((customer) => ({ ...customer, type: 'customer' as const })),
    ...leads.map((lead) => ({ ...lead, type: 'lead' as const })),
  ];

  return (
    <section
      aria-label="Existing records"
      className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm"
    >
      <h3 className="mb-2 font-medium text-amber-900">Existing records for this phone number</h3>
      {!query || search.isPending ? (
        <p className="flex items-center gap-2 text-slate-600">
          <Spinner /> Searching...
        </p>
      ) : search.isError ? (
        <p className="text-red-700">{errorMessage(search.error, 'Search failed')}</p>
      ) : rows.length === 0 ? (
        <p className="text-slate-600">No existing records found.</p>
      ) : (
        <ul className="space-y-1.5">
          {rows.map((row) => (
            <li key={`${row.type}-${row._id}`} className="flex flex-wrap items-center gap-2">
              <ContactTypeBadge type={row.type} />
              <span className="font-medium text-slate-900">{row.name}</span>
              <span className="text-slate-600">{formatPhone(row.phoneNumber)}</span>
              {row.type === 'lead' ? <LeadStatusBadge status={row.status} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
