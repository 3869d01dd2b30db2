import { formatDateTime } from '@karya/domain/format';
import type { StatusHistoryEntry } from '@karya/domain/work-order-schemas';
import { personName } from './work-order-display';

const ENTRY_LABELS: Record<string, string> = {
  pending: 'Pending',
  assigned: 'Assigned',
  'in-progress': 'In Progress',
  paused: 'Paused',
  'pending-approval': 'Pending Approval',
  transferring: 'Transfer Requested',
  transferred: 'Transferred',
  completed: 'Completed',
  rejected: 'Transfer Rejected',
  remark: 'Remark',
  communication: 'Communication',
  payment: 'Payment',
};

export function entryLabel(status: string): string {
  return ENTRY_LABELS[status] ?? status;
}

/** Status changes and activity entries, as given (callers sort them newest first). */
export function StatusHistoryList({ entries }: { entries: readonly StatusHistoryEntry[] }) {
  if (entries.length === 0)
    return <p className="text-sm text-slate-500 dark:text-slate-400">No history yet</p>;
  return (
    <ol className="space-y-3 border-l-2 border-slate-200 pl-4 dark:border-slate-700">
      {entries.map((entry) => (
        <li key={`${entry.updatedAt}-${entry.status}-${entry.remark}`} className="relative">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full bg-blue-600 ring-2 ring-white dark:ring-slate-900"
          />
          <p className="text-sm font-medium text-slate-900 dark:text-slate-100">
            {entryLabel(entry.status)}
          </p>
          {entry.remark ? (
            <p className="text-sm break-words text-slate-700 dark:text-slate-300">{entry.remark}</p>
          ) : null}
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {formatDateTime(entry.updatedAt)}
            {entry.updatedBy ? ` · ${personName(entry.updatedBy, '')}` : ''}
          </p>
        </li>
      ))}
    </ol>
  );
}
