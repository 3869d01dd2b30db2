import { formatPhone } from '@karya/domain/phone-rules';
import type { PublicUser } from '@karya/domain/user';
import { fullName } from '@karya/domain/user';
import { Eye, Pencil } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useBranches } from '../../shared/get-branches';
import { ListPageFrame, ListToolbar } from '../../shared/list-page-frame';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ExpandableRow } from '../../ui/expandable-row';
import { useNotify } from '../../ui/notification-context';
import { StatusBadge } from '../../ui/status-badge';
import { Table, Td } from '../../ui/table';
import { AddUserModal } from './add-user-modal';
import { useAddManager } from './api/add-manager';
import { useManagers } from './api/get-managers';
import { EditUserModal } from './edit-user-modal';
import { matchesUserSearch } from './match-user';
import { UserName } from './user-name';

const COLUMNS = ['S.NO', 'Name', 'Username', 'Email', 'Phone', 'Branch', 'Status'];

/** Spec 1 §2.6: the managers list. */
export function ManagersPage() {
  const managers = useManagers();
  const branches = useBranches();
  const notify = useNotify();
  const addManager = useAddManager();
  const [search, setSearch] = useState('');
  const [branchFilter, setBranchFilter] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<PublicUser | null>(null);

  const rows = (managers.data ?? []).filter(
    (manager) =>
      matchesUserSearch(manager, search) && (!branchFilter || manager.branch?._id === branchFilter),
  );
  const refresh = () => {
    void managers.refetch();
    void branches.refetch();
  };

  return (
    <>
      <ListPageFrame
        title="Managers"
        refresh={{ onClick: refresh, loading: managers.isFetching }}
        add={{ label: 'Add Manager', onClick: () => setAdding(true) }}
        toolbar={
          <ListToolbar
            search={{ value: search, onChange: setSearch, placeholder: 'Search managers...' }}
            branchFilter={{ value: branchFilter, onChange: setBranchFilter }}
          />
        }
        body={{
          query: managers,
          failureMessage: 'Failed to fetch manager users',
          isEmpty: rows.length === 0,
          empty: (
            <EmptyState
              title="No manager users found."
              action={
                <Button variant="secondary" onClick={() => setAdding(true)}>
                  Add Your First Manager
                </Button>
              }
            />
          ),
        }}
      >
        <ManagerTable rows={rows} onEdit={setEditing} />
      </ListPageFrame>
      {adding ? (
        <AddUserModal
          title="Add Manager"
          submitLabel="Save Manager"
          failureFallback="Failed to add manager user"
          kind="manager"
          pickBranch
          onSubmit={async (body) => {
            await addManager.mutateAsync(body);
            notify.success('Manager added successfully');
          }}
          onClose={() => setAdding(false)}
        />
      ) : null}
      {editing ? (
        <EditUserModal user={editing} kind="manager" onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}

function ManagerTable({
  rows,
  onEdit,
}: {
  rows: PublicUser[];
  onEdit: (manager: PublicUser) => void;
}) {
  const navigate = useNavigate();
  const [expanded, setExpanded] = useState<string | null>(null);
  return (
    <Table columns={[...COLUMNS, '']} label="Managers">
      {rows.map((manager, index) => (
        <ExpandableRow
          key={manager._id}
          expanded={expanded === manager._id}
          onToggle={() => setExpanded((current) => (current === manager._id ? null : manager._id))}
          toggleLabel={`Show actions for ${fullName(manager)}`}
          columnCount={COLUMNS.length}
          cells={
            <>
              <Td>{index + 1}</Td>
              <Td>
                <UserName user={manager} />
              </Td>
              <Td>{manager.username}</Td>
              <Td>{manager.email}</Td>
              <Td>{formatPhone(manager.phone) || '—'}</Td>
              <Td>{manager.branch?.name ?? 'N/A'}</Td>
              <Td>
                <StatusBadge status={manager.status} />
              </Td>
            </>
          }
          actions={
            <>
              <Button
                size="sm"
                icon={<Eye aria-hidden="true" className="size-4" />}
                onClick={() => navigate(`/users/managers/${manager._id}`)}
              >
                View Details
              </Button>
              <Button
                size="sm"
                variant="secondary"
                icon={<Pencil aria-hidden="true" className="size-4" />}
                onClick={() => onEdit(manager)}
              >
                Edit Details
              </Button>
            </>
          }
        />
      ))}
    </Table>
  );
}
