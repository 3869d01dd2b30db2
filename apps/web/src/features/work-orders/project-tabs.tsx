import type { WorkOrderStatus } from '@karya/domain/contact-schemas';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { ArrowLeft, ArrowRightLeft, CircleCheck, ClipboardList, Eye } from 'lucide-react';
import { Button } from '../../ui/button';
import { DARK_SECONDARY, Panel, TabTitle } from '../../ui/dashboard-panels';
import { StatusProjectList } from './status-project-list';
import { TECHNICIAN_TEXT as TEXT } from './technician-messages';
import {
  ACTIVE_ASSIGNMENT_STATUSES,
  COMPLETED_STATUSES,
  PROJECT_BOXES,
  projectBoxCounts,
  TRANSFER_STATUSES,
} from './technician-projects';
import type { TechnicianTab } from './technician-tabs';
import { type TechnicianProjects, useStatusList } from './use-technician-projects';

interface TabProps {
  projects: TechnicianProjects;
  onTab: (tab: TechnicianTab) => void;
  onOpenProject: (order: WorkOrderDetail) => void;
}

function BackToHome({ onTab }: { onTab: (tab: TechnicianTab) => void }) {
  return (
    <Button
      variant="secondary"
      className={DARK_SECONDARY}
      icon={<ArrowLeft aria-hidden="true" className="size-4" />}
      onClick={() => onTab('home')}
    >
      Back to Home
    </Button>
  );
}

function CountButton({
  label,
  holds,
  value,
  onOpen,
}: {
  label: string;
  /** The statuses the box counts, in words. */
  holds: string;
  /** Undefined until the counts arrive. */
  value: number | undefined;
  onOpen: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-busy={value === undefined || undefined}
      className="min-h-16 min-w-0 rounded-lg border border-slate-200 bg-slate-50 p-2 text-center hover:border-blue-300 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-blue-500"
    >
      <span className="block text-xl font-semibold text-slate-900 dark:text-slate-50">
        {value ?? '–'}
      </span>
      <span className="block truncate text-xs font-medium text-slate-700 dark:text-slate-200">
        {label}
      </span>
      <span className="block text-[11px] leading-tight text-slate-500 dark:text-slate-400">
        {holds}
      </span>
    </button>
  );
}

/** Spec 2 §2 'All projects': total, four counts and the active assignments. */
export function AllProjectsTab({ projects, onTab, onOpenProject }: TabProps) {
  const counts = projectBoxCounts(projects.counts);
  // The boxes hold every status between them, so they add up to the total (issue 15).
  const total = projects.counts
    ? counts.reduce<number>((sum, count) => sum + (count ?? 0), 0)
    : undefined;
  const active = useStatusList(ACTIVE_ASSIGNMENT_STATUSES);
  return (
    <div className="space-y-4">
      <TabTitle>All Projects</TabTitle>
      <Panel className="space-y-3" aria-label="Project counts">
        <div className="flex items-baseline justify-between gap-2">
          <p className="text-sm text-slate-600 dark:text-slate-300">Total Projects</p>
          <p className="text-2xl font-semibold text-slate-900 dark:text-slate-50">{total ?? '–'}</p>
        </div>
        <div className="grid grid-cols-2 gap-2 min-[400px]:grid-cols-3">
          {PROJECT_BOXES.map((box, index) => (
            <CountButton
              key={box.label}
              label={box.label}
              holds={box.holds}
              value={counts[index]}
              onOpen={() => onTab(box.tab)}
            />
          ))}
        </div>
      </Panel>
      <h3 className="text-base font-semibold text-slate-900 dark:text-slate-50">
        Active Assignments
      </h3>
      <StatusProjectList
        list={active}
        label="Active Assignments"
        empty={TEXT.noActiveAssignments}
        icon={ClipboardList}
        onOpen={onOpenProject}
      />
    </div>
  );
}

/** Spec 2 §2 'Completed': the list and 'View Latest Completed'. */
export function CompletedTab({ onTab, onOpenProject }: TabProps) {
  const completed = useStatusList(COMPLETED_STATUSES);
  // One status: the server's first is the latest completed.
  const latest = completed.orders[0];
  return (
    <div className="space-y-4">
      <TabTitle
        action={
          latest ? (
            <Button
              icon={<Eye aria-hidden="true" className="size-4" />}
              onClick={() => onOpenProject(latest)}
            >
              View Latest Completed
            </Button>
          ) : null
        }
      >
        Completed
      </TabTitle>
      <StatusProjectList
        list={completed}
        label="Completed projects"
        empty={TEXT.noCompleted}
        icon={CircleCheck}
        onOpen={onOpenProject}
      />
      <BackToHome onTab={onTab} />
    </div>
  );
}

/** Spec 2 §2: the pending approval, paused and assigned lists, each with Back to Home. */
export function StatusListTab({
  onTab,
  onOpenProject,
  statuses,
  title,
  empty,
}: TabProps & { statuses: readonly WorkOrderStatus[]; title: string; empty: string }) {
  const list = useStatusList(statuses);
  return (
    <div className="space-y-4">
      <TabTitle action={<BackToHome onTab={onTab} />}>{title}</TabTitle>
      <StatusProjectList
        list={list}
        label={title}
        empty={empty}
        icon={ClipboardList}
        onOpen={onOpenProject}
      />
    </div>
  );
}

/** Spec 2 §2 'Transferred projects': Transfer Pending (transferring) and Transferred. */
export function TransferredTab({ onTab, onOpenProject }: TabProps) {
  const list = useStatusList(TRANSFER_STATUSES);
  return (
    <div className="space-y-4">
      <TabTitle action={<BackToHome onTab={onTab} />}>Transferred Projects</TabTitle>
      <StatusProjectList
        list={list}
        label="Transferred Projects"
        empty={TEXT.noTransferred}
        icon={ArrowRightLeft}
        onOpen={onOpenProject}
      />
    </div>
  );
}
