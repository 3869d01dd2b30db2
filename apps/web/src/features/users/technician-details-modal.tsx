import { formatDate } from '@karya/domain/format';
import type { PublicUser } from '@karya/domain/user';
import { fullName } from '@karya/domain/user';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Modal } from '../../ui/modal';
import { Loading } from '../../ui/spinner';
import { StatusBadge } from '../../ui/status-badge';
import { Table } from '../../ui/table';
import { useUser } from './api/get-user';
import { EditUserModal } from './edit-user-modal';

const PROJECT_COLUMNS = ['Sr.No', 'Project Name', 'Customer', 'Status', 'Completed'];

/** Spec 1 §2.7: Technician Details. Projects arrive with work orders (second document). */
export function TechnicianDetailsModal({
  technicianId,
  onClose,
}: {
  technicianId: string;
  onClose: () => void;
}) {
  const technician = useUser(technicianId);
  const [editing, setEditing] = useState(false);
  const notFound = technician.error instanceof ApiError && technician.error.status === 404;

  return (
    <>
      <Modal open={!editing} onClose={onClose} title="Technician Details" size="xl">
        {technician.data ? (
          <div className="space-y-5">
            <ProfileCard technician={technician.data} onEdit={() => setEditing(true)} />
            <section aria-label="Projects">
              <h3 className="mb-2 text-base font-semibold text-slate-900">Projects</h3>
              <div className="rounded-lg border border-slate-200">
                <Table columns={PROJECT_COLUMNS} label="Projects">
                  <tr>
                    <td colSpan={PROJECT_COLUMNS.length}>
                      <EmptyState title="No projects found for this technician." />
                    </td>
                  </tr>
                </Table>
              </div>
            </section>
          </div>
        ) : technician.isError ? (
          <Alert>
            {notFound
              ? 'Technician not found.'
              : errorMessage(technician.error, 'Failed to fetch technician details')}
          </Alert>
        ) : (
          <Loading />
        )}
      </Modal>
      {editing && technician.data ? (
        <EditUserModal user={technician.data} kind="technician" onClose={() => setEditing(false)} />
      ) : null}
    </>
  );
}

function ProfileCard({ technician, onEdit }: { technician: PublicUser; onEdit: () => void }) {
  const rows: Array<[string, string]> = [
    ['Username', technician.username],
    ['Email', technician.email || '—'],
    ['Phone', technician.phone || 'Not provided'],
    ['Branch', technician.branch?.name ?? 'N/A'],
  ];
  return (
    <div className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-12 items-center justify-center rounded-full bg-blue-600 text-lg font-semibold text-white"
          >
            {technician.firstName.charAt(0).toUpperCase()}
          </span>
          <div>
            <p className="text-lg font-semibold text-slate-900">{fullName(technician)}</p>
            <p className="text-sm text-slate-500">Joined {formatDate(technician.createdAt)}</p>
          </div>
          <StatusBadge status={technician.status} />
        </div>
        <Button
          size="sm"
          variant="secondary"
          icon={<Pencil aria-hidden="true" className="size-4" />}
          onClick={onEdit}
        >
          Edit Technician
        </Button>
      </div>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-500">{label}</dt>
            <dd className="font-medium break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
