import { formatPhone } from '@karya/domain/phone-rules';
import type { PublicUser } from '@karya/domain/user';
import { USER_MESSAGES } from '@karya/domain/user-schemas';
import { Plus, UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { useSessionUser } from '../../lib/use-session-user';
import { ListPageFrame, ListToolbar } from '../../shared/list-page-frame';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { useNotify } from '../../ui/notification-context';
import { StatusBadge } from '../../ui/status-badge';
import { Table, Td } from '../../ui/table';
import { useAdmins } from './api/get-admins';
import { useSetUserStatus } from './api/set-user-status';
import { EditUserModal } from './edit-user-modal';
import { matchesUserSearch } from './match-user';
import { UserName } from './user-name';

const COLUMNS = ['Name', 'Username', 'Email', 'Phone', 'Location', 'Status', 'Actions'];
const ADD_PATH = '/users/admin/add';

/** Spec 1 §2.5. */
export function AdminUsersPage() {
  const admins = useAdmins();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<PublicUser | null>(null);
  const rows = (admins.data ?? []).filter((admin) => matchesUserSearch(admin, search));

  return (
    <>
      <ListPageFrame
        title="Admin Users"
        actions={
          <Link
            to={ADD_PATH}
            className="inline-flex h-10 items-center gap-2 rounded-lg bg-blue-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-blue-700"
          >
            <Plus aria-hidden="true" className="size-4" />
            Add Admin
          </Link>
        }
        toolbar={
          <ListToolbar
            search={{ value: search, onChange: setSearch, placeholder: 'Search admins...' }}
          />
        }
        body={{
          query: admins,
          failureMessage: 'Failed to fetch admin users',
          isEmpty: rows.length === 0,
          empty: (
            <EmptyState
              title="No admin users found."
              action={
                <Link to={ADD_PATH} className="text-sm font-medium text-blue-600 hover:underline">
                  Add Your First Admin
                </Link>
              }
            />
          ),
        }}
      >
        <Table columns={COLUMNS} label="Admin users">
          {rows.map((admin) => (
            <AdminRow key={admin._id} admin={admin} onEdit={() => setEditing(admin)} />
          ))}
        </Table>
      </ListPageFrame>
      {editing ? (
        <EditUserModal user={editing} kind="admin" onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}

function AdminRow({ admin, onEdit }: { admin: PublicUser; onEdit: () => void }) {
  const notify = useNotify();
  const viewer = useSessionUser();
  const isSelf = viewer._id === admin._id;
  const setStatus = useSetUserStatus();
  const next = admin.status === 'active' ? 'inactive' : 'active';
  const toggle = () =>
    setStatus.mutate(
      { userId: admin._id, status: next },
      {
        onSuccess: () =>
          notify.success(
            next === 'active' ? USER_MESSAGES.userActivated : USER_MESSAGES.userDeactivated,
          ),
        onError: (error) => notify.error(errorMessage(error, 'Failed to update user status')),
      },
    );

  return (
    <tr>
      <Td>
        <UserName user={admin} />
      </Td>
      <Td>{admin.username}</Td>
      <Td>{admin.email}</Td>
      <Td>{formatPhone(admin.phone) || '—'}</Td>
      <Td>{admin.location || '—'}</Td>
      <Td>
        <StatusBadge status={admin.status} />
      </Td>
      <Td>
        <div className="flex gap-2">
          <Button size="sm" variant="secondary" onClick={onEdit}>
            Edit
          </Button>
          {/* The server refuses deactivating oneself; the button would only fail. */}
          {isSelf ? null : (
            <Button
              size="sm"
              variant={next === 'inactive' ? 'danger' : 'secondary'}
              loading={setStatus.isPending}
              icon={
                next === 'inactive' ? (
                  <UserX aria-hidden="true" className="size-4" />
                ) : (
                  <UserCheck aria-hidden="true" className="size-4" />
                )
              }
              onClick={toggle}
            >
              {next === 'inactive' ? 'Deactivate' : 'Activate'}
            </Button>
          )}
        </div>
      </Td>
    </tr>
  );
}
