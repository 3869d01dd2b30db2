import { formatDateTime } from '@karya/domain/format';
import { authorName, type Remark } from './api/contact-types';
import { LeadStatusBadge } from './lead-status-badge';

/** Remarks newest first, each with status, date, text and 'Added by'. */
export function RemarkList({ remarks, label }: { remarks: Remark[]; label: string }) {
  const sorted = [...remarks].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  if (sorted.length === 0) {
    return <p className="py-4 text-center text-sm text-slate-500">No remarks yet.</p>;
  }
  return (
    <ol aria-label={label} className="max-h-96 space-y-2 overflow-y-auto pr-1">
      {sorted.map((remark, index) => (
        <li
          key={remark._id ?? `${remark.createdAt}-${index}`}
          className="rounded-lg border border-slate-200 bg-white p-3"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <LeadStatusBadge status={remark.status} />
            <time dateTime={remark.createdAt} className="text-xs text-slate-500">
              {formatDateTime(remark.createdAt)}
            </time>
          </div>
          <p className="mt-2 text-sm whitespace-pre-wrap text-slate-800">{remark.text}</p>
          <p className="mt-1 text-xs text-slate-500">Added by: {authorName(remark.createdBy)}</p>
        </li>
      ))}
    </ol>
  );
}
