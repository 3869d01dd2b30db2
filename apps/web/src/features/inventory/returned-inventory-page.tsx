import { formatDateTime } from '@karya/domain/format';
import type { ReturnedInventory } from '@karya/domain/inventory-answers';
import { formatQuantities, formatQuantity } from '@karya/domain/quantity';
import { ChevronDown, ChevronRight, PackageCheck } from 'lucide-react';
import { Fragment, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { cx } from '../../lib/class-names';
import { useSessionUser } from '../../lib/use-session-user';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { useNotify } from '../../ui/notification-context';
import { PageHeader } from '../../ui/page-header';
import { RefreshButton } from '../../ui/refresh-button';
import { Loading } from '../../ui/spinner';
import { Table, Td } from '../../ui/table';
import { useConfirmReturnedInventory } from './api/confirm-returned-inventory';
import { usePendingReturns } from './api/get-returned-inventory';

const COLUMNS = ['S.NO', 'TECHNICIAN', 'RETURNED ON', 'ITEMS', 'TOTAL QUANTITY'];

/**
 * Spec 2 §2 'Pending Returned Inventory panel' and §4: a technician's return waits here until
 * the manager confirms it, which puts the units back into branch stock.
 */
export function ReturnedInventoryPage() {
  const viewer = useSessionUser();
  const returns = usePendingReturns();
  const confirmReturn = useConfirmReturnedInventory();
  const notify = useNotify();
  const [expanded, setExpanded] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<ReturnedInventory | null>(null);
  const canConfirm = viewer.role === 'manager';
  const rows = returns.data ?? [];

  const onConfirm = async () => {
    if (!confirming) return;
    try {
      await confirmReturn.mutateAsync(confirming.id);
      notify.success('Inventory return confirmed successfully');
      setExpanded(null);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to confirm inventory return'));
    } finally {
      setConfirming(null);
    }
  };

  return (
    <>
      <PageHeader
        title="Returned Inventory"
        description="Items returned by technicians, waiting to be confirmed into branch stock."
        actions={
          <RefreshButton onClick={() => void returns.refetch()} loading={returns.isFetching} />
        }
      />
      <Card title="Pending Returned Inventory" padded={false}>
        {returns.isError && !returns.data ? (
          <Alert className="m-4">
            {errorMessage(returns.error, 'Failed to load returned inventory')}
          </Alert>
        ) : returns.isPending ? (
          <Loading label="Loading returned inventory..." />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={PackageCheck}
            title="No pending returns"
            description="Items a technician returns appear here until you confirm them."
          />
        ) : (
          <Table columns={[...COLUMNS, '']} label="Pending Returned Inventory">
            {rows.map((row, index) => {
              const open = expanded === row.id;
              const toggle = () => setExpanded(open ? null : row.id);
              return (
                <Fragment key={row.id}>
                  <tr
                    onClick={toggle}
                    className={cx('cursor-pointer hover:bg-slate-50', open && 'bg-blue-50/50')}
                  >
                    <Td>{index + 1}</Td>
                    <Td>
                      <p className="font-medium text-slate-900">{row.technician.name}</p>
                      <p className="text-xs text-slate-500">{row.technician.username}</p>
                    </Td>
                    <Td>{formatDateTime(row.returnedAt)}</Td>
                    <Td>{row.itemCount}</Td>
                    {/* Per unit: metres and pieces never add up (issue 39 item 5). */}
                    <Td>{formatQuantities(row.items)}</Td>
                    <td className="w-10 px-2 py-3 text-right">
                      <button
                        type="button"
                        aria-expanded={open}
                        aria-label={`Show items returned by ${row.technician.name}`}
                        onClick={(event) => {
                          event.stopPropagation();
                          toggle();
                        }}
                        className="rounded p-1 text-slate-500 hover:bg-slate-100"
                      >
                        {open ? (
                          <ChevronDown aria-hidden="true" className="size-4" />
                        ) : (
                          <ChevronRight aria-hidden="true" className="size-4" />
                        )}
                      </button>
                    </td>
                  </tr>
                  {open ? (
                    <tr className="bg-blue-50/50">
                      <td colSpan={COLUMNS.length + 1} className="px-4 pb-4">
                        <ReturnedItems entry={row} />
                        {canConfirm ? (
                          <div className="mt-3 flex justify-end">
                            <Button
                              icon={<PackageCheck aria-hidden="true" className="size-4" />}
                              onClick={() => setConfirming(row)}
                            >
                              Confirm Return
                            </Button>
                          </div>
                        ) : null}
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </Table>
        )}
      </Card>
      <ConfirmDialog
        open={confirming !== null}
        title="Confirm Return"
        message={
          confirming
            ? `Confirm the return of ${formatQuantities(confirming.items)} in ${confirming.itemCount} item(s) from ${confirming.technician.name}? They will be added back to branch inventory.`
            : ''
        }
        confirmLabel="Confirm Return"
        loading={confirmReturn.isPending}
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}

function ReturnedItems({ entry }: { entry: ReturnedInventory }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table
        aria-label={`Items returned by ${entry.technician.name}`}
        className="min-w-full divide-y divide-slate-200 text-sm"
      >
        <thead className="bg-slate-50">
          <tr>
            {['Item', 'Type', 'Serial Number', 'Quantity'].map((column) => (
              <th
                key={column}
                scope="col"
                className="px-4 py-2 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase"
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entry.items.map((item, index) => (
            <tr key={`${item._id}-${item.serialNumber ?? index}`}>
              <td className="px-4 py-2">
                <p className="font-medium text-slate-900">{item.name}</p>
                <p className="text-xs text-slate-500">{item.id}</p>
              </td>
              <td className="px-4 py-2 text-slate-700">
                {item.type === 'serialized-product' ? 'Serialized' : 'Generic'}
              </td>
              <td className="px-4 py-2 font-mono text-xs text-slate-700">
                {item.serialNumber ?? '—'}
              </td>
              <td className="px-4 py-2 text-slate-700">
                {formatQuantity(item.quantity, item.unit)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
