import type { BranchInventoryItem } from '@karya/domain/inventory-answers';
import { formatQuantity } from '@karya/domain/quantity';
import { Eye, Gauge, PackagePlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ExpandableRow } from '../../ui/expandable-row';
import { FaultyBadge } from './faulty-stock-section';
import { rupees } from './money';
import { SortButton } from './sort-button';
import { nextSort, type Sort, type SortKey, sortItems } from './sorting';
import { STOCK_TABLE_CLASS, StockColumns } from './stock-columns';

interface Column {
  label: string;
  sortKey?: SortKey;
}

/**
 * Spec 2 §2 'Manager inventory': serialized or generic stock (S.NO, NAME, PRICE, STOCK,
 * sortable). A row expands to View Details and, for managers, Add Stock. Faulty units
 * (warranty returns) are a badge beside the stock, never part of it.
 */
export function BranchStockTable({
  label,
  items,
  showPurchasePrice,
  canAddStock,
  emptyTitle,
  onViewDetails,
  onAddStock,
  levels,
  onSetLevel,
}: {
  label: string;
  items: readonly BranchInventoryItem[];
  /** Spec 2 §6: admins see purchase prices. */
  showPurchasePrice: boolean;
  canAddStock: boolean;
  emptyTitle: string;
  onViewDetails: (item: BranchInventoryItem) => void;
  onAddStock: (item: BranchInventoryItem) => void;
  /**
   * Issue 38: the reorder levels of the one branch shown, by item `_id`; null when the list
   * is not one branch's (an admin's every branch), where a level means nothing.
   */
  levels?: ReadonlyMap<string, number> | null;
  /** Opens the item's 'Reorder level' dialog; absent: the viewer cannot set one here. */
  onSetLevel?: ((item: BranchInventoryItem) => void) | undefined;
}) {
  const [sort, setSort] = useState<Sort>({ key: 'name', ascending: true });
  const [expanded, setExpanded] = useState<string | null>(null);
  const columns: Column[] = [
    { label: 'S.NO' },
    { label: 'NAME', sortKey: 'name' },
    { label: 'PRICE', sortKey: 'price' },
    ...(showPurchasePrice ? [{ label: 'PURCHASE PRICE' }] : []),
    { label: 'STOCK', sortKey: 'stock' },
  ];

  if (items.length === 0) return <EmptyState title={emptyTitle} />;

  return (
    <div className="overflow-x-auto">
      <table aria-label={label} className={STOCK_TABLE_CLASS}>
        <StockColumns purchasePrice={showPurchasePrice} />
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                aria-sort={
                  column.sortKey && sort.key === column.sortKey
                    ? sort.ascending
                      ? 'ascending'
                      : 'descending'
                    : undefined
                }
                className="px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase"
              >
                {column.sortKey ? (
                  <SortButton
                    label={column.label}
                    active={sort.key === column.sortKey}
                    ascending={sort.ascending}
                    onClick={() =>
                      setSort((current) => nextSort(current, column.sortKey as SortKey))
                    }
                  />
                ) : (
                  column.label
                )}
              </th>
            ))}
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {sortItems(items, sort).map((item, index) => (
            <ExpandableRow
              key={item._id}
              expanded={expanded === item._id}
              onToggle={() => setExpanded((current) => (current === item._id ? null : item._id))}
              toggleLabel={`Show actions for ${item.name}`}
              columnCount={columns.length}
              cells={
                <>
                  <td className="px-4 py-3 text-slate-700">{index + 1}</td>
                  <td className="px-4 py-3 font-medium break-words text-slate-900">
                    {item.name}
                    <span className="block text-xs font-normal text-slate-400">{item.id}</span>
                    {/* At phone width STOCK is off to the side of the scrolled table: the mark
                        shows under the name too (the STOCK cell's is the one read aloud). */}
                    {isLow(item.totalStock, levels?.get(item._id)) ? (
                      <span aria-hidden="true" className="sm:hidden">
                        <LowStockPill className="mt-1" />
                      </span>
                    ) : null}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                    {rupees(item.salePrice)}
                  </td>
                  {showPurchasePrice ? (
                    <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                      {rupees(item.purchasePrice)}
                    </td>
                  ) : null}
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                    {formatQuantity(item.totalStock, item.unit)}
                    <FaultyBadge count={item.faulty.length} />
                    <ReorderState stock={item.totalStock} level={levels?.get(item._id)} />
                  </td>
                </>
              }
              actions={
                <>
                  <Button
                    size="sm"
                    icon={<Eye aria-hidden="true" className="size-4" />}
                    onClick={() => onViewDetails(item)}
                  >
                    View Details
                  </Button>
                  {onSetLevel ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      icon={<Gauge aria-hidden="true" className="size-4" />}
                      onClick={() => onSetLevel(item)}
                    >
                      Reorder level
                    </Button>
                  ) : null}
                  {canAddStock ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      icon={<PackagePlus aria-hidden="true" className="size-4" />}
                      onClick={() => onAddStock(item)}
                    >
                      Add Stock
                    </Button>
                  ) : null}
                </>
              }
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const isLow = (stock: number, level: number | undefined) => level !== undefined && stock < level;

function LowStockPill({ className = 'ml-2' }: { className?: string }) {
  return (
    <span
      className={`${className} inline-flex items-center rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-red-800`}
    >
      Low stock
    </span>
  );
}

/**
 * Issue 38: 'Low stock' when the branch's shelf holds fewer than the item's reorder level (the
 * stock report's rule), and the level itself under the figure.
 */
export function ReorderState({ stock, level }: { stock: number; level: number | undefined }) {
  if (level === undefined) return null;
  return (
    <>
      {isLow(stock, level) ? <LowStockPill /> : null}
      <span className="block text-xs text-slate-400">Reorder level {level}</span>
    </>
  );
}
