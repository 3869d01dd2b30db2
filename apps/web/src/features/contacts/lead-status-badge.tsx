import type { LeadStatus } from '@karya/domain/contact-schemas';
import { cx } from '../../lib/class-names';
import { type PillTone, StatusPill } from '../../ui/status-pill';
import { LEAD_STATUS_LABELS } from './contact-rules';

const TONES: Record<LeadStatus, PillTone> = {
  positive: 'green',
  neutral: 'yellow',
  negative: 'red',
};

export function LeadStatusBadge({ status }: { status: string | null | undefined }) {
  const known = (status ?? 'neutral') as LeadStatus;
  return (
    <StatusPill tone={TONES[known] ?? TONES.neutral}>
      {LEAD_STATUS_LABELS[known] ?? status}
    </StatusPill>
  );
}

export function ContactTypeBadge({ type }: { type: 'lead' | 'customer' }) {
  return (
    <StatusPill tone={type === 'lead' ? 'purple' : 'blue'}>
      {type === 'lead' ? 'Lead' : 'Customer'}
    </StatusPill>
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
