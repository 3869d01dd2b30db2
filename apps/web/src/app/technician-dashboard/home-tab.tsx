import { formatQuantities } from '@karya/domain/quantity';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import {
  CircleCheck,
  ClipboardList,
  Hourglass,
  type LucideIcon,
  Package,
  PackageMinus,
} from 'lucide-react';
import { TechnicianDay } from '../../features/technician-day/technician-day';
import { StatusProjectList } from '../../features/work-orders/status-project-list';
import { TECHNICIAN_TEXT as TEXT } from '../../features/work-orders/technician-messages';
import {
  ACTIVE_TILE_STATUSES,
  COMPLETED_STATUSES,
  TASK_STATUSES,
} from '../../features/work-orders/technician-projects';
import type { TechnicianTab } from '../../features/work-orders/technician-tabs';
import {
  countOf,
  type TechnicianProjects,
  useStatusList,
} from '../../features/work-orders/use-technician-projects';
import type { StockSummary } from '../../shared/inventory-units';
import { Button } from '../../ui/button';
import { DARK_SECONDARY } from '../../ui/dashboard-panels';

const today = new Intl.DateTimeFormat('en-IN', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

function Tile({
  label,
  value,
  icon: Icon,
  tone,
  onOpen,
  detail,
}: {
  label: string;
  /** Undefined until the counts arrive: a placeholder, not a misleading 0. */
  value: number | undefined;
  icon: LucideIcon;
  tone: string;
  onOpen: () => void;
  /** A small line under the label, e.g. what the number counts. */
  detail?: string;
}) {
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-busy={value === undefined || undefined}
      className="flex min-h-24 min-w-0 flex-col justify-between rounded-xl border border-slate-200 bg-white p-3 text-left shadow-sm transition-colors hover:border-blue-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:border-slate-700 dark:bg-slate-800 dark:hover:border-blue-500"
    >
      <span className={`w-fit rounded-lg p-2 ${tone}`}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="mt-2 block">
        <span className="block text-2xl font-semibold text-slate-900 dark:text-slate-50">
          {value ?? '–'}
        </span>
        <span className="block text-xs leading-tight text-slate-600 dark:text-slate-300">
          {label}
        </span>
        {detail ? (
          <span className="mt-0.5 block text-xs leading-tight text-slate-500 dark:text-slate-400">
            {detail}
          </span>
        ) : null}
      </span>
    </button>
  );
}

/** Spec 2 §2 'Home': today's date, four tiles each opening its tab, and 'Your Tasks'. */
export function HomeTab({
  projects,
  inventory,
  onTab,
  onOpenProject,
  onReturnInventory,
}: {
  projects: TechnicianProjects;
  inventory: StockSummary;
  onTab: (tab: TechnicianTab) => void;
  onOpenProject: (order: WorkOrderDetail) => void;
  onReturnInventory: () => void;
}) {
  const { counts } = projects;
  const tasks = useStatusList(TASK_STATUSES);

  return (
    <div className="space-y-5">
      <div>
        <p className="text-sm text-slate-500 dark:text-slate-400">Today</p>
        <p className="text-lg font-semibold text-slate-900 dark:text-slate-50">
          {today.format(new Date())}
        </p>
      </div>

      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Tile
          label="Active Assignments"
          value={countOf(counts, ACTIVE_TILE_STATUSES)}
          icon={ClipboardList}
          tone="bg-blue-50 text-blue-600 dark:bg-blue-950 dark:text-blue-300"
          onOpen={() => onTab('all-projects')}
        />
        <Tile
          label="Pending Approvals"
          value={countOf(counts, ['pending-approval'])}
          icon={Hourglass}
          tone="bg-purple-50 text-purple-600 dark:bg-purple-950 dark:text-purple-300"
          onOpen={() => onTab('pending-approval-projects')}
        />
        <Tile
          label="Completed"
          value={countOf(counts, COMPLETED_STATUSES)}
          icon={CircleCheck}
          tone="bg-green-50 text-green-600 dark:bg-green-950 dark:text-green-300"
          onOpen={() => onTab('completed')}
        />
        <Tile
          label="Inventory Items"
          // Always the kinds of item held, with what they come to in each unit beneath ('100
          // Meter · 5 Piece'): never metres one day and items the next (issue 39 item 5).
          value={inventory.itemCount}
          detail={formatQuantities(inventory.perUnit, '')}
          icon={Package}
          tone="bg-amber-50 text-amber-600 dark:bg-amber-950 dark:text-amber-300"
          onOpen={() => onTab('inventory')}
        />
      </div>

      <TechnicianDay
        openerOf={(orderId) => {
          const order = tasks.orders.find((task) => task.orderId === orderId);
          return order ? () => onOpenProject(order) : null;
        }}
      />

      <section aria-labelledby="your-tasks-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2
            id="your-tasks-heading"
            className="text-base font-semibold text-slate-900 dark:text-slate-50"
          >
            Your Tasks
          </h2>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              className={DARK_SECONDARY}
              icon={<PackageMinus aria-hidden="true" className="size-4" />}
              onClick={onReturnInventory}
            >
              Return
            </Button>
            <Button
              variant="secondary"
              className={DARK_SECONDARY}
              icon={<Package aria-hidden="true" className="size-4" />}
              onClick={() => onTab('inventory')}
            >
              View Inventory
            </Button>
          </div>
        </div>
        <StatusProjectList
          list={tasks}
          label="Your Tasks"
          empty={TEXT.noTasks}
          icon={ClipboardList}
          onOpen={onOpenProject}
        />
      </section>
    </div>
  );
}
