import type { BranchInventoryItem } from '@karya/domain/inventory-answers';
import { PackageCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { BranchFilter } from '../../shared/branch-filter';
import { ExportDownload } from '../../shared/export-download';
import { useBranchInventory } from '../../shared/get-inventory-by-type';
import { useBranchParam } from '../../shared/use-list-controls';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageHeader } from '../../ui/page-header';
import { RefreshButton } from '../../ui/refresh-button';
import { SearchInput } from '../../ui/search-input';
import { Loading } from '../../ui/spinner';
import { AddStockModal } from './add-stock-modal';
import { useReorderLevels } from './api/reorder-levels';
import { AssignInventoryModal } from './assign-inventory-modal';
import { BranchStockTable } from './branch-stock-table';
import { DeleteItemDialog } from './delete-item-dialog';
import { FaultyStockSection } from './faulty-stock-section';
import { matchesName, type TypeFilter } from './inventory-constants';
import { ItemDetailsDialog } from './item-details-dialog';
import { ReorderLevelDialog } from './reorder-level-dialog';
import { ServicesList } from './services-list';
import { TypeFilterChips } from './type-filter';

type ListQuery = ReturnType<typeof useBranchInventory>;

/**
 * Spec 2 §2 'Manager inventory (branch)': the branch's serialized and generic stock and its
 * services. Managers see their own branch; admins choose one with ?branch= (none: all).
 */
export function InventoryPage() {
  const { viewer, isAdmin, branch, setBranch } = useBranchParam();
  const isManager = viewer.role === 'manager';
  const [tab, setTab] = useState<TypeFilter>('all');
  const [search, setSearch] = useState('');
  const [viewing, setViewing] = useState<BranchInventoryItem | null>(null);
  const [stocking, setStocking] = useState<BranchInventoryItem | null>(null);
  const [deleting, setDeleting] = useState<BranchInventoryItem | null>(null);
  const [assigning, setAssigning] = useState(false);
  const [leveling, setLeveling] = useState<BranchInventoryItem | null>(null);
  // Issue 38: reorder levels are a branch's: the manager's own, or the one an admin chose.
  const levelBranch = isManager ? (viewer.branch?._id ?? null) : isAdmin ? branch : null;
  const reorderLevels = useReorderLevels(levelBranch);
  const levels = levelBranch
    ? new Map((reorderLevels.data ?? []).map((l) => [l.itemId, l.level] as const))
    : null;

  const serialized = useBranchInventory('serialized-product', branch);
  const generic = useBranchInventory('generic-product', branch);
  const services = useBranchInventory('service', branch);
  const fetching = serialized.isFetching || generic.isFetching || services.isFetching;

  const found = (query: ListQuery) =>
    (query.data ?? []).filter((item) => matchesName(item.name, search));
  const emptyTitle = (what: string) =>
    search ? `No ${what} match your search` : `No ${what} found`;

  const stockSection = (
    title: string,
    query: ListQuery,
    what: string,
    fallback: string,
  ): ReactNode => (
    <Section title={title} count={query.data?.length}>
      <ListState query={query} fallback={fallback} loading={`Loading ${what}...`}>
        <BranchStockTable
          label={title}
          items={found(query)}
          showPurchasePrice={isAdmin}
          canAddStock={isManager}
          emptyTitle={emptyTitle(what)}
          onViewDetails={setViewing}
          onAddStock={setStocking}
          levels={levels}
          onSetLevel={levelBranch ? setLeveling : undefined}
        />
      </ListState>
    </Section>
  );

  return (
    <>
      <PageHeader
        title="Inventory"
        actions={
          <>
            <RefreshButton
              onClick={() => {
                void serialized.refetch();
                void generic.refetch();
                void services.refetch();
              }}
              loading={fetching}
            />
            {isManager ? (
              <Button
                icon={<PackageCheck aria-hidden="true" className="size-4" />}
                onClick={() => setAssigning(true)}
              >
                Assign Inventory
              </Button>
            ) : null}
            {isManager || isAdmin ? (
              <ExportDownload choices={[{ kind: 'stock', label: 'Stock' }]} branch={branch} />
            ) : null}
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <TypeFilterChips label="Inventory type" value={tab} onChange={setTab} />
        <SearchInput
          value={search}
          onChange={setSearch}
          placeholder="Search inventory..."
          className="w-full max-w-sm"
        />
        {isAdmin ? <BranchFilter value={branch} onChange={setBranch} /> : null}
      </div>
      <div className="space-y-6">
        {tab === 'all' || tab === 'serialized-product'
          ? stockSection(
              'Serialized Products',
              serialized,
              'serialized products',
              'Failed to fetch serialized products',
            )
          : null}
        {tab === 'all' || tab === 'serialized-product' ? (
          <FaultyStockSection items={found(serialized)} />
        ) : null}
        {tab === 'all' || tab === 'generic-product'
          ? stockSection(
              'Generic Products',
              generic,
              'generic products',
              'Failed to fetch generic products',
            )
          : null}
        {tab === 'all' || tab === 'service' ? (
          <Section title="Services" count={services.data?.length}>
            <ListState
              query={services}
              fallback="Failed to fetch services"
              loading="Loading services..."
            >
              <ServicesList
                services={found(services)}
                canDelete={isAdmin}
                alignWithPurchasePrice={isAdmin}
                emptyTitle={emptyTitle('services')}
                onDelete={setDeleting}
              />
            </ListState>
          </Section>
        ) : null}
      </div>
      {viewing ? (
        <ItemDetailsDialog
          item={viewing}
          showPurchasePrice={isAdmin}
          onClose={() => setViewing(null)}
        />
      ) : null}
      {leveling && levelBranch ? (
        <ReorderLevelDialog
          item={leveling}
          branchId={levelBranch}
          current={levels?.get(leveling._id)}
          onClose={() => setLeveling(null)}
        />
      ) : null}
      {stocking ? <AddStockModal item={stocking} onClose={() => setStocking(null)} /> : null}
      {deleting ? (
        <DeleteItemDialog
          item={deleting}
          fallbackError="Failed to delete service"
          onClose={() => setDeleting(null)}
        />
      ) : null}
      {isManager ? (
        <AssignInventoryModal open={assigning} onClose={() => setAssigning(false)} />
      ) : null}
    </>
  );
}

function Section({
  title,
  count,
  children,
}: {
  title: string;
  count: number | undefined;
  children: ReactNode;
}) {
  return (
    <Card
      padded={false}
      title={
        <>
          {title}
          {count === undefined ? null : (
            <span className="ml-2 text-sm font-normal text-slate-400">{count}</span>
          )}
        </>
      }
    >
      {children}
    </Card>
  );
}

/** Cached rows first; an error only when there is nothing to show. */
function ListState({
  query,
  fallback,
  loading,
  children,
}: {
  query: ListQuery;
  fallback: string;
  loading: string;
  children: ReactNode;
}) {
  if (query.isError && !query.data)
    return <Alert className="m-4">{errorMessage(query.error, fallback)}</Alert>;
  if (query.isPending) return <Loading label={loading} />;
  return <>{children}</>;
}
