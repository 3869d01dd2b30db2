import type { TechnicianInventoryItem, TransferRecord } from '@karya/domain/inventory-answers';
import { formatQuantities, formatQuantity } from '@karya/domain/quantity';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useTechnicianInventory } from '../../shared/get-technician-inventory';
import { summariseStock, unitsHeld } from '../../shared/inventory-units';
import { Alert } from '../../ui/alert';
import { EmptyState } from '../../ui/empty-state';
import { Modal } from '../../ui/modal';
import { Loading } from '../../ui/spinner';
import { type TabOption, TabStrip, tabLabel } from '../../ui/tab-strip';
import { Table } from '../../ui/table';
import { useInventoryHistory } from './api/get-inventory-history';
import { TransferRow } from './transfer-row';

type Tab = 'current' | 'assigned' | 'returned';
const TABS: ReadonlyArray<TabOption<Tab>> = [
  { value: 'current', label: 'Current Stock' },
  { value: 'assigned', label: 'Assigned' },
  { value: 'returned', label: 'Returned' },
];
const HISTORY_COLUMNS = ['Date', 'Item', 'Transfer', 'Details', 'By'];

/** Spec 1 §8: a failed load says so; without any answer it asks to try again. */
function loadFailure(error: unknown): string {
  if (error instanceof ApiError && error.isNetworkError)
    return 'Error loading inventory history. Please try again.';
  return errorMessage(error, 'Failed to load inventory history');
}

/** Spec 1 §2.7: what a technician holds now, and what was assigned to and returned by them. */
export function TechnicianInventoryHistoryModal({
  technicianId,
  technicianName,
  onClose,
}: {
  technicianId: string;
  technicianName: string;
  onClose: () => void;
}) {
  const [tab, setTab] = useState<Tab>('current');
  const inventory = useTechnicianInventory(technicianId);
  const history = useInventoryHistory(technicianId);

  return (
    <Modal
      open
      onClose={onClose}
      title="Technician Inventory History"
      description={technicianName}
      size="xl"
    >
      <TabStrip
        label="Technician Inventory History"
        tabs={TABS}
        value={tab}
        onChange={setTab}
        className="mb-4"
      />
      <div role="tabpanel" aria-label={tabLabel(TABS, tab)} className="min-h-64">
        {tab === 'current' ? (
          inventory.data ? (
            <CurrentStock items={inventory.data} />
          ) : inventory.isError ? (
            <Alert>{loadFailure(inventory.error)}</Alert>
          ) : (
            <Loading label="Loading inventory history..." />
          )
        ) : history.data ? (
          <HistoryTable tab={tab} records={history.data[tab]} />
        ) : history.isError ? (
          <Alert>{loadFailure(history.error)}</Alert>
        ) : (
          <Loading label="Loading inventory history..." />
        )}
      </div>
    </Modal>
  );
}

function CurrentStock({ items }: { items: TechnicianInventoryItem[] }) {
  // Services come with every holding at quantity 0: they are not stock the technician holds.
  const held = items.filter((item) => item.type !== 'service' && unitsHeld(item) > 0);
  if (held.length === 0) return <EmptyState title="No items currently held by technician" />;
  // Spec 1 §2.7: item types and total units, the units per unit (issue 15 §9: no '43' for
  // 40 m and 3 cameras), counted as the technician's own Inventory tab counts them.
  const summary = summariseStock(held);
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3">
        <Figure label="Item types" value={summary.itemCount} />
        <Figure label="Total units" value={formatQuantities(summary.perUnit)} />
      </div>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {held.map((item) => {
          const [first, ...rest] = item.serializedItems;
          return (
            <li key={item._id} className="flex items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900">{item.itemName}</p>
                <p className="text-xs text-slate-500">
                  {item.itemId}
                  {first ? (
                    <>
                      {' · '}
                      <span className="font-mono">S/N: {first.serialNumber}</span>
                      {rest.length > 0 ? ` +${rest.length} more` : ''}
                    </>
                  ) : null}
                </p>
              </div>
              <span className="shrink-0 rounded-full bg-blue-50 px-2.5 py-0.5 text-sm font-medium text-blue-700">
                {formatQuantity(unitsHeld(item), item.unit)}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3">
      <p className="text-xs text-slate-500">{label}</p>
      <p className="text-xl font-semibold text-slate-900">{value}</p>
    </div>
  );
}

function HistoryTable({
  tab,
  records,
}: {
  tab: 'assigned' | 'returned';
  records: TransferRecord[];
}) {
  if (records.length === 0) return <EmptyState title={`No ${tab} records found`} />;
  return (
    <div className="rounded-lg border border-slate-200">
      <Table columns={HISTORY_COLUMNS} label={tab === 'assigned' ? 'Assigned' : 'Returned'}>
        {records.map((record) => (
          <TransferRow key={record._id} record={record} />
        ))}
      </Table>
    </div>
  );
}
