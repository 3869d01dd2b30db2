import type { LeadStatus } from '@karya/domain/contact-schemas';
import { cx } from '../../lib/class-names';
import { LEAD_STATUS_LABELS } from './contact-rules';

const TONES: Record<LeadStatus, string> = {
  positive: 'bg-green-100 text-green-800',
  neutral: 'bg-yellow-100 text-yellow-800',
  negative: 'bg-red-100 text-red-800',
};

export function LeadStatusBadge({ status }: { status: string | null | undefined }) {
  const known = (status ?? 'neutral') as LeadStatus;
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium',
        TONES[known] ?? TONES.neutral,
      )}
    >
      {LEAD_STATUS_LABELS[known] ?? status}
    </span>
  );
}

export function ContactTypeBadge({ type }: { type: 'lead' | 'customer' }) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium',
        type === 'lead' ? 'bg-purple-100 text-purple-800' : 'bg-blue-100 text-blue-800',
      )}
    >
      {type === 'lead' ? 'Lead' : 'Customer'}
    </span>
  );
}

/** A Positive / Neutral / Negative choice as a labelled radio group. */
export function LeadStatusChoice({
  label,
  value,
  onChange,
  name,
}: {
  label: string;
  value: LeadStatus;
  onChange: (status: LeadStatus) => void;
  name: string;
}) {
  return (
    <fieldset>
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {(Object.keys(LEAD_STATUS_LABELS) as LeadStatus[]).map((status) => (
          <label
            key={status}
            className={cx(
              'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-1.5 text-sm',
              value === status
                ? 'border-blue-500 bg-blue-50 text-blue-800'
                : 'border-slate-300 text-slate-700',
            )}
          >
            <input
              type="radio"
              name={name}
              value={status}
              checked={value === status}
              onChange={() => onChange(status)}
              className="accent-blue-600"
            />
            {LEAD_STATUS_LABELS[status]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
