import {
  AGEING_BUCKET_KEYS,
  type AgeingBucket,
  type DuesTotals,
} from '@karya/domain/invoice-schemas';
import { cx } from '../../lib/class-names';
import { rupees } from '../../lib/money';

export const BUCKET_LABELS: Readonly<Record<AgeingBucket, string>> = {
  '0-30': '0–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': '90+ days',
};

/** Older money is harder to collect: the colour deepens with age. */
const BUCKET_TONES: Readonly<Record<AgeingBucket, string>> = {
  '0-30': 'border-slate-200',
  '31-60': 'border-amber-200',
  '61-90': 'border-orange-300',
  '90+': 'border-red-300',
};

function Tile({
  label,
  amount,
  detail,
  className,
}: {
  label: string;
  amount: string;
  detail?: string;
  className?: string;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled figure, not a form fieldset
    <div
      role="group"
      aria-label={label}
      className={cx('rounded-xl border bg-white p-4 shadow-sm', className)}
    >
      <p className="text-sm text-slate-500">{label}</p>
      <p className="mt-1 text-xl font-semibold text-slate-900 tabular-nums">{amount}</p>
      {detail ? <p className="mt-0.5 text-xs text-slate-500">{detail}</p> : null}
    </div>
  );
}

/** The total still owed and how old it is, over every due the filter matches. */
export function AgeingTiles({ totals }: { totals: DuesTotals }) {
  return (
    <div className="mb-6 grid grid-cols-2 gap-3 md:grid-cols-5">
      <Tile
        label="Total Outstanding"
        amount={rupees(totals.due)}
        detail={`${totals.count.toLocaleString('en-IN')} ${totals.count === 1 ? 'invoice' : 'invoices'}`}
        className="col-span-2 border-blue-200 bg-blue-50/40 md:col-span-1"
      />
      {AGEING_BUCKET_KEYS.map((bucket) => (
        <Tile
          key={bucket}
          label={BUCKET_LABELS[bucket]}
          amount={rupees(totals.byBucket[bucket] ?? 0)}
          className={BUCKET_TONES[bucket]}
        />
      ))}
    </div>
  );
}
