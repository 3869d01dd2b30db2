import type { WorkOrderStatus } from '@karya/domain/contact-schemas';
import { UPDATE_EVENT_OF_STATUS } from '@karya/domain/customer-updates';
import { formatDateTime } from '@karya/domain/format';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { CircleCheck, Eye } from 'lucide-react';
import { useState } from 'react';
import { ExportDownload } from '../../shared/export-download';
import { ListPageFrame, WorkOrderListToolbar } from '../../shared/list-page-frame';
import { SendUpdateLink } from '../../shared/send-update-link';
import { useBranchParam, useDebouncedSearch } from '../../shared/use-list-controls';
import { WorkOrderStatusPill } from '../../shared/work-order-status-pill';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ExpandableRow } from '../../ui/expandable-row';
import { ListPager } from '../../ui/list-pager';
import { Table, Td } from '../../ui/table';
import { useManagerProjects, useProjectCounts } from './api/get-manager-projects';
import { ApproveProjectDialog } from './approve-project-dialog';
import { FilterChips } from './filter-chips';
import { ProjectDetailsModal } from './project-details-modal';
import { ProjectPeopleCells } from './project-row-cells';
import { categoryLabel, offers } from './work-order-display';

const PAGE_SIZE = 25;

type ProjectGroup = 'all' | 'pending-approval' | 'in-progress' | 'transferred' | 'completed';

/** Spec 2 §2 and spec 1 §4: the chips and the statuses each one stands for. */
const GROUPS: ReadonlyArray<{
  value: ProjectGroup;
  label: string;
  statuses: readonly WorkOrderStatus[];
}> = [
  // Empty: the server's own 'every project' (all but pending).
  { value: 'all', label: 'All', statuses: [] },
  { value: 'pending-approval', label: 'Pending Approval', statuses: ['pending-approval'] },
  { value: 'in-progress', label: 'In Progress', statuses: ['assigned', 'in-progress', 'paused'] },
  { value: 'transferred', label: 'Transferred', statuses: ['transferring', 'transferred'] },
  { value: 'completed', label: 'Completed', statuses: ['completed'] },
];
const GROUP_STATUSES = GROUPS.map((group) => group.statuses);

const COLUMNS = ['S.NO', 'TECHNICIAN', 'CUSTOMER', 'PROJECT', 'CATEGORY', 'LAST UPDATED', 'STATUS'];

/** Spec 2 §2: Manager Projects. */
export function ManagerProjectsPage() {
  const { viewer, isAdmin, branch, setBranch } = useBranchParam();
  const [group, setGroup] = useState<ProjectGroup>('all');
  const [page, setPage] = useState(1);
  const { searchText, setSearchText, search } = useDebouncedSearch(() => setPage(1));
  const [expanded, setExpanded] = useState<string | null>(null);
  const [viewing, setViewing] = useState<WorkOrderDetail | null>(null);
  const [approving, setApproving] = useState<WorkOrderDetail | null>(null);

  const statuses = GROUPS.find((item) => item.value === group)?.statuses ?? [];
  const projects = useManagerProjects({ branch, statuses, search }, page, PAGE_SIZE);
  const counts = useProjectCounts(branch, GROUP_STATUSES);
  const rows = projects.data?.items ?? [];
  const total = projects.data?.total ?? 0;

  const chooseBranch = (value: string) => {
    setBranch(value);
    setPage(1);
  };
  const chooseGroup = (next: ProjectGroup) => {
    setGroup(next);
    setPage(1);
    setExpanded(null);
  };

  return (
    <>
      <ListPageFrame
        title="Projects"
        // The chips are refreshed with the list: a job the list shows is counted in its chip.
        refresh={{
          onClick: () => void Promise.all([projects.refetch(), counts.refetch()]),
          loading: projects.isFetching || counts.isFetching,
        }}
        actions={
          <ExportDownload
            choices={[{ kind: 'work-orders', label: 'Work Orders' }]}
            branch={branch}
          />
        }
        toolbar={
          <WorkOrderListToolbar
            chips={
              <FilterChips
                label="Project status"
                chips={GROUPS.map((item, index) => ({
                  value: item.value,
                  label: item.label,
                  count: counts.counts[index] ?? null,
                }))}
                value={group}
                onChange={chooseGroup}
              />
            }
            searchText={searchText}
            onSearchText={setSearchText}
            searchLabel="Search projects"
            branchFilter={isAdmin ? { value: branch, onChange: chooseBranch } : null}
          />
        }
        body={{
          query: projects,
          failureMessage: 'Failed to fetch projects',
          loadingLabel: 'Loading projects...',
          isEmpty: rows.length === 0,
          empty: (
            <EmptyState title={search ? 'No projects match your search' : 'No projects found'} />
          ),
        }}
      >
        <Table columns={[...COLUMNS, '']} label="Projects" phoneCards>
          {rows.map((project, index) => (
            <ExpandableRow
              key={project._id}
              expanded={expanded === project._id}
              onToggle={() =>
                setExpanded((current) => (current === project._id ? null : project._id))
              }
              toggleLabel={`Show actions for ${project.orderId}`}
              columnCount={COLUMNS.length}
              cells={
                <>
                  <ProjectPeopleCells number={(page - 1) * PAGE_SIZE + index + 1} order={project} />
                  <Td>
                    <div className="text-slate-900">{project.projectType}</div>
                    <div className="text-xs text-slate-500">{project.orderId}</div>
                  </Td>
                  <Td label="Category">{categoryLabel(project)}</Td>
                  <Td label="Last updated">{formatDateTime(project.updatedAt)}</Td>
                  <Td>
                    <WorkOrderStatusPill status={project.status} />
                  </Td>
                </>
              }
              actions={
                <>
                  {offers('approve', project.status, viewer.role) ? (
                    <Button
                      size="sm"
                      icon={<CircleCheck aria-hidden="true" className="size-4" />}
                      onClick={() => setApproving(project)}
                    >
                      Approve Project
                    </Button>
                  ) : null}
                  <Button
                    size="sm"
                    variant={project.status === 'pending-approval' ? 'secondary' : 'primary'}
                    icon={<Eye aria-hidden="true" className="size-4" />}
                    onClick={() => setViewing(project)}
                  >
                    View Details
                  </Button>
                  {UPDATE_EVENT_OF_STATUS[project.status] ? (
                    <SendUpdateLink
                      order={project}
                      event={UPDATE_EVENT_OF_STATUS[project.status] ?? 'workStarted'}
                    />
                  ) : null}
                </>
              }
            />
          ))}
        </Table>
        <ListPager
          page={page}
          pageSize={PAGE_SIZE}
          total={total}
          capped={projects.data?.capped ?? false}
          noun="projects"
          onPage={setPage}
        />
      </ListPageFrame>
      {viewing ? <ProjectDetailsModal row={viewing} onClose={() => setViewing(null)} /> : null}
      {approving ? (
        <ApproveProjectDialog order={approving} onClose={() => setApproving(null)} />
      ) : null}
    </>
  );
}
