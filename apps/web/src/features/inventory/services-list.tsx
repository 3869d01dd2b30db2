import type { BranchInventoryItem } from '@karya/domain/inventory-answers';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { rupees } from './money';
import { SortButton } from './sort-button';
import { nextSort, type Sort, sortItems } from './sorting';
import { STOCK_TABLE_CLASS, StockColumns } from './stock-columns';

const HEADER = 'px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase';

/** Spec 2 §2: services have no stock; sortable by name or price; admins may delete them. */
export function ServicesList({
  services,
  canDelete,
  alignWithPurchasePrice = false,
  emptyTitle,
  onDelete,
}: {
  services: readonly BranchInventoryItem[];
  canDelete: boolean;
  /** The product tables above show PURCHASE PRICE: keep the columns under theirs. */
  alignWithPurchasePrice?: boolean;
  emptyTitle: string;
  onDelete: (service: BranchInventoryItem) => void;
}) {
  const [sort, setSort] = useState<Sort>({ key: 'name', ascending: true });
  if (services.length === 0) return <EmptyState title={emptyTitle} />;
  const ariaSort = (key: Sort['key']) =>
    sort.key === key ? (sort.ascending ? 'ascending' : 'descending') : undefined;

  return (
    <div className="overflow-x-auto">
      <table aria-label="Services" className={STOCK_TABLE_CLASS}>
        <StockColumns purchasePrice={alignWithPurchasePrice} services />
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={HEADER}>
              S.NO
            </th>
            <th scope="col" className={HEADER} aria-sort={ariaSort('name')}>
              <SortButton
                label="NAME"
                active={sort.key === 'name'}
                ascending={sort.ascending}
                onClick={() => setSort((current) => nextSort(current, 'name'))}
              />
            </th>
            <th scope="col" className={HEADER} aria-sort={ariaSort('price')}>
              <SortButton
                label="PRICE"
                active={sort.key === 'price'}
                ascending={sort.ascending}
                onClick={() => setSort((current) => nextSort(current, 'price'))}
              />
            </th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {sortItems(services, sort).map((service, index) => (
            <tr key={service._id}>
              <td className="px-4 py-3 text-slate-700">{index + 1}</td>
              <td className="px-4 py-3 font-medium break-words text-slate-900">
                {service.name}
                <span className="block text-xs font-normal text-slate-400">{service.id}</span>
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                {rupees(service.salePrice)}
              </td>
              <td className="px-2 py-3 text-right">
                {canDelete ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Delete ${service.name}`}
                    icon={<Trash2 aria-hidden="true" className="size-4 text-red-600" />}
                    onClick={() => onDelete(service)}
                  />
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
