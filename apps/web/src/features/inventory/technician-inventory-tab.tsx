import { formatQuantities } from '@karya/domain/quantity';
import { Package, PackageMinus, RefreshCw, Search } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { cx } from '../../lib/class-names';
import {
  INVENTORY_FILTERS,
  type InventoryChip,
  inventoryListing,
  itemCountText,
  returnableItems,
} from '../../shared/inventory-units';
import { QueuedActionsNotice } from '../../shared/queued-actions-notice';
import { TECHNICIAN_INVENTORY_TEXT as TEXT } from '../../shared/technician-inventory-messages';
import { useVanStock } from '../../shared/use-van-stock';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DARK_SECONDARY, DashboardEmpty, Panel } from '../../ui/dashboard-panels';
import { Loading } from '../../ui/spinner';
import { InventoryItemRow } from './inventory-item-row';

/** Its own chunk, fetched when the technician opens it (issue 17). */
const ReturnInventoryDialog = lazy(() =>
  import('./return-inventory-dialog').then((module) => ({ default: module.ReturnInventoryDialog })),
);

/** Spec 2 §8: the network has its own sentence; otherwise the server's message is quoted. */
function loadFailure(error: unknown): string {
  if (error instanceof ApiError && error.isNetworkError) return TEXT.loadFailedNetwork;
  const message = error instanceof Error ? error.message.trim() : '';
  return TEXT.loadFailed(message || TEXT.unknownError);
}

const CHIPS: ReadonlyArray<{ value: InventoryChip; label: string }> = [
  { value: 'all', label: 'All' },
  ...INVENTORY_FILTERS.map((filter) => ({ value: filter.type, label: filter.label })),
];

function FilterChips({
  value,
  onChange,
}: {
  value: InventoryChip;
  onChange: (next: InventoryChip) => void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">Filter by type</legend>
      {CHIPS.map((chip) => {
        const pressed = value === chip.value;
        return (
          <button
            key={chip.value}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(chip.value)}
            className={cx(
              'h-9 rounded-full border px-4 text-sm font-medium transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
              pressed
                ? 'border-blue-600 bg-blue-600 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700',
            )}
          >
            {chip.label}
          </button>
        );
      })}
    </fieldset>
  );
}

/** The viewer's search (spec 2 §2), drawn for both themes of the dashboard. */
function SearchBox({ value, onChange }: { value: string; onChange: (next: string) => void }) {
  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        type="search"
        aria-label={TEXT.searchLabel}
        placeholder={TEXT.searchPlaceholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-11 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-base text-slate-900 placeholder:text-slate-400 focus:border-blue-600 focus:outline-2 focus:outline-blue-600 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:placeholder:text-slate-500"
      />
    </div>
  );
}

/**
 * Spec 2 §2 'Inventory tab' of the technician dashboard: total units, Return Items, the
 * viewer's search and All/type chips, and the list, in the dashboard's light or dark theme. Self-contained (no page frame) so the dashboard can put it in
 * its tab as is.
 */
export function TechnicianInventoryTab() {
  const inventory = useVanStock();
  const [chip, setChip] = useState<InventoryChip>('all');
  const [search, setSearch] = useState('');
  const [expandedId, setExpandedId] = useState<string | null>(null);
  const [returning, setReturning] = useState(false);

  if (inventory.isPending) return <Loading label={TEXT.loading} />;

  if (inventory.isError && !inventory.data)
    return (
      <div className="space-y-3">
        <Alert>{loadFailure(inventory.error)}</Alert>
        <Button
          variant="secondary"
          className={DARK_SECONDARY}
          icon={<RefreshCw aria-hidden="true" className="size-4" />}
          onClick={() => void inventory.refetch()}
          loading={inventory.isFetching}
        >
          Try again
        </Button>
      </div>
    );

  const { shown, empty } = inventoryListing(inventory.items, chip, search);
  const canReturn = returnableItems(inventory.items).length > 0;
  const { summary } = inventory;
  const mixedUnits = summary.perUnit.length > 1;

  return (
    <div className="space-y-4">
      {/* Returns made with no network (issue 20), and any the server refused. */}
      <QueuedActionsNotice orderId={null} />
      <Panel as="div" className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <div className="rounded-lg bg-blue-50 p-2.5 text-blue-600 dark:bg-blue-950 dark:text-blue-300">
            <Package aria-hidden="true" className="size-5" />
          </div>
          <div>
            <p className="text-sm text-slate-500 dark:text-slate-400">Total Units</p>
            {/* Units per unit: metres and pieces are never added together (issue 39 item 5). */}
            <p
              className="text-2xl font-semibold text-slate-900 dark:text-slate-50"
              data-testid="inventory-total-units"
            >
              {formatQuantities(summary.perUnit)}
            </p>
            {mixedUnits ? (
              <p
                className="text-sm text-slate-500 dark:text-slate-400"
                data-testid="inventory-item-count"
              >
                {itemCountText(summary.itemCount)}
              </p>
            ) : null}
          </div>
        </div>
        <Button
          icon={<PackageMinus aria-hidden="true" className="size-4" />}
          onClick={() => setReturning(true)}
          disabled={!canReturn}
        >
          Return Items
        </Button>
      </Panel>

      {/* The cached list stays on screen when a refresh fails (spec 2 §8). */}
      {inventory.isError ? <Alert tone="warning">{loadFailure(inventory.error)}</Alert> : null}

      <SearchBox value={search} onChange={setSearch} />
      <FilterChips value={chip} onChange={setChip} />

      <div className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-800">
        {empty ? <DashboardEmpty icon={Package} title={empty} /> : null}
        {shown.length > 0 ? (
          <ul
            className={cx(
              'divide-y divide-slate-200 dark:divide-slate-700',
              empty && 'border-t border-slate-200 dark:border-slate-700',
            )}
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
        <Suspense fallback={null}>
          <ReturnInventoryDialog items={inventory.items} onClose={() => setReturning(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
