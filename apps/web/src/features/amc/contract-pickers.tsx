import type { Customer } from '@karya/domain/contact';
import { formatPhone } from '@karya/domain/phone-rules';
import { X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { SearchInput } from '../../ui/search-input';
import { Loading } from '../../ui/spinner';
import { useCoverableParts, useCustomerSearch } from './api/customer-lookup';

/**
 * The customer of a new contract: once chosen, their name and phone with 'Change'; before,
 * a search by name or phone among the branch's customers.
 */
export function CustomerPicker({
  customerId,
  customer,
  locked = false,
  error,
  onPick,
}: {
  customerId: string;
  /** The chosen customer as read; null while it loads. */
  customer: Customer | null;
  /** The customer cannot change (a draft being edited). */
  locked?: boolean;
  error: string | undefined;
  onPick: (customerId: string) => void;
}) {
  const [text, setText] = useState('');
  const found = useCustomerSearch(text);

  if (customerId) {
    return (
      <div>
        <p className="mb-1.5 text-sm font-medium text-slate-700">Customer</p>
        <div className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
          <div className="min-w-0 text-sm">
            <p className="font-medium text-slate-900">{customer?.name ?? 'Loading...'}</p>
            <p className="text-xs text-slate-500">{formatPhone(customer?.phoneNumber)}</p>
          </div>
          {locked ? null : (
            <Button size="sm" variant="secondary" onClick={() => onPick('')}>
              Change
            </Button>
          )}
        </div>
        {error ? <p className="mt-1 text-xs text-red-600">{error}</p> : null}
      </div>
    );
  }
  const results = found.data ?? [];
  return (
    <div>
      <p className="mb-1.5 text-sm font-medium text-slate-700">Customer</p>
      <SearchInput
        value={text}
        onChange={setText}
        placeholder="Search customers by name or phone"
        label="Search customers"
        className="w-full"
      />
      {error ? <p className="mt-1 text-xs text-red-600">{error}</p> : null}
      {text.trim().length >= 2 ? (
        <div className="mt-2 rounded-lg border border-slate-200">
          {found.isPending ? (
            <Loading label="Searching customers..." />
          ) : results.length === 0 ? (
            <p className="px-3 py-2 text-sm text-slate-500">
              No customer matches. Convert the lead to a customer under Customers first.
            </p>
          ) : (
            <ul
              aria-label="Customers found"
              className="max-h-48 divide-y divide-slate-100 overflow-y-auto"
            >
              {results.map((result) => (
                <li key={result._id}>
                  <button
                    type="button"
                    onClick={() => onPick(result._id)}
                    className="w-full px-3 py-2 text-left text-sm hover:bg-blue-50"
                  >
                    <span className="font-medium text-slate-900">{result.name}</span>
                    <span className="ml-2 text-xs text-slate-500">
                      {formatPhone(result.phoneNumber)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}

export interface PickedPart {
  _id: string;
  name: string;
}

/** The catalogue products a 'labour and listed parts' contract gives at ₹0. */
export function PartsPicker({
  picked,
  onChange,
  error,
}: {
  picked: readonly PickedPart[];
  onChange: (parts: PickedPart[]) => void;
  error: string | undefined;
}) {
  const [text, setText] = useState('');
  const parts = useCoverableParts(text);
  const chosen = new Set(picked.map((part) => part._id));
  const offered = (parts.data ?? []).filter((item) => !chosen.has(item._id));
  return (
    <div>
      <p className="mb-1.5 text-sm font-medium text-slate-700">Covered parts</p>
      {picked.length > 0 ? (
        <ul aria-label="Covered parts" className="mb-2 flex flex-wrap gap-2">
          {picked.map((part) => (
            <li
              key={part._id}
              className="inline-flex items-center gap-1 rounded-full bg-blue-50 py-1 pr-1 pl-3 text-sm text-blue-800"
            >
              {part.name}
              <button
                type="button"
                aria-label={`Remove ${part.name}`}
                onClick={() => onChange(picked.filter((other) => other._id !== part._id))}
                className="rounded-full p-0.5 hover:bg-blue-100"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <SearchInput
        value={text}
        onChange={setText}
        placeholder="Search inventory items"
        label="Search parts"
        className="w-full"
      />
      {error ? <p className="mt-1 text-xs text-red-600">{error}</p> : null}
      <div className="mt-2 rounded-lg border border-slate-200">
        {parts.isPending ? (
          <Loading label="Loading inventory items..." />
        ) : offered.length === 0 ? (
          <p className="px-3 py-2 text-sm text-slate-500">
            {text.trim() ? 'No product matches.' : 'No more products in the catalogue.'}
          </p>
        ) : (
          <ul
            aria-label="Inventory items"
            className="max-h-40 divide-y divide-slate-100 overflow-y-auto"
          >
            {offered.map((item) => (
              <li key={item._id} className="flex items-center justify-between gap-2 px-3 py-1.5">
                <span className="text-sm text-slate-800">{item.name}</span>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Cover ${item.name}`}
                  onClick={() => onChange([...picked, { _id: item._id, name: item.name }])}
                >
                  Add
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
