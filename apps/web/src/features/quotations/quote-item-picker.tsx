import type { CatalogueListItem } from '@karya/domain/inventory-answers';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { SearchInput } from '../../ui/search-input';
import { useCatalogueItems } from './api';
import { money } from './quote-display';

const SHOWN = 8;

const TYPE_LABELS: Record<CatalogueListItem['itemType'], string> = {
  serialized: 'Product',
  generic: 'Product',
  service: 'Service',
};

/** Items whose name, HSN/SAC or code holds every typed word; the whole catalogue when empty. */
export function matchingItems(
  items: readonly CatalogueListItem[],
  query: string,
): CatalogueListItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return items.filter((item) => {
    const text = `${item.name} ${item.hsnSac ?? ''} ${item.id}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/**
 * 'Add from catalogue': the catalogue's products and services by name, each with its sale
 * price and tax; a tap adds one unit. The quote never shows what the shop paid for it.
 */
export function QuoteItemPicker({ onPick }: { onPick: (item: CatalogueListItem) => void }) {
  const catalogue = useCatalogueItems();
  const [query, setQuery] = useState('');
  const items = matchingItems(catalogue.data ?? [], query);

  return (
    <div className="space-y-2">
      <SearchInput
        value={query}
        onChange={setQuery}
        placeholder="Search products and services"
        label="Search the catalogue"
      />
      {catalogue.isError && !catalogue.data ? (
        <p className="text-sm text-red-700">
          {errorMessage(catalogue.error, 'Could not load the catalogue')}. Add a free line, or try
          again.
        </p>
      ) : catalogue.isPending ? (
        <p className="text-sm text-slate-500">Loading the catalogue...</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-500">
          {query.trim()
            ? 'Nothing in the catalogue matches. Add it as a free line below.'
            : 'The catalogue is empty: an admin adds items under Inventory. Add a free line meanwhile.'}
        </p>
      ) : (
        <ul
          aria-label="Catalogue items"
          className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200"
        >
          {items.slice(0, SHOWN).map((item) => (
            <li key={item._id}>
              <button
                type="button"
                aria-label={`Add ${item.name}`}
                onClick={() => {
                  onPick(item);
                  setQuery('');
                }}
                className="flex w-full items-center gap-3 px-3 py-2.5 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600"
              >
                <Plus aria-hidden="true" className="size-4 shrink-0 text-blue-600" />
                <span className="min-w-0 flex-1">
                  <span className="block break-words text-sm font-medium text-slate-900">
                    {item.name}
                  </span>
                  <span className="block text-xs text-slate-500">
                    {TYPE_LABELS[item.itemType]}
                    {item.hsnSac ? ` · HSN/SAC ${item.hsnSac}` : ''}
                    {item.gstRate !== null ? ` · GST ${item.gstRate}%` : ''}
                  </span>
                </span>
                <span className="shrink-0 text-sm tabular-nums text-slate-700">
                  {money(item.salePrice)}
                  <span className="block text-right text-xs text-slate-500">
                    {item.priceIncludesTax ? 'incl. GST' : '+ GST'}
                  </span>
                </span>
              </button>
            </li>
          ))}
          {items.length > SHOWN ? (
            <li className="px-3 py-2 text-xs text-slate-500">
              {items.length - SHOWN} more: type more of the name
            </li>
          ) : null}
        </ul>
      )}
    </div>
  );
}
