import type { TechnicianInventoryItem } from '@karya/domain/inventory-answers';
import { Plus, Wrench } from 'lucide-react';
import { useState } from 'react';
import { rupees } from '../../lib/money';
import { Alert } from '../../ui/alert';
import { BottomSheet } from '../../ui/bottom-sheet';
import { SearchInput } from '../../ui/search-input';
import { serviceChoices } from './stock-search';

/**
 * Spec 2 §2 'Add Service picker': the catalogue's services with their sale price.
 * `onPick` answers null when the service went on the bill, or why it did not.
 */
export function AddServicePicker({
  open,
  items,
  onPick,
  onClose,
}: {
  open: boolean;
  items: readonly TechnicianInventoryItem[];
  onPick: (service: TechnicianInventoryItem) => string | null;
  onClose: () => void;
}) {
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const services = serviceChoices(items, query);
  const close = () => {
    setQuery('');
    setError(null);
    onClose();
  };

  return (
    <BottomSheet open={open} onClose={close} title="Add Service" size="sm">
      <div className="space-y-3">
        {error ? <Alert>{error}</Alert> : null}
        <SearchInput
          value={query}
          onChange={setQuery}
          placeholder="Search services"
          label="Search services"
        />
        {services.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">
            No service items found
          </p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
            {services.map((service) => (
              <li key={service._id}>
                <button
                  type="button"
                  aria-label={`Add ${service.itemName}`}
                  onClick={() => {
                    const refusal = onPick(service);
                    if (refusal) setError(refusal);
                    else close();
                  }}
                  className="flex w-full items-center gap-3 px-3 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:bg-slate-800"
                >
                  <Wrench aria-hidden="true" className="size-4 shrink-0 text-violet-600" />
                  <span className="min-w-0 flex-1 break-words text-sm font-medium">
                    {service.itemName}
                  </span>
                  <span className="shrink-0 text-sm font-semibold">
                    {rupees(service.salePrice)}
                  </span>
                  <Plus aria-hidden="true" className="size-4 shrink-0 text-blue-600" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </BottomSheet>
  );
}
