import { cx } from '../../lib/class-names';
import { replacementStatusLabel } from './warranty-display';

const TONES: Record<string, string> = {
  pending: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-900/60 dark:text-yellow-200',
  approved: 'bg-blue-100 text-blue-800 dark:bg-blue-900/60 dark:text-blue-200',
  replaced: 'bg-green-100 text-green-800 dark:bg-green-900/60 dark:text-green-200',
};
/** Spec 2 §4: any status but these three is shown red. */
const OTHER = 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-200';

export function ReplacementStatusPill({ status }: { status: string }) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        TONES[status] ?? OTHER,
      )}
    >
      {replacementStatusLabel(status)}
    </span>
  );
}
