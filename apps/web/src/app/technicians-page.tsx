import type { PublicUser } from '@karya/domain/user';
import { fullName } from '@karya/domain/user';
import { Boxes, Eye, PackagePlus } from 'lucide-react';
import { useState } from 'react';
import { AssignInventoryModal } from '../features/inventory/assign-inventory-modal';
import { TechnicianInventoryHistoryModal } from '../features/inventory/technician-inventory-history-modal';
import { AddUserModal } from '../features/users/add-user-modal';
import { useAddTechnician } from '../features/users/api/add-technician';
import { matchesUserSearch } from '../features/users/match-user';
import { ExportDownload } from '../shared/export-download';
import { useTechnicians } from '../shared/get-technicians';
import { ListPageFrame, ListToolbar } from '../shared/list-page-frame';
import { useBranchParam } from '../shared/use-list-controls';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { ExpandableRow } from '../ui/expandable-row';
import { useNotify } from '../ui/notification-context';
import { StatusBadge } from '../ui/status-badge';
import { Table, Td } from '../ui/table';
import { TechnicianDetailsModal } from './technician-details-modal';

const COLUMNS = ['S.NO', 'NAME', 'USERNAME', 'BRANCH', 'STATUS'];

/** Spec 1 §2.7: the technicians list (the manager's User Management). */
export function TechniciansPage() {
  const { viewer, isAdmin, branch, setBranch } = useBranchParam();
  const technicians = useTechnicians(isAdmin ? 'admin' : 'manager', branch);
  const addTechnician = useAddTechnician(isAdmin ? 'admin' : 'manager');
  const notify = useNotify();
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const [assigningTo, setAssigningTo] = useState<string | null>(null);
  const [inventoryOf, setInventoryOf] = useState<PublicUser | null>(null);

  const all = technicians.data ?? [];
  const rows = all.filter((technician) => matchesUserSearch(technician, search));

  return (
    <>
      <ListPageFrame
        title={isAdmin ? 'Technicians' : 'User Management'}
        refresh={{ onClick: () => void technicians.refetch(), loading: technicians.isFetching }}
        add={{ label: 'Add Technician', onClick: () => setAdding(true) }}
        actions={
          <ExportDownload
            choices={[{ kind: 'technicians', label: 'Technicians' }]}
            branch={branch}
          />
        }
        toolbar={
          <ListToolbar
            search={{ value: search, onChange: setSearch, placeholder: 'Search technicians' }}
            branchFilter={isAdmin ? { value: branch, onChange: setBranch } : null}
          />
        }
        body={{
          query: technicians,
          failureMessage: 'Failed to fetch technicians',
          loadingLabel: 'Loading technicians...',
          isEmpty: rows.length === 0,
          empty: (
            <EmptyState
              title={all.length === 0 ? 'No technicians found' : 'No technicians match your search'}
            />
          ),
        }}
      >
        <TechnicianTable
          rows={rows}
          onView={setViewing}
          // Spec 1 §2.7 and §6: inventory actions are the manager's, never the admin's.
          inventoryActions={
            isAdmin ? undefined : { onAssign: setAssigningTo, onViewInventory: setInventoryOf }
          }
        />
      </ListPageFrame>
      {adding ? (
        <AddUserModal
          title="Add Technician"
          submitLabel="Save Technician"
          failureFallback="Failed to add technician"
          kind="technician"
          pickBranch={isAdmin}
          defaultBranch={branch ?? undefined}
          onSubmit={async (body) => {
            await addTechnician.mutateAsync(
              isAdmin ? body : { ...body, branch: viewer.branch?._id ?? '' },
            );
            notify.success('Technician added successfully');
          }}
          onClose={() => setAdding(false)}
        />
      ) : null}
      {viewing ? (
        <TechnicianDetailsModal technicianId={viewing} onClose={() => setViewing(null)} />
      ) : null}
      <AssignInventoryModal
        open={assigningTo !== null}
        onClose={() => setAssigningTo(null)}
        technicianId={assigningTo ?? undefined}
      />
      {inventoryOf ? (
        <TechnicianInventoryHistoryModal
          technicianId={inventoryOf._id}
          technicianName={fullName(inventoryOf)}
          onClose={() => setInventoryOf(null)}
        />
      ) : null}
    </>
  );
}

function TechnicianTable({
  rows,
  onView,
  inventoryActions,
}: {
  rows: PublicUser[];
  onView: (technicianId: string) => void;
  inventoryActions?:
    | {
        onAssign: (technicianId: string) => void;
        onViewInventory: (technician: PublicUser) => void;
      }
    | undefined;
}) {
  const [expanded, setExpanded] = useState<string | null>(null);
  return (
    <Table columns={[...COLUMNS, '']} label="Technicians">
      {rows.map((technician, index) => (
        <ExpandableRow
          key={technician._id}
          expanded={expanded === technician._id}
          onToggle={() =>
            setExpanded((current) => (current === technician._id ? null : technician._id))
          }
          toggleLabel={`Show actions for ${fullName(technician)}`}
          columnCount={COLUMNS.length}
          cells={
            <>
              <Td>{index + 1}</Td>
              <Td className="font-medium text-slate-900">{fullName(technician)}</Td>
              <Td>{technician.username}</Td>
              <Td>{technician.branch?.name ?? 'N/A'}</Td>
              <Td>
                <StatusBadge status={technician.status} />
              </Td>
            </>
          }
          actions={
            <>
              <Button
                size="sm"
                icon={<Eye aria-hidden="true" className="size-4" />}
                onClick={() => onView(technician._id)}
              >
                View Details
              </Button>
              {inventoryActions ? (
                <>
                  <Button
                    size="sm"
                    variant="secondary"
                    icon={<PackagePlus aria-hidden="true" className="size-4" />}
                    onClick={() => inventoryActions.onAssign(technician._id)}
                  >
                    Assign Inventory
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    icon={<Boxes aria-hidden="true" className="size-4" />}
                    onClick={() => inventoryActions.onViewInventory(technician)}
                  >
                    View Inventory
                  </Button>
                </>
              ) : null}
            </>
          }
        />
      ))}
    </Table>
  );
}
