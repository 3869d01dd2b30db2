import type { InventoryItemType } from '@karya/domain/inventory-schemas';
import { Package, PackageMinus, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { cx } from '../../lib/class-names';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Loading } from '../../ui/spinner';
import { useTechnicianInventory } from './api/get-technician-inventory';
import { InventoryItemRow } from './inventory-item-row';
import { INVENTORY_FILTERS, itemsOfType, returnableItems } from './inventory-units';
import { ReturnInventoryDialog } from './return-inventory-dialog';
import { TECHNICIAN_INVENTORY_TEXT as TEXT } from './technician-inventory-messages';

/** Spec 2 §8: the network has its own sentence; otherwise the server's message is quoted. */
function loadFailure(error: unknown): string {
  if (error instanceof ApiError && error.isNetworkError) return TEXT.loadFailedNetwork;
  const message = error instanceof Error ? error.message.trim() : '';
  return TEXT.loadFailed(message || TEXT.unknownError);
}

function FilterChips({
  value,
  onChange,
}: {
  value: InventoryItemType | null;
  onChange: (next: InventoryItemType | null) => void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">Filter by type</legend>
      {INVENTORY_FILTERS.map((filter) => {
        const pressed = value === filter.type;
        return (
          <button
            key={filter.type}
            type="button"
            aria-pressed={pressed}
            // A second tap on the chosen chip shows every type again.
            onClick={() => onChange(pressed ? null : filter.type)}
            className={cx(
              'h-9 rounded-full border px-4 text-sm font-medium transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
              pressed
                ? 'border-blue-600 bg-blue-600 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
            )}
          >
            {filter.label}
          </button>
        );
      })}
    </fieldset>
  );
}

/**
 * Spec 2 §2 'Inventory tab' of the technician dashboard: total units, Return Items, the
 * type chips and the list. Self-contained (no page frame) so the dashboard can put it in
 * its tab as is.
 */
export function TechnicianInventoryTab() {
  const inventory = useTechnicianInventory();
  const [filter, setFilter] = useState<InventoryItemType | null>(null);
  const [expandedId, setExpandedId] = useState<string | null>(null);
  const [returning, setReturning] = useState(false);

  if (inventory.isPending) return <Loading label={TEXT.loading} />;

  if (inventory.isError && !inventory.data)
    return (
      <div className="space-y-3">
        <Alert>{loadFailure(inventory.error)}</Alert>
        <Button
          variant="secondary"
          icon={<RefreshCw aria-hidden="true" className="size-4" />}
          onClick={() => void inventory.refetch()}
          loading={inventory.isFetching}
        >
          Try again
        </Button>
      </div>
    );

  const shown = itemsOfType(inventory.items, filter);
  const canReturn = returnableItems(inventory.items).length > 0;
  const filterWord = INVENTORY_FILTERS.find((option) => option.type === filter)?.word;
  const nothingHeld =
    shown.length === 0 || (filter === null && shown.every((item) => item.type === 'service'));

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <div className="flex items-center gap-3">
          <div className="rounded-lg bg-blue-50 p-2.5 text-blue-600">
            <Package aria-hidden="true" className="size-5" />
          </div>
          <div>
            <p className="text-sm text-slate-500">Total Units</p>
            <p
              className="text-2xl font-semibold text-slate-900"
              data-testid="inventory-total-units"
            >
              {inventory.totalUnits}
            </p>
          </div>
        </div>
        <Button
          icon={<PackageMinus aria-hidden="true" className="size-4" />}
          onClick={() => setReturning(true)}
          disabled={!canReturn}
        >
          Return Items
        </Button>
      </div>

      {/* The cached list stays on screen when a refresh fails (spec 2 §8). */}
      {inventory.isError ? <Alert tone="warning">{loadFailure(inventory.error)}</Alert> : null}

      <FilterChips value={filter} onChange={setFilter} />

      <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
        {/* Services come with every answer, so 'nothing assigned' is about products. */}
        {nothingHeld ? (
          <EmptyState
            icon={Package}
            title={filterWord ? TEXT.noItemsOfType(filterWord) : TEXT.noItemsAssigned}
          />
        ) : null}
        {shown.length > 0 ? (
          <ul
            className={cx('divide-y divide-slate-200', nothingHeld && 'border-t border-slate-200')}
          >
            {shown.map((item) => (
              <InventoryItemRow
                key={item._id}
                item={item}
                expanded={expandedId === item._id}
                onToggle={() => setExpandedId((open) => (open === item._id ? null : item._id))}
              />
            ))}
          </ul>
        ) : null}
      </div>

      {returning ? (
        <ReturnInventoryDialog items={inventory.items} onClose={() => setReturning(false)} />
      ) : null}
    </div>
  );
}
