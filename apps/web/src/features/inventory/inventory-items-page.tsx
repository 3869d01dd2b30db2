import type { CatalogueListItem } from '@karya/domain/inventory-answers';
import { formatQuantity } from '@karya/domain/quantity';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { ExportDownload } from '../../shared/export-download';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { ExpandableRow } from '../../ui/expandable-row';
import { PageHeader } from '../../ui/page-header';
import { RefreshButton } from '../../ui/refresh-button';
import { SearchInput } from '../../ui/search-input';
import { Loading } from '../../ui/spinner';
import { Table, Td } from '../../ui/table';
import { useCatalogue } from './api/get-all-inventory';
import { CatalogueItemModal } from './catalogue-item-modal';
import { DeleteItemDialog } from './delete-item-dialog';
import { matchesName, TYPE_SHORT_LABELS, type TypeFilter } from './inventory-constants';
import { rupees } from './money';
import { TypeFilterChips } from './type-filter';

const COLUMNS = [
  'S.NO',
  'NAME',
  'TYPE',
  'UNIT',
  'WARRANTY',
  'MRP',
  'PURCHASE PRICE',
  'SALE PRICE (₹)',
  'STOCK',
  '',
] as const;

type Editing = { mode: 'add' } | { mode: 'edit'; item: CatalogueListItem };

/** Spec 2 §2 'Inventory catalogue page' (admin): the items every branch stocks. */
export function InventoryItemsPage() {
  const catalogue = useCatalogue();
  const [filter, setFilter] = useState<TypeFilter>('all');
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<CatalogueListItem | null>(null);

  const items = catalogue.data;
  const counts = useMemo(() => {
    const all = items ?? [];
    return {
      all: all.length,
      'serialized-product': all.filter((i) => i.type === 'serialized-product').length,
      'generic-product': all.filter((i) => i.type === 'generic-product').length,
      service: all.filter((i) => i.type === 'service').length,
    };
  }, [items]);
  const rows = (items ?? []).filter(
    (item) => (filter === 'all' || item.type === filter) && matchesName(item.name, search),
  );

  return (
    <>
      <PageHeader
        title="Inventory"
        actions={
          <>
            <RefreshButton
              onClick={() => void catalogue.refetch()}
              loading={catalogue.isFetching}
            />
            <Button
              icon={<Plus aria-hidden="true" className="size-4" />}
              onClick={() => setEditing({ mode: 'add' })}
            >
              Add Inventory
            </Button>
            <ExportDownload choices={[{ kind: 'items', label: 'Items' }]} branch={null} />
          </>
        }
      />
      <Card padded={false}>
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 p-4">
          <TypeFilterChips
            label="Filter by type"
            value={filter}
            onChange={setFilter}
            counts={items ? counts : undefined}
          />
          <SearchInput
            value={search}
            onChange={setSearch}
            placeholder="Search items..."
            className="w-full max-w-sm"
          />
        </div>
        {catalogue.isError && !items ? (
          <Alert className="m-4">
            {errorMessage(catalogue.error, 'Server error. Failed to fetch inventory items.')}
          </Alert>
        ) : catalogue.isPending ? (
          <Loading label="Loading inventory items..." />
        ) : rows.length === 0 ? (
          <EmptyState title="No inventory items found" />
        ) : (
          <Table columns={COLUMNS} label="Inventory items">
            {rows.map((item, index) => (
              <ExpandableRow
                key={item._id}
                expanded={expanded === item._id}
                onToggle={() => setExpanded((current) => (current === item._id ? null : item._id))}
                toggleLabel={`Show actions for ${item.name}`}
                columnCount={COLUMNS.length - 1}
                cells={<CatalogueCells item={item} number={index + 1} />}
                actions={
                  <>
                    <Button
                      size="sm"
                      icon={<Pencil aria-hidden="true" className="size-4" />}
                      onClick={() => setEditing({ mode: 'edit', item })}
                    >
                      Edit Item
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      icon={<Trash2 aria-hidden="true" className="size-4" />}
                      onClick={() => setDeleting(item)}
                    >
                      Delete Item
                    </Button>
                  </>
                }
              />
            ))}
          </Table>
        )}
      </Card>
      {editing ? (
        <CatalogueItemModal
          {...(editing.mode === 'edit' ? { item: editing.item } : {})}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <DeleteItemDialog
          item={deleting}
          onClose={() => {
            setDeleting(null);
            setExpanded(null);
          }}
        />
      ) : null}
    </>
  );
}

function CatalogueCells({ item, number }: { item: CatalogueListItem; number: number }) {
  const service = item.type === 'service';
  return (
    <>
      <Td>{number}</Td>
      <Td>
        <span className="block font-medium text-slate-900">{item.name}</span>
        <TaxLine item={item} />
      </Td>
      <Td>{TYPE_SHORT_LABELS[item.type]}</Td>
      <Td>{item.unit}</Td>
      <Td>{service ? 'N/A' : item.warranty || 'N/A'}</Td>
      <Td>{service ? 'N/A' : rupees(item.mrp)}</Td>
      <Td>{service ? 'N/A' : rupees(item.purchasePrice)}</Td>
      <Td>{rupees(item.salePrice)}</Td>
      <Td>{service ? 'N/A' : formatQuantity(item.stock, item.unit)}</Td>
    </>
  );
}

/**
 * Issue 19: the item's HSN/SAC and GST rate under its name, where the table has room for
 * them; what an admin has yet to fill in says 'Not set', easy to spot down the list.
 */
function TaxLine({ item }: { item: CatalogueListItem }) {
  const notSet = <span className="text-amber-700">Not set</span>;
  return (
    <span className="mt-0.5 block text-xs text-slate-500">
      {item.type === 'service' ? 'SAC' : 'HSN'} {item.hsnSac ?? notSet}
      {' · GST '}
      {item.gstRate === null ? notSet : `${item.gstRate}%`}
      {item.gstRate === null ? null : item.priceIncludesTax ? ' included' : ' extra'}
    </span>
  );
}
