import type { ReactNode } from 'react';
import { cx } from '../lib/class-names';

/** The colours a status pill comes in, light and dark (the technician dashboard's theme). */
export const PILL_TONES = {
  yellow: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-900/60 dark:text-yellow-200',
  blue: 'bg-blue-100 text-blue-800 dark:bg-blue-900/60 dark:text-blue-200',
  indigo: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-900/60 dark:text-indigo-200',
  orange: 'bg-orange-100 text-orange-800 dark:bg-orange-900/60 dark:text-orange-200',
  purple: 'bg-purple-100 text-purple-800 dark:bg-purple-900/60 dark:text-purple-200',
  amber: 'bg-amber-100 text-amber-800 dark:bg-amber-900/60 dark:text-amber-200',
  slate: 'bg-slate-200 text-slate-700 dark:bg-slate-600 dark:text-slate-100',
  green: 'bg-green-100 text-green-800 dark:bg-green-900/60 dark:text-green-200',
  red: 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-200',
} as const;

export type PillTone = keyof typeof PILL_TONES;

/** A status as a coloured pill: work orders, replacements, leads, users. */
export function StatusPill({
  tone,
  children,
  className,
}: {
  tone: PillTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        PILL_TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
