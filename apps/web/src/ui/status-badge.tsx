import { cx } from '../lib/class-names';

/** Green when active, red otherwise (spec 1 §2.8). */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const active = status === 'active';
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium capitalize',
        active ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-800',
      )}
    >
      {status || 'inactive'}
    </span>
  );
}
