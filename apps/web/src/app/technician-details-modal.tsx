import { formatDate, formatDateTime } from '@karya/domain/format';
import { formatPhone } from '@karya/domain/phone-rules';
import type { PublicUser } from '@karya/domain/user';
import { fullName } from '@karya/domain/user';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { Eye, Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTechnicianProjects } from '../features/users/api/get-technician-projects';
import { useUser } from '../features/users/api/get-user';
import { EditUserModal } from '../features/users/edit-user-modal';
import { completionDateOf, projectsNewestFirst } from '../features/users/technician-project-rows';
import { ProjectDetailsModal } from '../features/work-orders/project-details-modal';
import { categoryLabel } from '../features/work-orders/work-order-display';
import { ApiError, errorMessage } from '../lib/api-client';
import { WorkOrderStatusPill } from '../shared/work-order-status-pill';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { ExpandableRow } from '../ui/expandable-row';
import { Modal } from '../ui/modal';
import { Loading } from '../ui/spinner';
import { StatusBadge } from '../ui/status-badge';
import { Table, Td } from '../ui/table';

const PROJECT_COLUMNS = ['Sr.No', 'Project Name', 'Customer', 'Status', 'Completed'];

/** Spec 1 §2.7: Technician Details, with the technician's projects (GET get-technician-projects). */
export function TechnicianDetailsModal({
  technicianId,
  onClose,
}: {
  technicianId: string;
  onClose: () => void;
}) {
  const technician = useUser(technicianId);
  const [editing, setEditing] = useState(false);
  const [viewing, setViewing] = useState<WorkOrderDetail | null>(null);
  const notFound = technician.error instanceof ApiError && technician.error.status === 404;

  return (
    <>
      <Modal open={!editing && !viewing} onClose={onClose} title="Technician Details" size="xl">
        {technician.data ? (
          <div className="space-y-5">
            <ProfileCard technician={technician.data} onEdit={() => setEditing(true)} />
            <TechnicianProjects technicianId={technicianId} onView={setViewing} />
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
      {viewing ? <ProjectDetailsModal row={viewing} onClose={() => setViewing(null)} /> : null}
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
    ['Phone', formatPhone(technician.phone) || 'Not provided'],
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

function TechnicianProjects({
  technicianId,
  onView,
}: {
  technicianId: string;
  onView: (project: WorkOrderDetail) => void;
}) {
  const projects = useTechnicianProjects(technicianId);
  const [expanded, setExpanded] = useState<string | null>(null);
  const rows = projectsNewestFirst(projects.data ?? []);
  return (
    <section aria-label="Projects">
      <h3 className="mb-2 text-base font-semibold text-slate-900">Projects</h3>
      {projects.isError && !projects.data ? (
        <Alert>{errorMessage(projects.error, 'Failed to fetch projects')}</Alert>
      ) : projects.isPending ? (
        <Loading label="Loading projects..." />
      ) : rows.length === 0 ? (
        <div className="rounded-lg border border-slate-200">
          <EmptyState title="No projects found for this technician." />
        </div>
      ) : (
        // Spec 1 §9: project tables are 400px high and scroll.
        <div className="max-h-[400px] overflow-y-auto rounded-lg border border-slate-200">
          <Table columns={[...PROJECT_COLUMNS, '']} label="Projects">
            {rows.map((project, index) => {
              const completed = completionDateOf(project);
              return (
                <ExpandableRow
                  key={project._id}
                  expanded={expanded === project._id}
                  onToggle={() => setExpanded(expanded === project._id ? null : project._id)}
                  toggleLabel={`Show actions for ${project.projectType} of ${project.customerName}`}
                  columnCount={PROJECT_COLUMNS.length}
                  cells={
                    <>
                      <Td>{index + 1}</Td>
                      <Td>
                        <p className="font-medium text-slate-900">{project.projectType}</p>
                        <p className="text-xs text-slate-500">{categoryLabel(project)}</p>
                      </Td>
                      <Td>
                        <p className="font-medium text-slate-900">{project.customerName}</p>
                        <p className="text-xs text-slate-500">
                          {project.customerPhone || 'No phone'}
                        </p>
                      </Td>
                      <Td>
                        <WorkOrderStatusPill status={project.status} />
                      </Td>
                      <Td>{completed ? formatDateTime(completed) : ''}</Td>
                    </>
                  }
                  actions={
                    <Button
                      size="sm"
                      variant="secondary"
                      icon={<Eye aria-hidden="true" className="size-4" />}
                      onClick={() => onView(project)}
                    >
                      View Details
                    </Button>
                  }
                />
              );
            })}
          </Table>
        </div>
      )}
    </section>
  );
}
