import type { LucideIcon } from 'lucide-react';
import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../lib/class-names';

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
