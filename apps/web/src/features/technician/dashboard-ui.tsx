import type { WorkOrderStatus } from '@karya/domain/contact-schemas';
import type { LucideIcon } from 'lucide-react';
import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../../lib/class-names';

/*
 * The dashboard's own building blocks, light and dark (spec 2 §2: the theme toggle). The
 * shared UI kit is light only; what it draws here sits on these surfaces and stays readable.
 */

/** Secondary buttons of the UI kit, recoloured for the dark theme. */
export const DARK_SECONDARY =
  'dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700';

export function Panel({
  children,
  className,
  as: Tag = 'section',
  ...labelled
}: {
  children: ReactNode;
  className?: string;
  as?: 'section' | 'div';
  'aria-labelledby'?: string;
  'aria-label'?: string;
}) {
  return (
    <Tag
      {...labelled}
      className={cx(
        'rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-800',
        className,
      )}
    >
      {children}
    </Tag>
  );
}

export function TabTitle({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50">{children}</h2>
      {action}
    </div>
  );
}

export function DashboardEmpty({
  title,
  description,
  icon: Icon = Inbox,
  action,
}: {
  title: string;
  description?: ReactNode;
  icon?: LucideIcon;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center px-4 py-10 text-center">
      <div className="mb-3 rounded-full bg-slate-100 p-3 text-slate-400 dark:bg-slate-700 dark:text-slate-300">
        <Icon aria-hidden="true" className="size-6" />
      </div>
      <p className="text-sm font-medium text-slate-900 dark:text-slate-100">{title}</p>
      {description ? (
        <p className="mt-1 max-w-sm text-sm text-slate-500 dark:text-slate-400">{description}</p>
      ) : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}

/** Spec 1 §4 vocabulary; transferring reads 'Transfer Pending' to the technician (spec 2 §2). */
export const TECHNICIAN_STATUS_LABELS: Record<WorkOrderStatus, string> = {
  pending: 'Pending',
  assigned: 'Assigned',
  'in-progress': 'In Progress',
  paused: 'Paused',
  'pending-approval': 'Pending Approval',
  transferring: 'Transfer Pending',
  transferred: 'Transferred',
  completed: 'Completed',
  rejected: 'Rejected',
};

const STATUS_TONES: Record<WorkOrderStatus, string> = {
  pending: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-900/60 dark:text-yellow-200',
  assigned: 'bg-blue-100 text-blue-800 dark:bg-blue-900/60 dark:text-blue-200',
  'in-progress': 'bg-indigo-100 text-indigo-800 dark:bg-indigo-900/60 dark:text-indigo-200',
  paused: 'bg-orange-100 text-orange-800 dark:bg-orange-900/60 dark:text-orange-200',
  'pending-approval': 'bg-purple-100 text-purple-800 dark:bg-purple-900/60 dark:text-purple-200',
  transferring: 'bg-amber-100 text-amber-800 dark:bg-amber-900/60 dark:text-amber-200',
  transferred: 'bg-slate-200 text-slate-700 dark:bg-slate-600 dark:text-slate-100',
  completed: 'bg-green-100 text-green-800 dark:bg-green-900/60 dark:text-green-200',
  rejected: 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-200',
};

export function StatusPill({ status }: { status: WorkOrderStatus }) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        STATUS_TONES[status],
      )}
    >
      {TECHNICIAN_STATUS_LABELS[status]}
    </span>
  );
}

/** A label and its value, stacked, for the detail sections. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900 dark:text-slate-100">
        {children || '—'}
      </dd>
    </div>
  );
}
